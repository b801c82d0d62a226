import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/modules/ledger/check.js';
import { useTestApp } from '../helpers.js';
import { balanceOf, fingerprint } from '../ledger/support.js';
import { batch, betId, body, placeItem, q, signed, SITE } from './support.js';

const ctx = useTestApp();

/** Balances are emptied through this provider's transfer_out (positions are compared to a baseline taken after). */
const DRAIN = 'EVO';

let seq = 0;
const txId = (prefix = 't') => `${prefix}-${process.pid}-${++seq}`;

interface Item {
  transactionId: string;
  playerAccountNo: string;
  amount: string;
}
const item = (playerAccountNo: string, amount: string, transactionId = txId()): Item => ({ transactionId, playerAccountNo, amount });

async function wallet(dir: 'out' | 'in', items: Item[], o: { provider?: string; site?: string } = {}) {
  const res = await signed(ctx, `wallet/transfer_${dir}`, { siteId: o.site ?? SITE, items }, { provider: o.provider });
  const b = body(res);
  if (!b.success) throw new Error(`transfer_${dir} failed: ${res.body}`);
  return b.data.results as { transactionId: string; status: string; error?: string; code?: number; balance?: string }[];
}
const statuses = async (dir: 'out' | 'in', items: Item[], o: { provider?: string } = {}) =>
  (await wallet(dir, items, o)).map((r) => (r.status === 'REFUSED' ? r.error! : r.status));

/** Verified, unrestricted players of tw_web with `provider`, any depth: the n-th to the (n+count)-th. */
async function playersAtDepth(_ctx: unknown, _depth: number, provider = 'EVO', n = 1): Promise<string[]> {
  const rows = await q<{ account_no: string }>(
    ctx,
    `select a.account_no from accounts a
      where a.site_id = 'tw_web' and a.kind = 'PLAYER' and a.verify_status = 'VERIFIED' and $1 = any(a.providers)
        and not a.is_disabled and not a.is_full_disabled and not a.is_full_readonly
        and not exists (select 1 from accounts u where u.id = any(a.path) and (u.is_full_disabled or u.is_full_readonly))
      order by a.id limit $2`,
    [provider, n],
  );
  if (rows.length < n) throw new Error(`not enough players with ${provider}`);
  return rows.map((r) => r.account_no);
}

async function houseBalance(): Promise<bigint> {
  const [row] = await q<{ b: string }>(
    ctx,
    `select balance::text as b from accounts where site_id = 'tw_web' and parent_id is null and not is_shadow`,
  );
  return BigInt(row!.b);
}

/** Σ out − Σ in − Σ refunds of the player's legs at the provider (minor units), from the ledger. */
async function position(accountNo: string, provider = 'EVO'): Promise<bigint> {
  const [row] = await q<{ p: string }>(
    ctx,
    `select coalesce(-sum(e.amount), 0)::text as p from ledger_entries e join accounts a on a.id = e.account_id
      where a.site_id = 'tw_web' and a.account_no = $1 and e.provider = $2 and e.kind in ('TRANSFER_OUT', 'TRANSFER_IN', 'REFUND')`,
    [accountNo, provider],
  );
  return BigInt(row!.p);
}

/**
 * Empties the player's main balance through the ledger (a transfer_out of all of it), so tests
 * start from 0.00 and the ledger stays consistent.
 */
async function drain(accountNo: string): Promise<void> {
  const balance = await balanceOf(ctx, accountNo);
  if (balance === 0n) return;
  const amount = `${balance / 100n}.${String(balance % 100n).padStart(2, '0')}`;
  expect(await statuses('out', [item(accountNo, amount)], { provider: DRAIN })).toEqual(['OK']);
}

async function ledgerOk() {
  const check = await checkLedger(ctx.database.db, { siteId: 'tw_web' });
  expect(check.ok, JSON.stringify(check)).toBe(true);
}

