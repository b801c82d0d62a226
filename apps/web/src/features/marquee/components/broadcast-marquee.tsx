import { localized, type LiveBroadcast } from '@agent-bo/shared';
import { useLocaleStore } from '../../../stores/locale-store';
import { useLiveBroadcasts } from '../use-live-broadcasts';
import { useNow } from '../use-now';
import { MarqueeView } from './marquee-view';

const isCurrent = (b: LiveBroadcast, now: number) => Date.parse(b.startAt) <= now && now < Date.parse(b.endAt);

/**
 * The header's live broadcasts: those current now (checked against the clock every second, so an
 * item leaves the moment it ends even between pushes), in the user's language with the zh_TW
 * fallback. Nothing current: nothing rendered, and the header keeps its space.
 */
export function BroadcastMarquee() {
  const broadcasts = useLiveBroadcasts();
  const now = useNow(broadcasts.length > 0);
  const locale = useLocaleStore((s) => s.locale);
  const items = broadcasts
    .filter((b) => isCurrent(b, now))
    .map((b) => ({ id: b.id, text: localized(b.text, locale) }))
    .filter((item) => item.text !== '');
  if (items.length === 0) return null;
  return <MarqueeView items={items} />;
}
