import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderWallets, startProviderSide, type ProviderSide } from '@agent-bo/simulator';
import { businessDate, siteTimeZone, toMinorUnits } from '@agent-bo/shared';
import { checkLedger } from '../../src/modules/ledger/check.js';
import { accountId, body, call, signinAs, useTestApp } from '../helpers.js';
import { balanceOf, credit, newKey } from '../ledger/support.js';
import { q, signed } from '../provider-api/support.js';

/**
 * Item: a staff pull-back is a signed call to the provider, completed only when it confirms; a
 * transfer_in above the position is held; the daily reconciliation lists the differences. The
 * provider's side is the bundled simulator's endpoint (packages/simulator provider-side.ts).
 */

const ctx = useTestApp();
let side: ProviderSide;
let wallets: ProviderWallets;
let admin: string;
let seq = 0;

const SITE = 'tw_web';
const secrets = new Map<string, string>();

async function setEndpoint(url: string | null, provider = 'EVO') {
  await q(ctx, `update provider_merchants set endpoint = $1 where site_id = $2 and provider_code = $3`, [url, SITE, provider]);
}

/** A provider transfer through the provider API, recorded on the provider's side as its own books would. */
async function providerTransfer(dir: 'out' | 'in', player: string, amount: string, o: { record?: boolean } = {}) {
  const transactionId = `pb-test-${process.pid}-${++seq}`;
  if (dir === 'in' && o.record !== false)
    wallets.record(SITE, 'EVO', { transactionId, type: 'TRANSFER_IN', playerAccountNo: player, amount: toMinorUnits(amount) });
  const res = await signed(ctx, `wallet/transfer_${dir}`, { siteId: SITE, items: [{ transactionId, playerAccountNo: player, amount }] });
  const r = body(res).data.results[0] as { status: string; error?: string };
  if (dir === 'out' && r.status === 'OK' && o.record !== false)
    wallets.record(SITE, 'EVO', {
      transactionId,
      type: 'TRANSFER_OUT',
      playerAccountNo: player,
      amount: toMinorUnits(amount),
      at: new Date(),
    });
  return { transactionId, status: r.status, error: r.error };
}

const pullBack = (player: number, amount: string, key = newKey()) =>
  credit(ctx, admin, 'player/transfer_back', { id: player, providerCode: 'EVO', amount }, key);

/** A fresh verified EVO player of tw_web with 100.00 or more, never used by this file before. */
let used = 0;
async function freshPlayer(): Promise<{ accountNo: string; id: number }> {
  const rows = await q<{ account_no: string; id: number }>(
    ctx,
    `select a.account_no, a.id from accounts a
      where a.site_id = 'tw_web' and a.kind = 'PLAYER' and a.verify_status = 'VERIFIED' and 'EVO' = any(a.providers) and a.balance >= 10000
        and not a.is_disabled and not a.is_full_disabled and not a.is_full_readonly
        and not exists (select 1 from accounts u where u.id = any(a.path) and (u.is_full_disabled or u.is_full_readonly))
      order by a.id offset $1 limit 1`,
    [used++],
  );
  return { accountNo: rows[0]!.account_no, id: rows[0]!.id };
}

const reconcile = (date: string) =>
  call(ctx.app, 'POST', '/api/manage/provider/reconciliation', { code: 'EVO', date }, { token: admin, site: SITE });
const today = () => businessDate(new Date(), siteTimeZone(SITE));

beforeAll(async () => {
  for (const r of await q<{ site_id: string; provider_code: string; secret: string }>(
    ctx,
    'select site_id, provider_code, secret from provider_merchants',
  ))
    secrets.set(`${r.site_id}|${r.provider_code}`, r.secret);
  wallets = new ProviderWallets();
  side = await startProviderSide({ wallets, secretOf: (s, p) => secrets.get(`${s}|${p}`), now: ctx.app.config.now });
  await setEndpoint(side.url);
  admin = await signinAs(ctx.app, 'admin001');
});

afterAll(async () => {
  await side?.close();
});

