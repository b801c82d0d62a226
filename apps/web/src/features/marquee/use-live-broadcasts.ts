import { useEffect, useState } from 'react';
import type { LiveBroadcast } from '@agent-bo/shared';
import { useLockStore } from '../../stores/lock-store';
import { useSessionTimeoutStore } from '../../stores/session-timeout-store';
import { useUserStore } from '../../stores/user-store';
import { followLiveStream } from './follow-live-stream';

const NONE: LiveBroadcast[] = [];

/**
 * The site's broadcasts as the live stream last sent them. The stream is open only while
 * someone is signed in and the screen is neither locked nor covered by an expired session: it is
 * aborted at sign-out, lock and session end, and opened again at unlock or the next sign-in.
 */
export function useLiveBroadcasts(): LiveBroadcast[] {
  const token = useUserStore((s) => s.token);
  const locked = useLockStore((s) => s.locked);
  const timedOut = useSessionTimeoutStore((s) => s.timedOut);
  const active = Boolean(token) && !locked && !timedOut;
  const [broadcasts, setBroadcasts] = useState<LiveBroadcast[]>(NONE);

  useEffect(() => {
    if (!active || !token) return;
    const controller = new AbortController();
    void followLiveStream(token, controller.signal, setBroadcasts);
    return () => controller.abort();
  }, [active, token]);

  return active ? broadcasts : NONE;
}
