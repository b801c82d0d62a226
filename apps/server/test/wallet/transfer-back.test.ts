import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderWallets, startProviderSide, type ProviderSide } from '@agent-bo/simulator';
import { toMinorUnits } from '@agent-bo/shared';
import { checkLedger } from '../../src/modules/ledger/check.js';
import { accountId, body, call, signinAs, useTestApp } from '../helpers.js';
import { balanceOf, credit, fingerprint, newKey, q } from '../ledger/support.js';
import { signed } from '../provider-api/support.js';

const ctx = useTestApp();
/** The provider's side (the bundled simulator's endpoint): a pull-back is a call to it. */
const wallets = new ProviderWallets();
let side: ProviderSide;

let seq = 0;
async function providerTransfer(dir: 'out' | 'in', playerAccountNo: string, amount: string, provider = 'EVO') {
  const res = await signed(
    ctx,
    `wallet/transfer_${dir}`,
    { siteId: 'tw_web', items: [{ transactionId: `tb-${process.pid}-${++seq}`, playerAccountNo, amount }] },
    { provider },
  );
  const status = body(res).data?.results?.[0]?.status;
  if (status !== 'OK') throw new Error(`transfer_${dir} failed: ${res.body}`);
  wallets.record('tw_web', provider, {
    transactionId: `tb-${process.pid}-${seq}`,
    type: dir === 'out' ? 'TRANSFER_OUT' : 'TRANSFER_IN',
    playerAccountNo,
    amount: toMinorUnits(amount),
  });
}

/** A verified player with EVO and 500.00 or more strictly below agentA01 (not its direct child), and one under agentA02. */
async function players() {
  const pick = async (agent: string) => {
    const [row] = await q<{ account_no: string }>(
      ctx,
      `select p.account_no from accounts p join accounts a on a.account_no = $1 and a.site_id = 'tw_web'
        where p.site_id = 'tw_web' and p.kind = 'PLAYER' and p.verify_status = 'VERIFIED' and 'EVO' = any(p.providers)
          and p.path @> array[a.id] and p.parent_id <> a.id and p.balance >= 50000 order by p.id limit 1`,
      [agent],
    );
    return row!.account_no;
  };
  return { inside: await pick('agentA01'), outside: await pick('agentA02') };
}

const back = (token: string, payload: Record<string, unknown>, key: string | 'none' = newKey()) =>
  credit(ctx, token, 'player/transfer_back', payload, key);

let admin: string;
let a01: string;
let inside: string;
let outside: string;
let insideId: number;

beforeAll(async () => {
  const secrets = await q<{ provider_code: string; secret: string }>(
    ctx,
    `select provider_code, secret from provider_merchants where site_id = 'tw_web'`,
  );
  side = await startProviderSide({
    wallets,
    secretOf: (site, code) => (site === 'tw_web' ? secrets.find((r) => r.provider_code === code)?.secret : undefined),
    now: ctx.app.config.now,
  });
  await q(ctx, `update provider_merchants set endpoint = $1 where site_id = 'tw_web'`, [side.url]);
  admin = await signinAs(ctx.app, 'admin001');
  a01 = await signinAs(ctx.app, 'agentA01');
  ({ inside, outside } = await players());
  insideId = await accountId(ctx, inside);
  // 300.00 out to EVO from the seeded balance, 50.00 back: the position is 250.00 (a fresh database: nothing before).
  await providerTransfer('out', inside, '300.00');
  await providerTransfer('in', inside, '50.00');
});

afterAll(async () => {
  await side?.close();
});