describe('a staff pull-back is a call to the provider', () => {
  it('transfer_out 10, pull-back 10, then a transfer_in of the same 10: the player is paid once', async () => {
    const player = await freshPlayer();
    const start = await balanceOf(ctx, player.accountNo);
    expect((await providerTransfer('out', player.accountNo, '10.00')).status).toBe('OK');
    expect(wallets.balance(SITE, 'EVO', player.accountNo)).toBe(10_00n);

    const res = await pullBack(player.id, '10.00');
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toMatchObject({ amount: '10.00', positionBefore: '10.00', positionAfter: '0.00', replayed: false });
    // The provider took it from its wallet.
    expect(wallets.balance(SITE, 'EVO', player.accountNo)).toBe(0n);
    expect(await balanceOf(ctx, player.accountNo)).toBe(start);

    // The provider's wallet no longer holds the 10.00: a provider sending it home anyway is held, not paid.
    const again = await providerTransfer('in', player.accountNo, '10.00', { record: false });
    expect(again).toMatchObject({ status: 'HELD', error: 'TRANSFER_HELD' });
    expect(await balanceOf(ctx, player.accountNo)).toBe(start);
    expect((await checkLedger(ctx.database.db, { siteId: SITE })).ok).toBe(true);
  });

  it('a pull-back whose provider call fails stays pending, pays nothing and reserves the amount; the same key retries once the provider answers', async () => {
    const player = await freshPlayer();
    expect((await providerTransfer('out', player.accountNo, '30.00')).status).toBe('OK');
    const balance = await balanceOf(ctx, player.accountNo);
    const key = newKey();

    // Nobody listens there.
    await setEndpoint('http://127.0.0.1:9');
    const failed = await pullBack(player.id, '20.00', key);
    expect([failed.statusCode, body(failed).code]).toEqual([502, 4015]);
    expect(await balanceOf(ctx, player.accountNo)).toBe(balance);
    expect(wallets.balance(SITE, 'EVO', player.accountNo)).toBe(30_00n);
    const [row] = await q<{ status: string; attempts: number; last_error: string }>(
      ctx,
      `select status, attempts, last_error from provider_pullbacks where idempotency_key = $1`,
      [key],
    );
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(row!.last_error).toMatch(/network|timeout/);
    // The 20.00 are reserved: only 10.00 more may be pulled (or come home) meanwhile.
    expect(body(await pullBack(player.id, '10.01')).code).toBe(3008);
    const positions = body(
      await call(ctx.app, 'GET', `/api/manage/player/provider_positions?id=${player.id}`, undefined, { token: admin, site: SITE }),
    ).data.positions as { providerCode: string; position: string; pending: string }[];
    expect(positions.find((p) => p.providerCode === 'EVO')).toMatchObject({ position: '30.00', pending: '20.00' });

    // The provider answers again: the resend completes it, once.
    await setEndpoint(side.url);
    const done = await pullBack(player.id, '20.00', key);
    expect(done.statusCode, done.body).toBe(200);
    expect(body(done).data).toMatchObject({ amount: '20.00', replayed: false });
    expect(await balanceOf(ctx, player.accountNo)).toBe(balance + 20_00n);
    expect(wallets.balance(SITE, 'EVO', player.accountNo)).toBe(10_00n);
    expect((await checkLedger(ctx.database.db, { siteId: SITE })).ok).toBe(true);
  });

  it('replaying a completed pull-back with the same key neither calls the provider again nor moves money again', async () => {
    const player = await freshPlayer();
    expect((await providerTransfer('out', player.accountNo, '15.00')).status).toBe('OK');
    const key = newKey();
    const first = await pullBack(player.id, '15.00', key);
    expect(first.statusCode, first.body).toBe(200);
    const calls = side.calls['/wallet/pull_back'];
    const balance = await balanceOf(ctx, player.accountNo);
    const [count] = await q<{ n: number }>(ctx, `select count(*)::int as n from ledger_transactions where idempotency_key = $1`, [key]);

    const replays = await Promise.all([pullBack(player.id, '15.00', key), pullBack(player.id, '15.00', key)]);
    for (const r of replays) expect(body(r).data).toEqual({ ...body(first).data, replayed: true });
    expect(side.calls['/wallet/pull_back']).toBe(calls);
    expect(await balanceOf(ctx, player.accountNo)).toBe(balance);
    expect(
      (await q<{ n: number }>(ctx, `select count(*)::int as n from ledger_transactions where idempotency_key = $1`, [key]))[0],
    ).toEqual(count);
    // Another body under the key conflicts.
    expect(body(await pullBack(player.id, '14.00', key)).code).toBe(3004);
  });

  it('the provider refusing (its wallet holds less) binds the key to PULL_BACK_REFUSED and pays nothing', async () => {
    const player = await freshPlayer();
    expect((await providerTransfer('out', player.accountNo, '40.00')).status).toBe('OK');
    // The player lost 25.00 at the provider without the bets reaching us yet: its wallet holds 15.00.
    wallets.adjust(SITE, 'EVO', player.accountNo, -25_00n);
    const balance = await balanceOf(ctx, player.accountNo);
    const key = newKey();
    const refused = await pullBack(player.id, '40.00', key);
    expect([refused.statusCode, body(refused).code]).toEqual([409, 4016]);
    expect(body(await pullBack(player.id, '40.00', key)).code).toBe(4016);
    expect(await balanceOf(ctx, player.accountNo)).toBe(balance);
    expect(wallets.balance(SITE, 'EVO', player.accountNo)).toBe(15_00n);
  });

  it('a site without an endpoint at the provider cannot pull back (PROVIDER_ENDPOINT_MISSING), and nothing is reserved', async () => {
    const player = await freshPlayer();
    expect((await providerTransfer('out', player.accountNo, '5.00')).status).toBe('OK');
    await setEndpoint(null);
    try {
      const res = await pullBack(player.id, '5.00');
      expect([res.statusCode, body(res).code]).toEqual([409, 4014]);
      const [n] = await q<{ n: number }>(ctx, `select count(*)::int as n from provider_pullbacks where player_id = $1`, [player.id]);
      expect(n!.n).toBe(0);
    } finally {
      await setEndpoint(side.url);
    }
  });
});

