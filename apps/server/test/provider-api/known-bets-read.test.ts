import { describe, expect, it } from 'vitest';
import { READ_BATCH } from '../../src/modules/provider-api/place.js';
import { useTestApp } from '../helpers.js';

/**
 * The place batch's read (place.ts READ_BATCH) finds the known bets with one scan of the unique
 * index over the ids as an array once `bets` has column statistics, and id by id before: without
 * statistics the planner prices a thousand ids as the whole table and filters every bet of the
 * site instead. These plans are read on a temporary `bets` of the same shape (first on the
 * search path, dropped with the transaction), empty and then analyzed, so the test does not
 * depend on whether autovacuum has analyzed the real table yet.
 */
const ctx = useTestApp();

interface PlanNode {
  'Node Type': string;
  'Actual Loops': number;
  'Index Cond'?: string;
  Filter?: string;
  'Recheck Cond'?: string;
  Plans?: PlanNode[];
}

const conditions = (n: PlanNode) => `${n['Index Cond'] ?? ''} ${n['Recheck Cond'] ?? ''} ${n.Filter ?? ''}`;

/** Every node of a plan that ran at least once. */
function executed(node: PlanNode): PlanNode[] {
  if (node['Actual Loops'] === 0) return [];
  return [node, ...(node.Plans ?? []).flatMap(executed)];
}

describe('the place batch read of known bets', () => {
  it('probes id by id while bets has no statistics, and scans the ids as one array once it has', async () => {
    const client = await ctx.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('create temporary table bets (like public.bets including all) on commit drop');
      await client.query('set local search_path = pg_temp, public');
      const ids = Array.from({ length: 200 }, (_, i) => `known-${i * 7 + 1}`);
      const read = async () => {
        const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `explain (analyze, costs off, timing off, format json) ${READ_BATCH}`,
          ['tw_web', 'EVO', ids, []],
        );
        const ran = executed(rows[0]!['QUERY PLAN'][0].Plan);
        const { rows: answer } = await client.query<{ stored: unknown[] }>(READ_BATCH, ['tw_web', 'EVO', ids, []]);
        return {
          // Which branch ran: one scan for all the ids as an array, or one lookup per id. How each
          // scans is the planner's choice for the table's size (PostgreSQL 15 filters a small
          // table where 17 descends its index), so any condition of a node that ran counts.
          arrayScan: ran.some((n) => /provider_bet_id = ANY/.test(conditions(n))),
          perId: ran.some((n) => /provider_bet_id = k\.id/.test(conditions(n))),
          found: answer[0]!.stored.length,
        };
      };

      expect(await read()).toEqual({ arrayScan: false, perId: true, found: 0 });

      await client.query(
        `insert into bets (site_id, provider_code, provider_bet_id, version, player_id, agent_path, game_code, game_category, round_id,
                           bet_amount, valid_bet, payout, win_loss, status, placed_at, business_date)
         select 'tw_web', 'EVO', 'known-' || i, 1, 1, '{}', 'EVO-G1', 'LIVE', 'r' || i, 100, 0, 0, 0, 'Unsettled', now(), current_date
           from generate_series(1, 2000) i`,
      );
      // Without statistics still id by id, whatever the table holds.
      expect(await read()).toEqual({ arrayScan: false, perId: true, found: 200 });

      await client.query('analyze bets');
      expect(await read()).toEqual({ arrayScan: true, perId: false, found: 200 });
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
