import { describe, expect, it } from 'vitest';
import { canMoveCredit, createKeyKeeper, creditPreview, newIdempotencyKey, parseAmount } from '../credit';

describe('credit previews (bigint minor units)', () => {
  const admin = { accountNo: 'admin001', balance: '-1000.00', isHouse: true };
  const agent = { accountNo: 'agentA01', balance: '100.10', isHouse: false };
  const child = { accountNo: 'agentB01', balance: '0.20' };

  it('recharge: the caller pays, the child receives; no float drift', () => {
    const p = creditPreview('recharge', agent, child, parseAmountMinor('0.10'));
    expect(p.from).toEqual({ accountNo: 'agentA01', before: '100.10', after: '100.00' });
    expect(p.to).toEqual({ accountNo: 'agentB01', before: '0.20', after: '0.30' });
    expect(p.overdraws).toBe(false);
  });

  it('withdraw: the child pays the caller, and may not go below zero', () => {
    const p = creditPreview('withdraw', agent, child, parseAmountMinor('0.21'));
    expect(p.from).toEqual({ accountNo: 'agentB01', before: '0.20', after: '-0.01' });
    expect(p.to.after).toBe('100.31');
    expect(p.overdraws).toBe(true);
  });

  it('the house may go below zero; an agent may not', () => {
    expect(creditPreview('recharge', admin, child, parseAmountMinor('5')).overdraws).toBe(false);
    expect(creditPreview('poor', agent, child, parseAmountMinor('100.11')).overdraws).toBe(true);
  });

  it('amounts are validated with the shared schema', () => {
    expect(parseAmount('')).toEqual({ ok: false, key: 'amount.required' });
    expect(parseAmount('1.234')).toEqual({ ok: false, key: 'amount.format' });
    expect(parseAmount('-1')).toEqual({ ok: false, key: 'amount.format' });
    expect(parseAmount('0.00')).toEqual({ ok: false, key: 'amount.positive' });
    expect(parseAmount('100000000.01')).toEqual({ ok: false, key: 'amount.max' });
    expect(parseAmount(' 12.5 ')).toMatchObject({ ok: true, minor: 1250n, text: '12.50' });
  });
});

describe('idempotency keys', () => {
  it('are fresh UUIDs, kept for a retried submission and renewed for a changed one', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const keeper = createKeyKeeper();
    const first = keeper.keyFor('10.00|');
    expect(keeper.keyFor('10.00|')).toBe(first);
    const second = keeper.keyFor('11.00|');
    expect(second).not.toBe(first);
    expect(createKeyKeeper().keyFor('10.00|')).not.toBe(first);
  });

  it('renews the key after a definitive answer, even for the same submission', () => {
    const keeper = createKeyKeeper();
    const first = keeper.keyFor('10.00|');
    keeper.forget();
    expect(keeper.keyFor('10.00|')).not.toBe(first);
  });
});

describe('who may move credit', () => {
  const row = {
    parentId: 1,
    isDisabled: false,
    isFullDisabled: false,
    isFullReadonly: false,
    inheritedFullDisabled: false,
    inheritedFullReadonly: false,
  };
  it('direct children of a writer, unrestricted', () => {
    expect(canMoveCredit({ id: 1, write: true }, row)).toBe(true);
    expect(canMoveCredit({ id: 2, write: true }, row)).toBe(false);
    expect(canMoveCredit({ id: 1, write: false }, row)).toBe(false);
    expect(canMoveCredit({ id: 1, write: true }, { ...row, isDisabled: true })).toBe(false);
    expect(canMoveCredit({ id: 1, write: true }, { ...row, inheritedFullReadonly: true })).toBe(false);
  });
});

function parseAmountMinor(v: string): bigint {
  const r = parseAmount(v);
  if (!r.ok) throw new Error(r.key);
  return r.minor;
}