describe('transfer_in above the position', () => {
  it('is held, credited to nobody, bound to its id, and listed for staff', async () => {
    const player = await freshPlayer();
    expect((await providerTransfer('out', player.accountNo, '12.00')).status).toBe('OK');
    const balance = await balanceOf(ctx, player.accountNo);
    const held = await providerTransfer('in', player.accountNo, '12.01');
    expect(held).toMatchObject({ status: 'HELD', error: 'TRANSFER_HELD' });
    expect(await balanceOf(ctx, player.accountNo)).toBe(balance);
    // The replay answers HELD again; the position is untouched, so 12.00 still comes home.
    const replay = await signed(ctx, 'wallet/transfer_in', {
      siteId: SITE,
      items: [{ transactionId: held.transactionId, playerAccountNo: player.accountNo, amount: '12.01' }],
    });
    expect(body(replay).data).toMatchObject({ held: 1, ok: 0, results: [{ status: 'HELD', code: 4013 }] });
    expect((await providerTransfer('in', player.accountNo, '12.00')).status).toBe('OK');
    expect(await balanceOf(ctx, player.accountNo)).toBe(balance + 12_00n);

    const rec = await reconcile(today());
    expect(rec.statusCode, rec.body).toBe(200);
    const data = body(rec).data as { held: { transactionId: string; amount: string; position: string; playerAccountNo: string }[] };
    expect(data.held.find((h) => h.transactionId === held.transactionId)).toMatchObject({
      playerAccountNo: player.accountNo,
      amount: '12.01',
      position: '12.00',
    });
    expect((await checkLedger(ctx.database.db, { siteId: SITE })).ok).toBe(true);
  });

  it('winnings the provider reported through settled bets may come home; above them is held', async () => {
    const player = await freshPlayer();
    expect((await providerTransfer('out', player.accountNo, '10.00')).status).toBe('OK');
    const betId = `pbw-${process.pid}-${++seq}`;
    const place = await signed(ctx, 'bets/place', {
      siteId: SITE,
      items: [
        {
          betId,
          playerAccountNo: player.accountNo,
          gameCode: 'baccarat-1',
          gameCategory: 'LIVE',
          roundId: `r-${betId}`,
          betAmount: '10.00',
          placedAt: new Date().toISOString(),
        },
      ],
    });
    expect(body(place).data.ok, place.body).toBe(1);
    const settle = await signed(ctx, 'bets/settle', {
      siteId: SITE,
      items: [{ betId, validBet: '10.00', payout: '25.00', settledAt: new Date().toISOString() }],
    });
    expect(body(settle).data.ok, settle.body).toBe(1);
    expect((await providerTransfer('in', player.accountNo, '25.01')).status).toBe('HELD');
    expect((await providerTransfer('in', player.accountNo, '25.00')).status).toBe('OK');
  });
});

describe('reconciliation per provider and business day', () => {
  it('lists what only one side has: a planted transfer the provider never recorded, and one only the provider has', async () => {
    const player = await freshPlayer();
    const matched = await providerTransfer('out', player.accountNo, '7.00');
    // Planted: a transfer_out we accepted that the provider's books do not have …
    const ours = await providerTransfer('out', player.accountNo, '3.00', { record: false });
    // … and one the provider recorded that never reached us.
    wallets.record(SITE, 'EVO', {
      transactionId: `only-theirs-${seq}`,
      type: 'TRANSFER_OUT',
      playerAccountNo: player.accountNo,
      amount: 4_00n,
    });

    const res = await reconcile(today());
    expect(res.statusCode, res.body).toBe(200);
    const data = body(res).data as {
      from: string;
      to: string;
      providerError: string | null;
      differences: { transactionId: string; difference: string; ours: string | null; theirs: string | null }[];
    };
    expect(data.providerError).toBeNull();
    expect(data.from).toBe(`${today()} 12:00:00`);
    expect(data.differences.find((d) => d.transactionId === ours.transactionId)).toMatchObject({
      difference: 'MISSING_AT_PROVIDER',
      ours: '3.00',
      theirs: null,
    });
    expect(data.differences.find((d) => d.transactionId === `only-theirs-${seq}`)).toMatchObject({
      difference: 'MISSING_AT_PLATFORM',
      ours: null,
      theirs: '4.00',
    });
    expect(data.differences.find((d) => d.transactionId === matched.transactionId)).toBeUndefined();
  });

  it('says when the provider cannot be asked, and is the site admin’s: an agent holding the code is refused', async () => {
    await setEndpoint('http://127.0.0.1:9');
    try {
      const res = await reconcile(today());
      expect(body(res).data).toMatchObject({ theirs: null, providerError: 'PROVIDER_UNREACHABLE' });
    } finally {
      await setEndpoint(side.url);
    }
    const agent = await signinAs(ctx.app, 'agentA01');
    const refused = await call(
      ctx.app,
      'POST',
      '/api/manage/provider/reconciliation',
      { code: 'EVO', date: today() },
      { token: agent, site: SITE },
    );
    expect(body(refused).code).toBe(1006);
    expect(await accountId(ctx, 'agentA01')).toBeGreaterThan(0);
  });
});
