import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers.js';
import { batch, betFingerprint, betId, placeItem, playersAtDepth, q, settleItem } from './support.js';

const ctx = useTestApp();

/** Runs `fn` with `sql` applied, undoing it with `undo` afterwards. */
async function withChange(sql: string, undo: string, params: unknown[], fn: () => Promise<void>) {
  await q(ctx, sql, params);
  try {
    await fn();
  } finally {
    await q(ctx, undo, params);
  }
}

async function refusedPlace(player: string, error: string, provider = 'EVO') {
  const before = await betFingerprint(ctx);
  expect(await batch(ctx, 'place', [placeItem(betId(), player)], { provider }), `${player} ${error}`).toEqual([error]);
  expect(await betFingerprint(ctx)).toBe(before);
}

async function parentOf(accountNo: string): Promise<number> {
  const [row] = await q<{ parent_id: number }>(ctx, `select parent_id from accounts where site_id = 'tw_web' and account_no = $1`, [
    accountNo,
  ]);
  return row!.parent_id;
}

async function rootAgentOf(accountNo: string): Promise<number> {
  const [row] = await q<{ id: number }>(ctx, `select path[2] as id from accounts where site_id = 'tw_web' and account_no = $1`, [
    accountNo,
  ]);
  return row!.id;
}

describe('provider API: who may bet', () => {
  it('refuses an unknown account, an agent and a player of another site (PLAYER_NOT_FOUND)', async () => {
    await refusedPlace('no-such-player', 'PLAYER_NOT_FOUND');
    await refusedPlace('agentA01', 'PLAYER_NOT_FOUND');
    await q(
      ctx,
      `insert into accounts (site_id, kind, parent_id, lvl, path, account_no, nick_name, password_hash, providers)
       select 'tw_mc', 'PLAYER', id, 1, array[id], 'mconly01', 'MC only', 'x', array['EVO'] from accounts where site_id = 'tw_mc' and parent_id is null`,
    );
    await refusedPlace('mconly01', 'PLAYER_NOT_FOUND');
    // On its own site (the signed body names it) the same player bets.
    expect(await batch(ctx, 'place', [placeItem(betId(), 'mconly01')], { site: 'tw_mc' })).toEqual(['OK']);
  });

  it('refuses a player disabled, fully disabled or fully read-only on its own (PLAYER_RESTRICTED)', async () => {
    const players = await playersAtDepth(ctx, 3, 'EVO', 3);
    const flags = ['is_disabled', 'is_full_disabled', 'is_full_readonly'];
    for (const [i, flag] of flags.entries()) {
      const player = players[i]!;
      await withChange(
        `update accounts set ${flag} = true where site_id = 'tw_web' and account_no = $1`,
        `update accounts set ${flag} = false where site_id = 'tw_web' and account_no = $1`,
        [player],
        () => refusedPlace(player, 'PLAYER_RESTRICTED'),
      );
      expect(await batch(ctx, 'place', [placeItem(betId(), player)])).toEqual(['OK']);
    }
  });

  it('refuses a player whose ancestor is fully disabled or fully read-only, at any height (inherited)', async () => {
    const [player] = await playersAtDepth(ctx, 4);
    for (const ancestor of [await parentOf(player!), await rootAgentOf(player!)]) {
      for (const flag of ['is_full_disabled', 'is_full_readonly']) {
        await withChange(
          `update accounts set ${flag} = true where id = $1`,
          `update accounts set ${flag} = false where id = $1`,
          [ancestor],
          () => refusedPlace(player!, 'PLAYER_RESTRICTED'),
        );
      }
    }
    expect(await batch(ctx, 'place', [placeItem(betId(), player!)])).toEqual(['OK']);
  });

  it('follows the members rule for a plain DISABLE: it stops the agent itself, not its players', async () => {
    const [player] = await playersAtDepth(ctx, 4);
    const parent = await parentOf(player!);
    await withChange(
      `update accounts set is_disabled = true where id = $1`,
      `update accounts set is_disabled = false where id = $1`,
      [parent],
      async () => {
        expect(await batch(ctx, 'place', [placeItem(betId(), player!)])).toEqual(['OK']);
      },
    );
  });

  it('refuses a player not VERIFIED (PLAYER_UNVERIFIED)', async () => {
    const [player] = await playersAtDepth(ctx, 2);
    for (const status of ['UNSUBMITTED', 'PENDING', 'REJECTED']) {
      await withChange(
        `update accounts set verify_status = '${status}' where site_id = 'tw_web' and account_no = $1`,
        `update accounts set verify_status = 'VERIFIED' where site_id = 'tw_web' and account_no = $1`,
        [player],
        () => refusedPlace(player!, 'PLAYER_UNVERIFIED'),
      );
    }
    const [pending] = await q<{ account_no: string }>(
      ctx,
      `select account_no from accounts where site_id = 'tw_web' and verify_status = 'PENDING' limit 1`,
    );
    await refusedPlace(pending!.account_no, 'PLAYER_UNVERIFIED');
  });

  it('refuses a player whose enabled providers exclude the provider (PROVIDER_NOT_ENABLED)', async () => {
    const [player] = await playersAtDepth(ctx, 2);
    await withChange(
      `update accounts set providers = array_remove(providers, 'EVO') where site_id = 'tw_web' and account_no = $1`,
      `update accounts set providers = array_append(providers, 'EVO') where site_id = 'tw_web' and account_no = $1`,
      [player],
      () => refusedPlace(player!, 'PROVIDER_NOT_ENABLED'),
    );
  });

  it('still settles, cancels and resettles a bet accepted before the player was restricted', async () => {
    const [player] = await playersAtDepth(ctx, 4);
    const a = betId();
    const b = betId();
    await batch(ctx, 'place', [placeItem(a, player!), placeItem(b, player!)]);
    await withChange(
      `update accounts set is_disabled = true, verify_status = 'PENDING', providers = '{}' where site_id = 'tw_web' and account_no = $1`,
      `update accounts set is_disabled = false, verify_status = 'VERIFIED', providers = (select p.providers from accounts p where p.id = accounts.parent_id) where site_id = 'tw_web' and account_no = $1`,
      [player],
      async () => {
        expect(await batch(ctx, 'settle', [settleItem(a, '1.00')])).toEqual(['OK']);
        expect(await batch(ctx, 'cancel', [{ betId: b }])).toEqual(['OK']);
        expect(await batch(ctx, 'resettle', [settleItem(a, '2.00', { settledAt: '2026-11-20T07:00:00Z' })])).toEqual(['OK']);
      },
    );
  });
});
