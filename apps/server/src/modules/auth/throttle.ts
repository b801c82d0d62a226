import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { signinThrottle } from '../../db/schema/index.js';
import type { ThrottleConfig } from '../../config.js';
import { AppError } from '../../lib/app-error.js';

/**
 * Failed sign-in counters in the database (shared by every server process), on three keys:
 *
 * - `pair`: one account from one client address — the guesser's own key. Slowed, then locked
 *   (SIGNIN_LOCKED with the seconds left): only this address's attempts at this account stop.
 * - `account`: one account from every address. Slowed only, never locked, so guessing from
 *   anywhere cannot lock the account's owner out; it only makes everyone's attempts slower.
 * - `ip`: one address over every account. Slowed; past its limit the address gets no further
 *   attempt at any account it has already failed on, while an account it never tried stays open
 *   to it (slowed) — people behind the same address (an office, a NAT) still sign in.
 */
export interface ThrottleKeys {
  pair: string;
  account: string;
  ip: string;
}

export function throttleKeys(siteId: string, accountNo: string, ip: string): ThrottleKeys {
  const account = `${siteId}:${accountNo.toLowerCase()}`;
  return { pair: `pair:${account}:${ip}`, account: `acct:${account}`, ip: `ip:${ip}` };
}

export interface ThrottleState {
  /** Seconds until the lock on this attempt ends; 0 when not locked. */
  lockedSeconds: number;
  /** How long to hold this attempt before answering. */
  delayMs: number;
}

/** Delay for an attempt after `failures` recent failures: none below `slowAfter`, then doubling. */
export function delayFor(failures: number, slowAfter: number, config: Pick<ThrottleConfig, 'baseDelayMs' | 'maxDelayMs'>): number {
  if (failures < slowAfter) return 0;
  const steps = Math.min(failures - slowAfter, 20);
  return Math.min(config.maxDelayMs, config.baseDelayMs * 2 ** steps);
}

export async function readThrottle(db: Db, keys: ThrottleKeys, config: ThrottleConfig): Promise<ThrottleState> {
  const rows = await db
    .select({
      key: signinThrottle.key,
      failures: sql<number>`case when ${signinThrottle.lastFailureAt} < now() - make_interval(secs => ${config.windowSeconds}) then 0 else ${signinThrottle.failures} end`,
      lockedSeconds: sql<number>`greatest(0, ceil(extract(epoch from (${signinThrottle.lockedUntil} - now()))))::int`,
    })
    .from(signinThrottle)
    .where(inArray(signinThrottle.key, [keys.pair, keys.account, keys.ip]));
  const of = (key: string) => {
    const row = rows.find((r) => r.key === key);
    return { failures: Number(row?.failures ?? 0), lockedSeconds: Number(row?.lockedSeconds ?? 0) };
  };
  const pair = of(keys.pair);
  const account = of(keys.account);
  const ip = of(keys.ip);
  // The address's lock closes only the accounts it has already failed on.
  const triedHere = pair.failures > 0 || pair.lockedSeconds > 0;
  const lockedSeconds = Math.max(pair.lockedSeconds, triedHere ? ip.lockedSeconds : 0);
  const delayMs = Math.max(
    delayFor(pair.failures, config.accountSlowAfter, config),
    delayFor(account.failures, config.accountAllSlowAfter, config),
    delayFor(ip.failures, config.ipSlowAfter, config),
  );
  return { lockedSeconds, delayMs };
}

/** Counts one failure on `key`; locks the key for `lockSeconds` once it reaches `lockAfter` (null: never). */
async function bump(db: Db, key: string, lockAfter: number | null, config: ThrottleConfig): Promise<void> {
  // A failure after the window, or after a lock has run out, starts the count afresh.
  const stale = sql`(signin_throttle.last_failure_at < now() - make_interval(secs => ${config.windowSeconds}) or signin_throttle.locked_until <= now())`;
  const limit = lockAfter ?? 2_147_483_647;
  await db.execute(sql`
    insert into signin_throttle (key, failures, first_failure_at, last_failure_at, locked_until)
    values (${key}, 1, now(), now(), case when 1 >= ${limit}::int then now() + make_interval(secs => ${config.lockSeconds}) end)
    on conflict (key) do update set
      failures = case when ${stale} then 1 else signin_throttle.failures + 1 end,
      first_failure_at = case when ${stale} then now() else signin_throttle.first_failure_at end,
      last_failure_at = now(),
      locked_until = case
        when (case when ${stale} then 1 else signin_throttle.failures + 1 end) >= ${limit}::int
          then now() + make_interval(secs => ${config.lockSeconds})
        when ${stale} then null
        else signin_throttle.locked_until
      end`);
}

export async function recordFailure(db: Db, keys: ThrottleKeys, config: ThrottleConfig): Promise<void> {
  await bump(db, keys.pair, config.accountLockAfter, config);
  await bump(db, keys.account, null, config);
  await bump(db, keys.ip, config.ipLockAfter, config);
}

/**
 * A successful sign-in clears the account's counters: its own from this address and the one over
 * all addresses (not the address's: one good sign-in must not reset a guessing run over many
 * accounts).
 */
export async function clearAccountFailures(db: Db, keys: ThrottleKeys): Promise<void> {
  await db.delete(signinThrottle).where(inArray(signinThrottle.key, [keys.pair, keys.account]));
}

/**
 * Counts one message asked for (a code, a reset request) on `key` within the window and answers
 * the count including this one. The keys are the account number or phone number as typed and the
 * client address, counted whether or not an account answers to them, so reaching the limit says
 * nothing about the account.
 */
async function countAsk(db: Db, key: string, config: ThrottleConfig): Promise<number> {
  const stale = sql`signin_throttle.last_failure_at < now() - make_interval(secs => ${config.windowSeconds})`;
  const { rows } = await db.execute<{ failures: number }>(sql`
    insert into signin_throttle (key, failures, first_failure_at, last_failure_at)
    values (${key}, 1, now(), now())
    on conflict (key) do update set
      failures = case when ${stale} then 1 else signin_throttle.failures + 1 end,
      first_failure_at = case when ${stale} then now() else signin_throttle.first_failure_at end,
      last_failure_at = now()
    returning failures`);
  return Number(rows[0]?.failures ?? 0);
}

/** Refuses (TOO_MANY_REQUESTS) a message past the per-key or per-address limit of the window. */
export async function allowAsk(db: Db, input: { siteId: string; key: string; ip: string }, config: ThrottleConfig): Promise<void> {
  const perKey = await countAsk(db, `ask:${input.siteId}:${input.key.toLowerCase()}`, config);
  const perAddress = await countAsk(db, `ask-ip:${input.ip}`, config);
  const addressOver = config.codeSendsPerAddress > 0 && perAddress > config.codeSendsPerAddress;
  if (perKey > config.codeSendsPerKey || addressOver) throw new AppError('TOO_MANY_REQUESTS');
}
