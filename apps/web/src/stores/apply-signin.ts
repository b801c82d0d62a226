import type { SignedIn } from '@agent-bo/shared';
import { useUserStore } from './user-store';
import { api } from '../lib/api';
import { useLockStore } from './lock-store';

/**
 * Takes a successful sign-in into use: the new token and user, the 401 handling re-armed, and a
 * lock left from the previous session lifted (the password was just checked by the server).
 * The token is written before the lock is lifted, so another tab that follows the unlock finds
 * the new token already stored.
 */
export function applySignin(response: SignedIn): void {
  api.resetUnauthorized();
  useUserStore.getState().setSession(response.token, response.expiresAt);
  useUserStore.getState().setUserInfo(response.user);
  useLockStore.getState().unlock();
}
