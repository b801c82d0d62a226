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

  it('says an amount with too many digits is too large, not malformed', () => {
    for (const big of ['999999999999999', '123456789012345678901234567890.50', '0000000000000000100000000.01']) {
      expect(
        amountSchema.safeParse(big).error?.issues.map((i) => i.message),
        big,
      ).toEqual(['amount.max']);
    }
    expect(amountSchema.safeParse('000100.5').success).toBe(true);
  });
});
