import type { SignedIn } from '@agent-bo/shared';
import { resetSessionState } from '../../stores/session';
import { useUserStore } from '../../stores/user-store';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { applySignin } from '../../stores/apply-signin';
import { useLockStore } from '../../stores/lock-store';
import { reloadPage } from './reload-page';
import { useSessionTimeoutStore } from '../../stores/session-timeout-store';

/**
 * After a sign-in on the session-timeout cover. The same account: take the new token, lift the
 * cover and fetch again what failed, so the page, its filters and open tab are as they were.
 * Another account: nothing of the previous account's screen may stay, so the state is reset and
 * the page reloads to build everything for the new account.
 */
export async function resumeAfterCoverSignin(response: SignedIn, previousUserId: number | undefined): Promise<'resumed' | 'reloaded'> {
  if (previousUserId !== undefined && response.user.id === previousUserId) {
    applySignin(response);
    useSessionTimeoutStore.getState().close();
    // Active queries (those on screen, including the ones the 401 failed) refetch now; others
    // are marked stale and refetch when they show again.
    await queryClient.invalidateQueries();
    return 'resumed';
  }
  api.cancelPending();
  resetSessionState();
  api.resetUnauthorized();
  useUserStore.getState().setSession(response.token, response.expiresAt);
  useLockStore.getState().unlock();
  reloadPage();
  return 'reloaded';
}
