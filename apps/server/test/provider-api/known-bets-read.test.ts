import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { READ_BATCH } from '../../src/modules/provider-api/place.js';
import { TRANSITION_READ } from '../../src/modules/provider-api/transition-reads.js';
import { useTestApp } from '../helpers.js';

/**
 * A batch's read of its known bets — place's (place.ts READ_BATCH: the first versions) and
 * settle, cancel and resettle's (transition-reads.ts TRANSITION_READ: every version) — scans the ids
 * as one array over the unique index once `bets` has column statistics, and goes id by id
 * before: without statistics the planner prices a thousand ids as the whole table and filters
 * every bet of the site instead. These plans are read on a temporary `bets` of the same shape
 * (first on the search path, dropped with the transaction), empty and then analyzed, so the
 * test does not depend on whether autovacuum has analyzed the real table yet.
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

const IDS = Array.from({ length: 200 }, (_, i) => `known-${i * 7 + 1}`);

/** Which way `text` found the bets (ran with `values`), and how many rows `count` makes of its answer. */
async function readWith(client: pg.PoolClient, text: string, values: unknown[], count: (row: Record<string, unknown>[]) => number) {
  const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `explain (analyze, costs off, timing off, format json) ${text}`,
    values,
  );
  const ran = executed(rows[0]!['QUERY PLAN'][0].Plan);
  const answer = await client.query<Record<string, unknown>>(text, values);
  return {
    // Which branch ran: one scan for all the ids as an array, or one lookup per id. How each
    // scans is the planner's choice for the table's size (PostgreSQL 15 filters a small table
    // where 17 descends its index), so any condition of a node that ran counts.
    arrayScan: ran.some((n) => /provider_bet_id = ANY/.test(conditions(n))),
    perId: ran.some((n) => /provider_bet_id = k\.id/.test(conditions(n))),
    found: count(answer.rows),
  };
}

/** Runs `check` on an empty temporary `bets`, then filled, then analyzed, in a transaction rolled back after. */
async function onTemporaryBets(check: (client: pg.PoolClient, stage: 'empty' | 'filled' | 'analyzed') => Promise<void>) {
  const client = await ctx.database.pool.connect();
  try {
    await client.query('begin');
    await client.query('create temporary table bets (like public.bets including all) on commit drop');
    await client.query('set local search_path = pg_temp, public');
    await check(client, 'empty');
    // 2,000 bets; every tenth has a second version (a resettle).
    await client.query(
      `insert into bets (site_id, provider_code, provider_bet_id, version, player_id, agent_path, game_code, game_category, round_id,
                         bet_amount, valid_bet, payout, win_loss, status, placed_at, business_date)
       select 'tw_web', 'EVO', 'known-' || i, v, 1, '{}', 'EVO-G1', 'LIVE', 'r' || i, 100, 0, 0, 0, 'Unsettled', now(), current_date
         from generate_series(1, 2000) i, generate_series(1, case when i % 10 = 0 then 2 else 1 end) v`,
    );
    // Without statistics still id by id, whatever the table holds.
    await check(client, 'filled');
    await client.query('analyze bets');
    await check(client, 'analyzed');
  } finally {
    await client.query('rollback');
    client.release();
  }
}

describe('a batch read of known bets', () => {
  it('place: probes id by id while bets has no statistics, and scans the ids as one array once it has', async () => {
    const expected = {
      empty: { arrayScan: false, perId: true, found: 0 },
      filled: { arrayScan: false, perId: true, found: 200 },
      analyzed: { arrayScan: true, perId: false, found: 200 },
    };
    await onTemporaryBets(async (client, stage) => {
      const read = await readWith(client, READ_BATCH, ['tw_web', 'EVO', IDS, []], (rows) => (rows[0]!.stored as unknown[]).length);
      expect(read, stage).toEqual(expected[stage]);
    });
  });

  it('settle, cancel, resettle: every version, id by id without statistics and as one array scan with them', async () => {
    // 200 ids, 20 of them multiples of 10 (i * 7 + 1 ≡ 0 mod 10 for one i in ten): 220 versions.
    const expected = {
      empty: { arrayScan: false, perId: true, found: 0 },
      filled: { arrayScan: false, perId: true, found: 220 },
      analyzed: { arrayScan: true, perId: false, found: 220 },
    };
    await onTemporaryBets(async (client, stage) => {
      const read = await readWith(client, TRANSITION_READ, ['tw_web', 'EVO', IDS], (rows) => rows.length);
      expect(read, stage).toEqual(expected[stage]);
      if (stage !== 'empty') {
        // Every version of every id asked for, none twice.
        const { rows } = await client.query<{ bet: string; version: number }>(TRANSITION_READ, ['tw_web', 'EVO', IDS]);
        const keys = new Set(rows.map((r) => `${r.bet}/${r.version}`));
        expect(keys.size).toBe(220);
        expect(
          rows
            .filter((r) => r.version === 2)
            .map((r) => r.bet)
            .sort(),
        ).toEqual(IDS.filter((id) => Number(id.slice(6)) % 10 === 0).sort());
      }
    });
  });
});
