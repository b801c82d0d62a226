import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers.js';
import {
  batch,
  betFingerprint,
  rollupFingerprint,
  betId,
  body,
  placeItem,
  playersAtDepth,
  q,
  settleItem,
  signed,
  SITE,
} from './support.js';

const ctx = useTestApp();
let player = '';

interface Version {
  version: number;
  status: string;
  valid_bet: string;
  payout: string;
  win_loss: string;
  settled_at: Date | null;
}

async function versions(id: string, provider = 'EVO'): Promise<Version[]> {
  return q<Version>(
    ctx,
    `select version, status, valid_bet::text, payout::text, win_loss::text, settled_at from bets
      where site_id = 'tw_web' and provider_code = $2 and provider_bet_id = $1 order by version`,
    [id, provider],
  );
}

/** bet_count and win_loss summed over every rollup row of the bet's player's chain link to the player. */
async function playerRollup(accountNo: string) {
  const [row] = await q<{ n: string; wl: string }>(
    ctx,
    `select coalesce(sum(r.bet_count), 0)::text as n, coalesce(sum(r.win_loss), 0)::text as wl
       from report_rollups r join accounts a on a.id = r.child_id where a.account_no = $1 and a.site_id = 'tw_web'`,
    [accountNo],
  );
  return row!;
}

beforeAll(async () => {
  player = (await playersAtDepth(ctx, 4))[0]!;
});