describe('provider API: wallet signatures', () => {
  it('refuses a missing, wrong or stale signature on both wallet routes, before anything moves', async () => {
    const [player] = await playersAtDepth(ctx, 3);
    const before = await fingerprint(ctx);
    for (const dir of ['out', 'in'] as const) {
      const payload = { siteId: SITE, items: [item(player!, '1.00')] };
      const missing = await signed(ctx, `wallet/transfer_${dir}`, payload, { omit: ['x-signature'] });
      expect([missing.statusCode, body(missing).code]).toEqual([401, 4001]);
      const wrong = await signed(ctx, `wallet/transfer_${dir}`, payload, { secret: 'not-the-secret' });
      expect([wrong.statusCode, body(wrong).code]).toEqual([401, 4001]);
      const stale = await signed(ctx, `wallet/transfer_${dir}`, payload, { timestamp: Date.now() - 6 * 60_000 });
      expect([stale.statusCode, body(stale).code]).toEqual([401, 4002]);
      const unknown = await signed(ctx, `wallet/transfer_${dir}`, payload, { provider: 'NOPE', secret: 'x' });
      expect([unknown.statusCode, body(unknown).code]).toEqual([401, 4003]);
    }
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('refuses a malformed batch with a 400 and moves nothing', async () => {
    const [player] = await playersAtDepth(ctx, 3);
    const before = await fingerprint(ctx);
    for (const items of [[], [item(player!, '0.00')], [item(player!, '1.234')], [{ ...item(player!, '1.00'), extra: 1 }]]) {
      const res = await signed(ctx, 'wallet/transfer_out', { siteId: SITE, items });
      expect(res.statusCode).toBe(400);
    }
    expect(await fingerprint(ctx)).toBe(before);
  });
});

describe('provider API: transfer_out and transfer_in', () => {
  it('transfer_out moves the player’s credit to the house with the provider on both legs; transfer_in brings it back', async () => {
    const [player] = await playersAtDepth(ctx, 3, 'EVO', 1);
    await drain(player!);
    const positionBefore = await position(player!);
    const houseBefore = await houseBalance();
    expect(await statuses('in', [item(player!, '500.00')])).toEqual(['OK']);
    expect(await balanceOf(ctx, player!)).toBe(500_00n);
    expect(await houseBalance()).toBe(houseBefore - 500_00n);

    const id = txId('out');
    const [answer] = await wallet('out', [item(player!, '120.50', id)]);
    expect(answer).toMatchObject({ transactionId: id, status: 'OK', balance: '379.50' });
    expect(await balanceOf(ctx, player!)).toBe(379_50n);
    expect(await houseBalance()).toBe(houseBefore - 379_50n);

    const legs = await q<{
      kind: string;
      amount: string;
      provider: string;
      operator_id: number | null;
      counterparty: string;
      account_no: string;
      idempotency_key: string;
    }>(
      ctx,
      `select e.kind, e.amount::text as amount, e.provider, e.operator_id, c.account_no as counterparty, a.account_no, t.idempotency_key
         from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
         join accounts a on a.id = e.account_id join accounts c on c.id = e.counterparty_id
        where t.idempotency_key = $1 order by e.amount`,
      [`provider:EVO:${id}`],
    );
    expect(legs).toEqual([
      {
        kind: 'TRANSFER_OUT',
        amount: '-12050',
        provider: 'EVO',
        operator_id: null,
        counterparty: 'admin001',
        account_no: player,
        idempotency_key: `provider:EVO:${id}`,
      },
      {
        kind: 'TRANSFER_OUT',
        amount: '12050',
        provider: 'EVO',
        operator_id: null,
        counterparty: player,
        account_no: 'admin001',
        idempotency_key: `provider:EVO:${id}`,
      },
    ]);
    expect(await position(player!)).toBe(positionBefore + 120_50n - 500_00n);
    await ledgerOk();
  });

  it('answers a replay with the first outcome and moves nothing; the same id with other content is a conflict', async () => {
    const [player] = await playersAtDepth(ctx, 3, 'EVO', 2).then((p) => [p[1]!]);
    await drain(player!);
    expect(await statuses('in', [item(player!, '100.00')])).toEqual(['OK']);
    const first = item(player!, '30.00');
    expect(await wallet('out', [first])).toEqual([{ transactionId: first.transactionId, status: 'OK', balance: '70.00' }]);

    const before = await fingerprint(ctx);
    // Replayed alone, twice in one batch, and after the balance moved: the first answer each time.
    expect(await wallet('out', [first, first])).toEqual([
      { transactionId: first.transactionId, status: 'DUPLICATE', balance: '70.00' },
      { transactionId: first.transactionId, status: 'DUPLICATE', balance: '70.00' },
    ]);
    expect(await fingerprint(ctx)).toBe(before);
    // Other content under the same id: another amount, another player, the other direction.
    const [other] = await playersAtDepth(ctx, 3, 'EVO', 3).then((p) => [p[2]!]);
    expect(
      await statuses('out', [
        { ...first, amount: '31.00' },
        { ...first, playerAccountNo: other! },
      ]),
    ).toEqual(['IDEMPOTENCY_CONFLICT', 'IDEMPOTENCY_CONFLICT']);
    expect(await statuses('in', [first])).toEqual(['IDEMPOTENCY_CONFLICT']);
    expect(await fingerprint(ctx)).toBe(before);

    // Two new items with one id in one batch: the second replays the first.
    const twice = item(player!, '5.00');
    expect(await wallet('out', [twice, twice])).toEqual([
      { transactionId: twice.transactionId, status: 'OK', balance: '65.00' },
      { transactionId: twice.transactionId, status: 'DUPLICATE', balance: '65.00' },
    ]);
    expect(await balanceOf(ctx, player!)).toBe(65_00n);
    await ledgerOk();
  });

  it('refuses an insufficient balance (3001) and binds the id to that refusal', async () => {
    const [player] = await playersAtDepth(ctx, 2, 'EVO', 1);
    await drain(player!);
    expect(await statuses('in', [item(player!, '10.00')])).toEqual(['OK']);
    const before = await fingerprint(ctx);
    const tooMuch = item(player!, '10.01');
    const [answer] = await wallet('out', [tooMuch]);
    expect(answer).toMatchObject({ status: 'REFUSED', code: 3001, error: 'INSUFFICIENT_BALANCE' });
    expect(await fingerprint(ctx)).toBe(before);
    // Topped up, the same id still answers its first outcome; a new id goes through.
    expect(await statuses('in', [item(player!, '5.00')])).toEqual(['OK']);
    expect(await statuses('out', [tooMuch])).toEqual(['INSUFFICIENT_BALANCE']);
    expect(await statuses('out', [item(player!, '10.01')])).toEqual(['OK']);
    // Within one batch the balance left by earlier items counts.
    expect(await statuses('out', [item(player!, '3.00'), item(player!, '1.99'), item(player!, '0.01')])).toEqual([
      'OK',
      'OK',
      'INSUFFICIENT_BALANCE',
    ]);
    expect(await balanceOf(ctx, player!)).toBe(0n);
    await ledgerOk();
  });

  it('refuses transfer_out for an unknown, restricted (own or inherited), unverified or not-enabled player', async () => {
    const players = await playersAtDepth(ctx, 3, 'EVO', 12);
    const pick = players.slice(4);
    for (const p of pick) {
      await drain(p);
      expect(await statuses('in', [item(p, '50.00')])).toEqual(['OK']);
    }
    const refuse = async (accountNo: string, error: string) => {
      const before = await fingerprint(ctx);
      expect(await statuses('out', [item(accountNo, '1.00')]), `${accountNo} ${error}`).toEqual([error]);
      expect(await fingerprint(ctx)).toBe(before);
    };
    await refuse('no-such-player', 'PLAYER_NOT_FOUND');
    await refuse('agentA01', 'PLAYER_NOT_FOUND');
    for (const [i, flag] of ['is_disabled', 'is_full_disabled', 'is_full_readonly'].entries()) {
      await q(ctx, `update accounts set ${flag} = true where site_id = 'tw_web' and account_no = $1`, [pick[i]]);
      await refuse(pick[i]!, 'PLAYER_RESTRICTED');
      // Money must come home: transfer_in still accepted for the restricted player.
      expect(await statuses('in', [item(pick[i]!, '1.00')])).toEqual(['OK']);
      await q(ctx, `update accounts set ${flag} = false where site_id = 'tw_web' and account_no = $1`, [pick[i]]);
    }
    // Inherited: an ancestor fully disabled / fully read-only; a plain DISABLE of the parent is not inherited.
    const parent = pick[3]!;
    const [{ parent_id: parentId } = { parent_id: 0 }] = await q<{ parent_id: number }>(
      ctx,
      `select parent_id from accounts where site_id = 'tw_web' and account_no = $1`,
      [parent],
    );
    for (const flag of ['is_full_disabled', 'is_full_readonly']) {
      await q(ctx, `update accounts set ${flag} = true where id = $1`, [parentId]);
      await refuse(parent, 'PLAYER_RESTRICTED');
      await q(ctx, `update accounts set ${flag} = false where id = $1`, [parentId]);
    }
    await q(ctx, `update accounts set is_disabled = true where id = $1`, [parentId]);
    expect(await statuses('out', [item(parent, '1.00')])).toEqual(['OK']);
    await q(ctx, `update accounts set is_disabled = false where id = $1`, [parentId]);

    await q(ctx, `update accounts set verify_status = 'PENDING' where site_id = 'tw_web' and account_no = $1`, [pick[4]]);
    await refuse(pick[4]!, 'PLAYER_UNVERIFIED');
    await q(ctx, `update accounts set providers = array_remove(providers, 'EVO') where site_id = 'tw_web' and account_no = $1`, [pick[5]]);
    await refuse(pick[5]!, 'PROVIDER_NOT_ENABLED');
    await ledgerOk();
  });

  it('refuses the whole call for a provider not ACTIVE or not offered; transfer_in still brings credit home from either', async () => {
    const [player] = await playersAtDepth(ctx, 3, 'EVO', 14).then((p) => [p[13]!]);
    await drain(player!);
    const base = await position(player!);
    expect(await statuses('in', [item(player!, '20.00')])).toEqual(['OK']);
    expect(await statuses('out', [item(player!, '20.00')])).toEqual(['OK']);
    const before = await fingerprint(ctx);
    for (const status of ['MAINTAIN', 'DISABLE']) {
      await q(ctx, `update provider_merchants set status = $1 where site_id = 'tw_web' and provider_code = 'EVO'`, [status]);
      const res = await signed(ctx, 'wallet/transfer_out', { siteId: SITE, items: [item(player!, '1.00')] });
      expect([res.statusCode, body(res).code]).toEqual([403, 4004]);
      expect(await fingerprint(ctx)).toBe(before);
    }
    expect(await statuses('in', [item(player!, '5.00')])).toEqual(['OK']);
    await q(ctx, `update provider_merchants set status = 'ACTIVE' where site_id = 'tw_web' and provider_code = 'EVO'`);

    await q(ctx, `delete from site_providers where site_id = 'tw_web' and provider_code = 'EVO'`);
    try {
      const mid = await fingerprint(ctx);
      const res = await signed(ctx, 'wallet/transfer_out', { siteId: SITE, items: [item(player!, '1.00')] });
      expect([res.statusCode, body(res).code]).toEqual([403, 4005]);
      expect(await fingerprint(ctx)).toBe(mid);
      expect(await statuses('in', [item(player!, '15.00')])).toEqual(['OK']);
    } finally {
      await q(ctx, `insert into site_providers (site_id, provider_code) values ('tw_web', 'EVO') on conflict do nothing`);
    }
    // in 20, out 20, in 5, in 15: the position went down by 20.00.
    expect(await position(player!)).toBe(base - 20_00n);
    expect(await balanceOf(ctx, player!)).toBe(20_00n);
    await ledgerOk();
  });
});

describe('provider API: cancel refunds the stake', () => {
  async function refunds(provider: string, id: string) {
    return q<{ kind: string; amount: string; account_no: string; provider: string; operator_id: number | null }>(
      ctx,
      `select e.kind, e.amount::text as amount, a.account_no, e.provider, e.operator_id from ledger_entries e
         join ledger_transactions t on t.id = e.transaction_id join accounts a on a.id = e.account_id
        where t.idempotency_key = $1 order by e.amount`,
      [`refund:${provider}:${id}`],
    );
  }

  it('posts exactly one REFUND (house → player, the stake) with the status change; a replayed cancel moves nothing', async () => {
    const [player] = await playersAtDepth(ctx, 3, 'EVO', 16).then((p) => [p[15]!]);
    await drain(player!);
    const base = await position(player!);
    expect(await statuses('in', [item(player!, '100.00')])).toEqual(['OK']);
    expect(await statuses('out', [item(player!, '100.00')])).toEqual(['OK']);
    const id = betId('refund');
    expect(await batch(ctx, 'place', [placeItem(id, player!, { betAmount: '40.00' })])).toEqual(['OK']);
    expect(await balanceOf(ctx, player!)).toBe(0n);
    expect(await batch(ctx, 'cancel', [{ betId: id }])).toEqual(['OK']);
    expect(await balanceOf(ctx, player!)).toBe(40_00n);
    expect(await refunds('EVO', id)).toEqual([
      { kind: 'REFUND', amount: '-4000', account_no: 'admin001', provider: 'EVO', operator_id: null },
      { kind: 'REFUND', amount: '4000', account_no: player, provider: 'EVO', operator_id: null },
    ]);
    const before = await fingerprint(ctx);
    expect(await batch(ctx, 'cancel', [{ betId: id }, { betId: id }])).toEqual(['DUPLICATE', 'DUPLICATE']);
    expect(await fingerprint(ctx)).toBe(before);
    // in 100, out 100, refund 40.
    expect(await position(player!)).toBe(base - 40_00n);
    // A settled bet still cannot be canceled, and nothing is refunded.
    const settled = betId('refund');
    expect(await batch(ctx, 'place', [placeItem(settled, player!)])).toEqual(['OK']);
    expect(
      await batch(ctx, 'settle', [{ betId: settled, validBet: '100.00', payout: '0.00', settledAt: '2026-11-20T06:05:00.000Z' }]),
    ).toEqual(['OK']);
    const mid = await fingerprint(ctx);
    expect(await batch(ctx, 'cancel', [{ betId: settled }])).toEqual(['BET_STATE_CONFLICT']);
    expect(await fingerprint(ctx)).toBe(mid);
    await ledgerOk();
  });

  it('two concurrent cancels of one bet refund once', async () => {
    const [player] = await playersAtDepth(ctx, 3, 'EVO', 17).then((p) => [p[16]!]);
    await drain(player!);
    const ids = Array.from({ length: 5 }, () => betId('race'));
    expect(
      await batch(
        ctx,
        'place',
        ids.map((id) => placeItem(id, player!, { betAmount: '7.00' })),
      ),
    ).toEqual(ids.map(() => 'OK'));
    const answers = await Promise.all([
      batch(
        ctx,
        'cancel',
        ids.map((betId) => ({ betId })),
      ),
      batch(
        ctx,
        'cancel',
        [...ids].reverse().map((betId) => ({ betId })),
      ),
    ]);
    expect(answers.flat().filter((a) => a === 'OK')).toHaveLength(5);
    expect(answers.flat().filter((a) => a === 'DUPLICATE')).toHaveLength(5);
    for (const id of ids) expect(await refunds('EVO', id)).toHaveLength(2);
    expect(await balanceOf(ctx, player!)).toBe(35_00n);
    await ledgerOk();
  });
});

describe('provider API: a random mix', () => {
  it('keeps the ledger check green and each position equal to out − in − refunds', async () => {
    const players = (await playersAtDepth(ctx, 3, 'EVO', 24)).slice(18);
    const expected = new Map<string, { base: bigint; out: bigint; in: bigint; refund: bigint }>();
    for (const p of players) {
      await drain(p);
      expected.set(p, { base: await position(p), out: 0n, in: 0n, refund: 0n });
      expect(await statuses('in', [item(p, '1000.00')])).toEqual(['OK']);
      expected.get(p)!.in += 1000_00n;
    }
    let rnd = 42;
    const random = (n: number) => {
      rnd = (rnd * 1103515245 + 12345) % 2147483648;
      return rnd % n;
    };
    const open: { id: string; player: string; stake: bigint }[] = [];
    for (let round = 0; round < 12; round++) {
      const outs = players.map((p) => item(p, `${1 + random(150)}.${String(random(100)).padStart(2, '0')}`));
      const answers = await wallet('out', outs);
      answers.forEach((a, i) => {
        if (a.status === 'OK') expected.get(outs[i]!.playerAccountNo)!.out += BigInt(outs[i]!.amount.replace('.', ''));
      });
      const ins = players.filter(() => random(2) === 0).map((p) => item(p, `${random(120)}.${String(1 + random(99)).padStart(2, '0')}`));
      if (ins.length) {
        for (const a of await wallet('in', ins)) expect(a.status).toBe('OK');
        for (const i of ins) expected.get(i.playerAccountNo)!.in += BigInt(i.amount.replace('.', ''));
      }
      // Replays in the middle: nothing moves.
      await wallet('out', outs.slice(0, 2));
      const bets = players.map((p) => ({ id: betId('mix'), player: p, stake: BigInt(1 + random(30)) * 100n }));
      await batch(
        ctx,
        'place',
        bets.map((b) => placeItem(b.id, b.player, { betAmount: `${b.stake / 100n}.00` })),
      );
      open.push(...bets);
      const toCancel = open.splice(0, random(open.length + 1));
      if (toCancel.length) {
        const got = await batch(
          ctx,
          'cancel',
          toCancel.map((b) => ({ betId: b.id })),
        );
        got.forEach((g, i) => {
          expect(g).toBe('OK');
          expected.get(toCancel[i]!.player)!.refund += toCancel[i]!.stake;
        });
      }
    }
    for (const p of players) {
      const e = expected.get(p)!;
      expect(await position(p), p).toBe(e.base + e.out - e.in - e.refund);
    }
    await ledgerOk();
  });
});
