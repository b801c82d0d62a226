import { formatZonedDateTime } from '@agent-bo/shared';
import { currentSiteId, siteTimeZone } from '../../../lib/site';
import { useUserStore } from '../../../stores/user-store';

/** The role routes answer instants (ISO); the screen shows them on the site's wall clock, as the other screens do. */
export function useSiteTime(): (iso: string) => string {
  const siteId = useUserStore((s) => s.userInfo?.siteId);
  const timeZone = siteTimeZone(siteId ?? currentSiteId());
  return (iso) => {
    const instant = new Date(iso);
    return Number.isNaN(instant.getTime()) ? iso : formatZonedDateTime(instant, timeZone);
  };
}