describe('provider API: bet transitions', () => {
  it('place → Unsettled, no rollup', async () => {
    const id = betId();
    const before = await playerRollup(player);
    expect(await batch(ctx, 'place', [placeItem(id, player)])).toEqual(['OK']);
    expect(await versions(id)).toMatchObject([{ version: 1, status: 'Unsettled', win_loss: '0', settled_at: null }]);
    expect(await playerRollup(player)).toEqual(before);
  });

  it('Unsettled → settle → Settled, win/loss = payout − bet amount, added to the rollups', async () => {
    const id = betId();
    await batch(ctx, 'place', [placeItem(id, player, { betAmount: '100.00' })]);
    const before = await playerRollup(player);
    expect(await batch(ctx, 'settle', [settleItem(id, '250.50', { validBet: '90.00' })])).toEqual(['OK']);
    expect(await versions(id)).toMatchObject([{ version: 1, status: 'Settled', valid_bet: '9000', payout: '25050', win_loss: '15050' }]);
    const after = await playerRollup(player);
    expect(BigInt(after.n) - BigInt(before.n)).toBe(1n);
    expect(BigInt(after.wl) - BigInt(before.wl)).toBe(15050n);
  });

  it('Unsettled → cancel → Canceled, rollups untouched', async () => {
    const id = betId();
    await batch(ctx, 'place', [placeItem(id, player)]);
    const rollups = await rollupFingerprint(ctx);
    expect(await batch(ctx, 'cancel', [{ betId: id }])).toEqual(['OK']);
    expect(await versions(id)).toMatchObject([{ status: 'Canceled', win_loss: '0', settled_at: null }]);
    expect(await rollupFingerprint(ctx)).toBe(rollups);
  });

  it('Settled → resettle → old version Superseded, new version Settled; rollups hold only the new one', async () => {
    const id = betId();
    await batch(ctx, 'place', [placeItem(id, player, { betAmount: '100.00' })]);
    const before = await playerRollup(player);
    await batch(ctx, 'settle', [settleItem(id, '0.00')]);
    expect(await batch(ctx, 'resettle', [settleItem(id, '300.00', { settledAt: '2026-11-20T07:00:00.000Z' })])).toEqual(['OK']);
    expect(await versions(id)).toMatchObject([
      { version: 1, status: 'Superseded', payout: '0', win_loss: '-10000' },
      { version: 2, status: 'Settled', payout: '30000', win_loss: '20000' },
    ]);
    expect(await batch(ctx, 'resettle', [settleItem(id, '50.00', { settledAt: '2026-11-20T08:00:00.000Z' })])).toEqual(['OK']);
    expect((await versions(id)).map((v) => v.status)).toEqual(['Superseded', 'Superseded', 'Settled']);
    const after = await playerRollup(player);
    expect(BigInt(after.n) - BigInt(before.n)).toBe(1n);
    expect(BigInt(after.wl) - BigInt(before.wl)).toBe(-5000n);
  });

  it('place, settle and resettle of one bet in a single batch each… and within one batch', async () => {
    const id = betId();
    const other = betId();
    expect(await batch(ctx, 'place', [placeItem(id, player), placeItem(other, player), placeItem(id, player)])).toEqual([
      'OK',
      'OK',
      'DUPLICATE',
    ]);
    expect(await batch(ctx, 'settle', [settleItem(id, '10.00'), settleItem(id, '10.00'), settleItem(id, '20.00')])).toEqual([
      'OK',
      'DUPLICATE',
      'BET_CONTENT_CONFLICT',
    ]);
    expect(
      await batch(ctx, 'resettle', [
        settleItem(id, '30.00', { settledAt: '2026-11-20T09:00:00Z' }),
        settleItem(id, '40.00', { settledAt: '2026-11-20T10:00:00Z' }),
      ]),
    ).toEqual(['OK', 'OK']);
    expect((await versions(id)).map((v) => [v.version, v.status, v.payout])).toEqual([
      [1, 'Superseded', '1000'],
      [2, 'Superseded', '3000'],
      [3, 'Settled', '4000'],
    ]);
  });

  it('refuses every other transition with BET_STATE_CONFLICT and changes nothing', async () => {
    const canceled = betId();
    const settled = betId();
    const open = betId();
    await batch(ctx, 'place', [placeItem(canceled, player), placeItem(settled, player), placeItem(open, player)]);
    await batch(ctx, 'cancel', [{ betId: canceled }]);
    await batch(ctx, 'settle', [settleItem(settled, '5.00')]);
    const before = await betFingerprint(ctx);
    expect(await batch(ctx, 'settle', [settleItem(canceled, '5.00')])).toEqual(['BET_STATE_CONFLICT']);
    expect(await batch(ctx, 'resettle', [settleItem(canceled, '5.00', { settledAt: '2026-11-21T00:00:00Z' })])).toEqual([
      'BET_STATE_CONFLICT',
    ]);
    expect(await batch(ctx, 'cancel', [{ betId: settled }])).toEqual(['BET_STATE_CONFLICT']);
    expect(await batch(ctx, 'resettle', [settleItem(open, '5.00')])).toEqual(['BET_STATE_CONFLICT']);
    // A resettle dated before the current settlement arrives late: it must not overwrite it.
    expect(await batch(ctx, 'resettle', [settleItem(settled, '7.00', { settledAt: '2026-11-20T06:00:00Z' })])).toEqual([
      'BET_STATE_CONFLICT',
    ]);
    expect(await betFingerprint(ctx)).toBe(before);
  });

  it('refuses settle, cancel and resettle of an unknown bet (BET_NOT_FOUND), also of another provider', async () => {
    const id = betId();
    await batch(ctx, 'place', [placeItem(id, player)]);
    const before = await betFingerprint(ctx);
    expect(await batch(ctx, 'settle', [settleItem(betId(), '1.00')])).toEqual(['BET_NOT_FOUND']);
    expect(await batch(ctx, 'cancel', [{ betId: betId() }])).toEqual(['BET_NOT_FOUND']);
    expect(await batch(ctx, 'resettle', [settleItem(betId(), '1.00')])).toEqual(['BET_NOT_FOUND']);
    // Bet ids are per provider: PG cannot settle EVO's bet.
    const [pgPlayer] = await playersAtDepth(ctx, 4, 'PG');
    expect(pgPlayer).toBeDefined();
    expect(await batch(ctx, 'settle', [settleItem(id, '1.00')], { provider: 'PG' })).toEqual(['BET_NOT_FOUND']);
    expect(await betFingerprint(ctx)).toBe(before);
  });
});