describe('transfer_back (OPERATION_TRANSFER)', () => {
  it('is refused without the code, and moves nothing', async () => {
    const before = await fingerprint(ctx);
    for (const agent of ['agentA02', 'agentB01']) {
      const token = await signinAs(ctx.app, agent);
      const res = await back(token, { id: insideId, providerCode: 'EVO', amount: '1.00' });
      expect([res.statusCode, body(res).code], agent).toEqual([403, 1006]);
      const read = await call(ctx.app, 'GET', `/api/manage/player/provider_positions?id=${insideId}`, undefined, { token, site: 'tw_web' });
      expect(body(read).code).toBe(1006);
    }
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('shows the outstanding position per provider', async () => {
    const res = await call(ctx.app, 'GET', `/api/manage/player/provider_positions?id=${insideId}&_t=1795250000000`, undefined, {
      token: a01,
      site: 'tw_web',
    });
    const data = body(res).data;
    expect(data.accountNo).toBe(inside);
    expect(data.positions.find((p: { providerCode: string }) => p.providerCode === 'EVO')).toMatchObject({
      providerCode: 'EVO',
      position: '250.00',
    });
    const outsideRes = await call(ctx.app, 'GET', `/api/manage/player/provider_positions?id=${await accountId(ctx, outside)}`, undefined, {
      token: a01,
      site: 'tw_web',
    });
    expect(body(outsideRes).code).toBe(1005);
  });

  it('pulls credit back for a player anywhere in the subtree, records the operator and logs it; refuses above the position', async () => {
    const balance = await balanceOf(ctx, inside);
    const key = newKey();
    const res = await back(a01, { id: insideId, providerCode: 'EVO', amount: '100.25', memo: 'provider down' }, key);
    expect(res.statusCode, res.body).toBe(200);
    const data = body(res).data;
    expect(data).toMatchObject({
      kind: 'TRANSFER_IN',
      providerCode: 'EVO',
      amount: '100.25',
      player: { id: insideId, accountNo: inside },
      positionBefore: '250.00',
      positionAfter: '149.75',
      replayed: false,
    });
    expect(await balanceOf(ctx, inside)).toBe(balance + 100_25n);
    const legs = await q<{ account_no: string; amount: string; kind: string; provider: string; operator: string; memo: string }>(
      ctx,
      `select a.account_no, e.amount::text as amount, e.kind, e.provider, o.account_no as operator, e.memo from ledger_entries e
         join accounts a on a.id = e.account_id join accounts o on o.id = e.operator_id
        where e.transaction_id = $1 order by e.amount`,
      [data.transactionId],
    );
    expect(legs).toEqual([
      { account_no: 'admin001', amount: '-10025', kind: 'TRANSFER_IN', provider: 'EVO', operator: 'agentA01', memo: 'provider down' },
      { account_no: inside, amount: '10025', kind: 'TRANSFER_IN', provider: 'EVO', operator: 'agentA01', memo: 'provider down' },
    ]);
    const [log] = await q<{ action: string; after: { amount: string; providerCode: string; position: string } }>(
      ctx,
      `select action, after from operation_logs where target_id = $1 and action = 'TRANSFER_IN' order by id desc limit 1`,
      [insideId],
    );
    expect(log).toMatchObject({ action: 'TRANSFER_IN', after: { amount: '100.25', providerCode: 'EVO', position: '149.75' } });

    // The replay answers the first result and moves nothing; another body under the key conflicts.
    const before = await fingerprint(ctx);
    const again = await back(a01, { id: insideId, providerCode: 'EVO', amount: '100.25', memo: 'provider down' }, key);
    expect(body(again).data).toEqual({ ...data, replayed: true });
    const other = await back(a01, { id: insideId, providerCode: 'EVO', amount: '100.26', memo: 'provider down' }, key);
    expect([other.statusCode, body(other).code]).toEqual([409, 3004]);
    expect(await fingerprint(ctx)).toBe(before);

    // Above the position (149.75): refused with 3008, and the key stays bound to that refusal.
    const capKey = newKey();
    const above = await back(a01, { id: insideId, providerCode: 'EVO', amount: '149.76' }, capKey);
    expect([above.statusCode, body(above).code]).toEqual([400, 3008]);
    const aboveAgain = await back(a01, { id: insideId, providerCode: 'EVO', amount: '149.76' }, capKey);
    expect(body(aboveAgain).code).toBe(3008);
    // A provider the player never used: position 0.00.
    const none = await back(a01, { id: insideId, providerCode: 'NOPE', amount: '0.01' });
    expect(body(none).code).toBe(3008);
    expect(await fingerprint(ctx)).toBe(before);

    // Exactly the rest is allowed, after which the position is zero.
    const rest = await back(a01, { id: insideId, providerCode: 'EVO', amount: '149.75' });
    expect(body(rest).data).toMatchObject({ positionBefore: '149.75', positionAfter: '0.00' });
    expect(body(await back(a01, { id: insideId, providerCode: 'EVO', amount: '0.01' })).code).toBe(3008);
    expect((await checkLedger(ctx.database.db, { siteId: 'tw_web' })).ok).toBe(true);
  });

  it('two concurrent pulls cannot together exceed the position', async () => {
    await providerTransfer('out', inside, '10.00');
    const answers = await Promise.all([
      back(admin, { id: insideId, providerCode: 'EVO', amount: '7.00' }),
      back(admin, { id: insideId, providerCode: 'EVO', amount: '7.00' }),
    ]);
    expect(answers.map((r) => body(r).code).sort()).toEqual([0, 3008].sort());
    expect((await checkLedger(ctx.database.db, { siteId: 'tw_web' })).ok).toBe(true);
  });

  it('refuses a player outside the subtree (1005), but not a restricted one; needs a key and a valid amount', async () => {
    const outsideId = await accountId(ctx, outside);
    await providerTransfer('out', outside, '5.00');
    const before = await fingerprint(ctx);
    const res = await back(a01, { id: outsideId, providerCode: 'EVO', amount: '1.00' });
    expect([res.statusCode, body(res).code]).toEqual([404, 1005]);
    expect(body(await back(a01, { id: insideId, providerCode: 'EVO', amount: '1.00' }, 'none')).code).toBe(3005);
    for (const amount of ['0', '1.234', '-1']) {
      const bad = await back(a01, { id: insideId, providerCode: 'EVO', amount });
      expect(bad.statusCode, amount).toBe(400);
    }
    expect(await fingerprint(ctx)).toBe(before);

    await q(ctx, `update accounts set is_full_disabled = true where id = $1`, [outsideId]);
    const restricted = await back(admin, { id: outsideId, providerCode: 'EVO', amount: '5.00' });
    expect(body(restricted).data).toMatchObject({ positionBefore: '5.00', positionAfter: '0.00' });
    await q(ctx, `update accounts set is_full_disabled = false where id = $1`, [outsideId]);
    expect((await checkLedger(ctx.database.db, { siteId: 'tw_web' })).ok).toBe(true);
  });
});
