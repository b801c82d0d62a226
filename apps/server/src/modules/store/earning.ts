import { sql } from 'drizzle-orm';
import { pointsForValidBet } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../core/tx.js';
import { lockPoints, postPoints, type PointsChange } from './points.js';

/**
 * Points earned from valid bets (GetByValidBet), by a catch-up job rather than in the settling
 * transaction, so bet ingestion stays as fast as it was (docs: the measured cost).
 *
 * The settling transaction only appends the settled or canceled bet version to
 * `points_bet_queue` (a statement trigger on `bets`, migration 0021). The job takes the queued
 * rows in id order, reads each bet's current version (the one not Superseded), and writes the
 * difference between what that version earns (its target: the site's rate applied to its valid
 * bet when Settled, 0 when Canceled) and what the bet has earned so far. So a resettle corrects
 * the bet's points up or down, a cancel takes them back, and a replay of a settlement — which
 * writes no bet row — or a queue row read twice earns nothing more. The queued rows are deleted
 * in the transaction that writes their entries: a crash loses nothing and counts nothing twice.
 *
 * One job at a time over every process (a transaction advisory lock); a queued row whose bet
 * transaction has not committed is not visible yet and waits for a later run.
 */

/** Advisory lock key of the earning job (the migration, the demo seed and the orphan cleanup use …001–…003). */
export const POINTS_EARNING_LOCK_KEY = 7_340_212_004;
/** Queue rows taken per transaction. */
export const EARNING_BATCH = 2_000;

type BetState = {
  id: string;
  site_id: string;
  provider_code: string;
  provider_bet_id: string;
  player_id: number;
  status: string;
  valid_bet: string;
  rate: number;
  earned: string | null;
  done: boolean;
};

/**
 * One batch: takes up to `batch` queued rows and writes their corrections. `wait` waits for
 * another process's run to end (tests, the CLI); otherwise a run already going elsewhere makes
 * this one return null at once. Returns the number of queued rows taken.
 */
export async function earnBatch(db: Db, options: { batch?: number; wait?: boolean; now?: Date } = {}): Promise<number | null> {
  return inTransaction(db, async (tx) => {
    if (options.wait) {
      await tx.execute(sql`select pg_advisory_xact_lock(${POINTS_EARNING_LOCK_KEY}::bigint)`);
    } else {
      const { rows } = await tx.execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(${POINTS_EARNING_LOCK_KEY}::bigint) as locked`,
      );
      if (!rows[0]?.locked) return null;
    }
    const taken = await tx.execute<{ bet_row_id: string }>(sql`
      delete from points_bet_queue where id in (select id from points_bet_queue order by id limit ${options.batch ?? EARNING_BATCH})
      returning bet_row_id::text`);
    if (taken.rows.length === 0) return 0;
    const rowIds = [...new Set(taken.rows.map((r) => r.bet_row_id))];
    // Each queued bet's current version, the site's rate, what it earned so far, and whether an
    // entry for exactly this state of this version exists already (then nothing is owed).
    const { rows } = await tx.execute<BetState>(sql`
      with keys as (
        select distinct q.site_id, q.provider_code, q.provider_bet_id
          from bets q where q.id = any(${sql.param(rowIds)}::bigint[]))
      select b.id::text, b.site_id, b.provider_code, b.provider_bet_id, b.player_id, b.status, b.valid_bet::text,
             coalesce(s.points_per_100, 0) as rate, e.earned::text,
             exists (select 1 from points_entries pe where pe.bet_row_id = b.id and pe.bet_status = b.status) as done
        from keys k
        join bets b on b.site_id = k.site_id and b.provider_code = k.provider_code and b.provider_bet_id = k.provider_bet_id
                   and b.status <> 'Superseded'
        left join store_settings s on s.site_id = b.site_id
        left join points_bet_earnings e on e.site_id = b.site_id and e.provider_code = b.provider_code and e.provider_bet_id = b.provider_bet_id
       order by b.player_id, b.id`);
    const changes: PointsChange[] = [];
    const earnings: { site: string; provider: string; bet: string; player: number; earned: bigint }[] = [];
    for (const r of rows) {
      if (r.done) continue;
      const target = r.status === 'Settled' ? pointsForValidBet(BigInt(r.valid_bet), r.rate) : 0n;
      const earned = BigInt(r.earned ?? '0');
      if (target === earned) continue;
      changes.push({
        playerId: r.player_id,
        siteId: r.site_id,
        type: 'GetByValidBet',
        delta: target - earned,
        providerCode: r.provider_code,
        providerBetId: r.provider_bet_id,
        betRowId: BigInt(r.id),
        betStatus: r.status,
      });
      earnings.push({ site: r.site_id, provider: r.provider_code, bet: r.provider_bet_id, player: r.player_id, earned: target });
    }
    if (changes.length > 0) {
      const accounts = await lockPoints(tx, changes);
      await postPoints(tx, accounts, changes, { allowDebt: true, now: options.now });
      await tx.execute(sql`
        insert into points_bet_earnings (site_id, provider_code, provider_bet_id, player_id, earned)
        select * from unnest(${sql.param(earnings.map((e) => e.site))}::text[], ${sql.param(earnings.map((e) => e.provider))}::text[],
                             ${sql.param(earnings.map((e) => e.bet))}::text[], ${sql.param(earnings.map((e) => e.player))}::int[],
                             ${sql.param(earnings.map((e) => e.earned.toString()))}::bigint[])
        on conflict (site_id, provider_code, provider_bet_id) do update set earned = excluded.earned, updated_at = now()`);
    }
    return taken.rows.length;
  });
}

/** Runs batches until the queue is empty (as far as this transaction sees it); returns the rows taken. */
export async function earnAll(db: Db, options: { wait?: boolean; now?: Date } = { wait: true }): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await earnBatch(db, options);
    if (n === null || n === 0) return total;
    total += n;
  }
}
