import { useEffect } from 'react';

/** What counts as the user being present (spec: idle = none of these in the app). */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/** Tabs of the app tell each other about activity, so working in one tab keeps a background tab from locking them all. */
const ACTIVITY_CHANNEL = 'agent-bo-activity';
/** At most one activity message per this many ms (pointer moves fire constantly). */
const BROADCAST_EVERY_MS = 5_000;

/**
 * Calls `onIdle` once the user has been idle for `minutes` (0 or less: never). Activity in this
 * tab restarts the count, as does activity reported by another tab of the app. Pass a stable
 * `onIdle` (a store action). One timer only:
 * when it fires early (there was activity meanwhile) it re-arms for the remaining time.
 */
export function useIdleLock(minutes: number, enabled: boolean, onIdle: () => void): void {
  useEffect(() => {
    if (!enabled || !(minutes > 0)) return;
    const limitMs = minutes * 60_000;
    let lastActivity = Date.now();
    let lastBroadcast = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(ACTIVITY_CHANNEL);

    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(check, ms);
    };
    function check() {
      const idleMs = Date.now() - lastActivity;
      if (idleMs >= limitMs) onIdle();
      else arm(limitMs - idleMs);
    }
    const onRemoteActivity = () => {
      lastActivity = Date.now();
    };
    const onLocalActivity = () => {
      const now = Date.now();
      lastActivity = now;
      if (channel && now - lastBroadcast >= BROADCAST_EVERY_MS) {
        lastBroadcast = now;
        channel.postMessage('activity');
      }
    };

    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onLocalActivity, { capture: true, passive: true });
    channel?.addEventListener('message', onRemoteActivity);
    arm(limitMs);
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onLocalActivity, { capture: true });
      channel?.removeEventListener('message', onRemoteActivity);
      channel?.close();
    };
  }, [minutes, enabled, onIdle]);
}
