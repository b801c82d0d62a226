import { useAppStore } from '../../../stores/app-store';
import { useSessionTimeoutStore } from '../../../stores/session-timeout-store';
import { useLockStore } from '../../../stores/lock-store';
import { useIdleLock } from '../use-idle-lock';
import { LockOverlay } from './lock-overlay';

/**
 * The lock screen (issue 5): locks after `lockTime` idle minutes (0 never) or on demand from
 * the user menu, follows the lock of other tabs, and shows the overlay while locked. When the
 * session has expired meanwhile, the session-timeout cover (opaque then) takes its place.
 */
export function LockScreen() {
  const locked = useLockStore((s) => s.locked);
  const lock = useLockStore((s) => s.lock);
  const timedOut = useSessionTimeoutStore((s) => s.timedOut);
  const lockMinutes = useAppStore((s) => s.projectConfig.lockTime);

  useIdleLock(lockMinutes, !locked, lock);

  if (!locked || timedOut) return null;
  return <LockOverlay />;
}
