import type { UnlockResponse } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { verifyPassword } from '../../lib/password.js';
import type { ThrottleConfig } from '../../config.js';
import type { Caller } from '../../core/caller.js';
import { clearAccountFailures, readThrottle, recordFailure, signout, throttleKeys } from '../auth/index.js';

export interface UnlockOptions {
  throttle: ThrottleConfig;
  sleep: (ms: number) => Promise<void>;
}

/**
 * The lock screen's password check, for the session's own account (a shadow: its own password).
 *
 * A guess here is a guess at the sign-in password, so it counts on the sign-in throttle's own
 * counters (the account from this address, the account, the client address): slowed after a few
 * failures like a sign-in, and once this address's attempts at the account are locked, the
 * session is revoked and the answer is SIGNIN_LOCKED — the browser's next call is a 401 and the
 * user signs in again (after the lock, like anyone else).
 * A wrong password is WRONG_PASSWORD (400), never a 401, which would sign the browser out.
 */
export async function unlock(
  db: Db,
  caller: Caller,
  input: { password: string; ip: string },
  options: UnlockOptions,
): Promise<UnlockResponse> {
  const keys = throttleKeys(caller.siteId, caller.account.accountNo, input.ip);
  const state = await readThrottle(db, keys, options.throttle);
  if (state.lockedSeconds > 0) return refuse(db, caller, state.lockedSeconds);
  if (state.delayMs > 0) await options.sleep(state.delayMs);

  if (await verifyPassword(caller.account.passwordHash, input.password)) {
    await clearAccountFailures(db, keys);
    return { unlocked: true };
  }

  await recordFailure(db, keys, options.throttle);
  // The failure that reaches the limit already ends the session: no attempt is left to make.
  const after = await readThrottle(db, keys, options.throttle);
  if (after.lockedSeconds > 0) return refuse(db, caller, after.lockedSeconds);
  throw new AppError('WRONG_PASSWORD');
}

async function refuse(db: Db, caller: Caller, lockedSeconds: number): Promise<never> {
  await signout(db, caller);
  throw new AppError('SIGNIN_LOCKED', { n: lockedSeconds });
}
