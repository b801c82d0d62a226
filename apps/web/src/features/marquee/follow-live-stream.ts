import type { LiveBroadcast } from '@agent-bo/shared';
import { toLanguageTag } from '../../lib/i18n';
import { currentSiteId } from '../../lib/site';
import { useLocaleStore } from '../../stores/locale-store';
import { readLiveStream, type StreamEnd } from './api/live-stream';
import { reconnectDelay } from './backoff';

/**
 * Keeps the live stream open for `token` until `signal` aborts: every `broadcasts` event goes to
 * `onBroadcasts`; a connection that ends or fails is opened again after a back-off (reset once a
 * connection delivers), and the session being over (401, `end`) stops it for good.
 */
export async function followLiveStream(token: string, signal: AbortSignal, onBroadcasts: (list: LiveBroadcast[]) => void): Promise<void> {
  let attempt = 0;
  while (!signal.aborted) {
    let end: StreamEnd = 'closed';
    try {
      end = await readLiveStream({
        token,
        siteId: currentSiteId(),
        language: toLanguageTag(useLocaleStore.getState().locale),
        signal,
        onBroadcasts: (list) => {
          attempt = 0;
          onBroadcasts(list);
        },
      });
    } catch {
      // a network failure or the abort: the loop's condition tells which
    }
    if (end === 'stopped' || signal.aborted) return;
    await wait(reconnectDelay(attempt), signal);
    attempt += 1;
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
