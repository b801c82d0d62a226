import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { signinThrottle } from '../../db/schema/index.js';
import type { ThrottleConfig } from '../../config.js';

/**
 * Failed sign-in counters in the database (shared by every server process): one per
 * (site, accountNo) and one per client IP.
 */
export function throttleKeys(siteId: string, accountNo: string, ip: string) {
  return { account: `acct:${siteId}:${accountNo.toLowerCase()}`, ip: `ip:${ip}` };
}

export interface ThrottleState {
  /** Seconds until the longest current lock ends; 0 when not locked. */
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

export async function readThrottle(db: Db, keys: { account: string; ip: string }, config: ThrottleConfig): Promise<ThrottleState> {
  const rows = await db
    .select({
      key: signinThrottle.key,
      failures: sql<number>`case when ${signinThrottle.lastFailureAt} < now() - make_interval(secs => ${config.windowSeconds}) then 0 else ${signinThrottle.failures} end`,
      lockedSeconds: sql<number>`greatest(0, ceil(extract(epoch from (${signinThrottle.lockedUntil} - now()))))::int`,
    })
    .from(signinThrottle)
    .where(inArray(signinThrottle.key, [keys.account, keys.ip]));
  let lockedSeconds = 0;
  let delayMs = 0;
  for (const row of rows) {
    lockedSeconds = Math.max(lockedSeconds, Number(row.lockedSeconds ?? 0));
    const isAccount = row.key === keys.account;
    const slowAfter = isAccount ? config.accountSlowAfter : config.ipSlowAfter;
    delayMs = Math.max(delayMs, delayFor(Number(row.failures), slowAfter, config));
  }
  return { lockedSeconds, delayMs };
}

/** Counts one failure on `key`; locks the key for `lockSeconds` once it reaches `lockAfter`. */
async function bump(db: Db, key: string, lockAfter: number, config: ThrottleConfig): Promise<void> {
  // A failure after the window, or after a lock has run out, starts the count afresh.
  const stale = sql`(signin_throttle.last_failure_at < now() - make_interval(secs => ${config.windowSeconds}) or signin_throttle.locked_until <= now())`;
  await db.execute(sql`
    insert into signin_throttle (key, failures, first_failure_at, last_failure_at, locked_until)
    values (${key}, 1, now(), now(), case when 1 >= ${lockAfter}::int then now() + make_interval(secs => ${config.lockSeconds}) end)
    on conflict (key) do update set
      failures = case when ${stale} then 1 else signin_throttle.failures + 1 end,
      first_failure_at = case when ${stale} then now() else signin_throttle.first_failure_at end,
      last_failure_at = now(),
      locked_until = case
        when (case when ${stale} then 1 else signin_throttle.failures + 1 end) >= ${lockAfter}::int
          then now() + make_interval(secs => ${config.lockSeconds})
        when ${stale} then null
        else signin_throttle.locked_until
      end`);
}

export async function recordFailure(db: Db, keys: { account: string; ip: string }, config: ThrottleConfig): Promise<void> {
  await bump(db, keys.account, config.accountLockAfter, config);
  await bump(db, keys.ip, config.ipLockAfter, config);
}

/** A successful sign-in clears the account's counter (not the IP's: one good login must not
 * reset a guessing run over many accounts). */
export async function clearAccountFailures(db: Db, accountKey: string): Promise<void> {
  await db.delete(signinThrottle).where(inArray(signinThrottle.key, [accountKey]));
}
