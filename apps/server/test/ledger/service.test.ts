import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/modules/ledger/check.js';
import { DuplicateKey, post, type Leg } from '../../src/modules/ledger/service.js';
import { AppError } from '../../src/lib/app-error.js';
import { accountId, useTestApp } from '../helpers.js';
import { fingerprint, q } from './support.js';

const ctx = useTestApp();

const legs = (pairs: [number, bigint][]): Leg[] => pairs.map(([accountId, amount]) => ({ accountId, amount, counterpartyId: null }));

describe('ledger service post()', () => {
  it('posts three legs with a provider inside a caller transaction (the later TRANSFER/REFUND use)', async () => {
    const [p1, p2, agent] = [await accountId(ctx, 'player001'), await accountId(ctx, 'player002'), await accountId(ctx, 'agentD01')];
    const posted = await ctx.database.db.transaction((tx) =>
      post(tx, {
        siteId: 'tw_web',
        kind: 'REFUND',
        operatorId: null,
        provider: 'EVO',
        memo: 'round 1',
        legs: legs([
          [p1, 150n],
          [p2, 50n],
          [agent, -200n],
        ]),
      }),
    );
    expect(posted.legs.map((l) => l.amount)).toEqual([150n, 50n, -200n]);
    expect(posted.legs[2]!.balanceAfter).toBe(posted.legs[2]!.balanceBefore - 200n);
    const rows = await q(
      ctx,
      'select account_id, amount::text, provider, kind from ledger_entries where transaction_id = $1 order by account_id',
      [posted.transactionId.toString()],
    );
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.provider === 'EVO' && r.kind === 'REFUND')).toBe(true);
    expect((await checkLedger(ctx.database.db, { siteId: 'tw_web' })).ok).toBe(true);
  });

  it('refuses malformed legs before touching the database', async () => {
    const before = await fingerprint(ctx);
    const [a, b] = [await accountId(ctx, 'player001'), await accountId(ctx, 'player002')];
    await expect(
      post(ctx.database.db, {
        siteId: 'tw_web',
        kind: 'RECHARGE',
        operatorId: null,
        legs: legs([
          [a, 1n],
          [b, 1n],
        ]),
      }),
    ).rejects.toThrow(/sum to zero/);
    await expect(
      post(ctx.database.db, {
        siteId: 'tw_web',
        kind: 'RECHARGE',
        operatorId: null,
        legs: legs([
          [a, 0n],
          [b, 0n],
        ]),
      }),
    ).rejects.toThrow(/zero/);
    await expect(post(ctx.database.db, { siteId: 'tw_web', kind: 'RECHARGE', operatorId: null, legs: legs([[a, 1n]]) })).rejects.toThrow(
      /two or more/,
    );
    await expect(
      post(ctx.database.db, {
        siteId: 'tw_web',
        kind: 'RECHARGE',
        operatorId: null,
        legs: legs([
          [a, 1n],
          [a, -1n],
        ]),
      }),
    ).rejects.toThrow(/one leg per account/);
    await expect(
      post(ctx.database.db, {
        siteId: 'tw_web',
        kind: 'RECHARGE',
        operatorId: null,
        legs: legs([
          [a, 1n],
          [99_999_999, -1n],
        ]),
      }),
    ).rejects.toThrow(/ACCOUNT_MISSING/);
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('INSUFFICIENT_BALANCE undoes everything; so does a throw later in the caller transaction', async () => {
    const before = await fingerprint(ctx);
    const [a, b] = [await accountId(ctx, 'player003'), await accountId(ctx, 'player004')];
    const [row] = await q<{ b: string }>(ctx, 'select balance::text as b from accounts where id = $1', [a]);
    const err = await post(ctx.database.db, {
      siteId: 'tw_web',
      kind: 'WITHDRAW',
      operatorId: null,
      legs: legs([
        [a, -(BigInt(row!.b) + 1n)],
        [b, BigInt(row!.b) + 1n],
      ]),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).errorName).toBe('INSUFFICIENT_BALANCE');
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await post(tx, {
          siteId: 'tw_web',
          kind: 'RECHARGE',
          operatorId: null,
          legs: legs([
            [a, -1n],
            [b, 1n],
          ]),
        });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('a taken idempotency key is DuplicateKey and moves nothing', async () => {
    const [a, b] = [await accountId(ctx, 'agentA01'), await accountId(ctx, 'agentB01')];
    const input = {
      siteId: 'tw_web',
      kind: 'RECHARGE' as const,
      operatorId: a,
      legs: legs([
        [a, -1n],
        [b, 1n],
      ]),
      idempotency: { key: 'service-key-1', requestHash: 'h' },
    };
    await post(ctx.database.db, input);
    const before = await fingerprint(ctx);
    await expect(post(ctx.database.db, input)).rejects.toBeInstanceOf(DuplicateKey);
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('many concurrent postings over the same accounts in every leg order: no deadlock, nothing lost', async () => {
    const ids = [await accountId(ctx, 'agentB01'), await accountId(ctx, 'agentB02'), await accountId(ctx, 'agentC01')];
    const start = await q<{ id: number; b: string }>(ctx, 'select id, balance::text as b from accounts where id = any($1)', [ids]);
    const orders = [
      [0, 1, 2],
      [2, 1, 0],
      [1, 2, 0],
      [2, 0, 1],
    ];
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const o = orders[i % orders.length]!;
        return post(ctx.database.db, {
          siteId: 'tw_web',
          kind: 'RECHARGE',
          operatorId: null,
          legs: legs([
            [ids[o[0]!]!, -2n],
            [ids[o[1]!]!, 1n],
            [ids[o[2]!]!, 1n],
          ]),
        });
      }),
    );
    const end = await q<{ id: number; b: string }>(ctx, 'select id, balance::text as b from accounts where id = any($1)', [ids]);
    const total = (rows: { b: string }[]) => rows.reduce((s, r) => s + BigInt(r.b), 0n);
    expect(total(end)).toBe(total(start));
    expect((await checkLedger(ctx.database.db, { siteId: 'tw_web' })).ok).toBe(true);
  });
});