describe('provider API: idempotency', () => {
  it('replays a whole batch as DUPLICATE and changes nothing, for every endpoint', async () => {
    const ids = [betId(), betId(), betId()];
    const place = ids.map((id) => placeItem(id, player));
    expect(await batch(ctx, 'place', place)).toEqual(['OK', 'OK', 'OK']);
    let before = await betFingerprint(ctx);
    expect(await batch(ctx, 'place', place)).toEqual(['DUPLICATE', 'DUPLICATE', 'DUPLICATE']);
    expect(await betFingerprint(ctx)).toBe(before);

    const settle = [settleItem(ids[0]!, '0.00'), settleItem(ids[1]!, '200.00')];
    expect(await batch(ctx, 'settle', settle)).toEqual(['OK', 'OK']);
    before = await betFingerprint(ctx);
    expect(await batch(ctx, 'settle', settle)).toEqual(['DUPLICATE', 'DUPLICATE']);
    expect(await betFingerprint(ctx)).toBe(before);

    expect(await batch(ctx, 'cancel', [{ betId: ids[2]! }])).toEqual(['OK']);
    before = await betFingerprint(ctx);
    expect(await batch(ctx, 'cancel', [{ betId: ids[2]! }])).toEqual(['DUPLICATE']);
    expect(await betFingerprint(ctx)).toBe(before);

    const resettle = [settleItem(ids[0]!, '150.00', { settledAt: '2026-11-20T12:00:00Z' })];
    expect(await batch(ctx, 'resettle', resettle)).toEqual(['OK']);
    before = await betFingerprint(ctx);
    expect(await batch(ctx, 'resettle', resettle)).toEqual(['DUPLICATE']);
    // The original settle replayed after the resettle is still a replay.
    expect(await batch(ctx, 'settle', [settle[0]!])).toEqual(['DUPLICATE']);
    // A resettle identical to the current settlement changes nothing either.
    expect(await batch(ctx, 'resettle', [settleItem(ids[1]!, '200.00')])).toEqual(['DUPLICATE']);
    expect(await betFingerprint(ctx)).toBe(before);
    // A replay of the whole place batch, after settlement, is still DUPLICATE.
    expect(await batch(ctx, 'place', place)).toEqual(['DUPLICATE', 'DUPLICATE', 'DUPLICATE']);
    expect(await betFingerprint(ctx)).toBe(before);
  });

  it('refuses the same bet id with other content (BET_CONTENT_CONFLICT) and changes nothing', async () => {
    const id = betId();
    await batch(ctx, 'place', [placeItem(id, player)]);
    const [other] = await playersAtDepth(ctx, 3);
    const before = await betFingerprint(ctx);
    for (const change of [
      { betAmount: '100.01' },
      { gameCode: 'roulette' },
      { gameCategory: 'SLOT' },
      { roundId: 'other-round' },
      { placedAt: '2026-11-20T06:00:00.001Z' },
      { playerAccountNo: other },
    ]) {
      expect(await batch(ctx, 'place', [placeItem(id, player, change)]), JSON.stringify(change)).toEqual(['BET_CONTENT_CONFLICT']);
    }
    // The same instant written with another offset is the same content.
    expect(await batch(ctx, 'place', [placeItem(id, player, { placedAt: '2026-11-20T14:00:00.000+08:00' })])).toEqual(['DUPLICATE']);
    // The account number is case-insensitive.
    expect(await batch(ctx, 'place', [placeItem(id, player.toUpperCase())])).toEqual(['DUPLICATE']);
    await batch(ctx, 'settle', [settleItem(id, '10.00')]);
    const settled = await betFingerprint(ctx);
    expect(await batch(ctx, 'settle', [settleItem(id, '10.01')])).toEqual(['BET_CONTENT_CONFLICT']);
    expect(await batch(ctx, 'settle', [settleItem(id, '10.00', { validBet: '1.00' })])).toEqual(['BET_CONTENT_CONFLICT']);
    expect(await batch(ctx, 'settle', [settleItem(id, '10.00', { settledAt: '2026-11-20T06:05:01Z' })])).toEqual(['BET_CONTENT_CONFLICT']);
    // A resettle at the very time of an existing settlement, with other amounts, is the same conflict.
    expect(await batch(ctx, 'resettle', [settleItem(id, '11.00')])).toEqual(['BET_CONTENT_CONFLICT']);
    expect(await betFingerprint(ctx)).toBe(settled);
    expect(before).not.toBe(settled);
  });

  it('answers every item of a mixed batch on its own, in order', async () => {
    const a = betId();
    const b = betId();
    await batch(ctx, 'place', [placeItem(a, player)]);
    const res = await signed(ctx, 'bets/place', {
      siteId: SITE,
      items: [placeItem(a, player), placeItem(b, player), placeItem(betId(), 'nobody-here')],
    });
    const data = body(res).data;
    expect(data).toMatchObject({ ok: 1, duplicate: 1, refused: 1 });
    expect(data.results.map((r: { betId: string; status: string; code?: number }) => [r.betId, r.status, r.code])).toEqual([
      [a, 'DUPLICATE', undefined],
      [b, 'OK', undefined],
      [expect.any(String), 'REFUSED', 4007],
    ]);
  });
});
