import { describe, expect, it } from 'vitest';
import { amountSchema } from './ledger.js';

describe('amountSchema', () => {
  it('answers one issue for a malformed amount instead of throwing', () => {
    for (const bad of ['1.234', '-1', 'abc', '', '1e5', '1.', ' ']) {
      const r = amountSchema.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(
        r.error?.issues.map((i) => i.message),
        bad,
      ).toEqual(['amount.format']);
    }
  });

  it('refuses zero and amounts above the maximum, accepts two decimals', () => {
    expect(amountSchema.safeParse('0.00').error?.issues.map((i) => i.message)).toEqual(['amount.positive']);
    expect(amountSchema.safeParse('100000000.01').error?.issues.map((i) => i.message)).toEqual(['amount.max']);
    expect(amountSchema.safeParse(' 12.5 ').data).toBe('12.5');
    expect(amountSchema.safeParse('100000000.00').success).toBe(true);
  });
});
