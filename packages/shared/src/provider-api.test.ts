import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_MINOR } from './ledger.js';
import { toMinorUnits } from './money.js';
import { providerMoneySchema, providerStakeSchema } from './provider-api.js';

const messages = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('provider API amounts', () => {
  it('refuses a stake that is not positive or above the maximum, and a malformed amount, with its message', () => {
    expect(messages(providerStakeSchema.safeParse('0'))).toEqual(['amount.positive']);
    expect(messages(providerStakeSchema.safeParse('000.00'))).toEqual(['amount.positive']);
    expect(messages(providerStakeSchema.safeParse('0.01'))).toEqual([]);
    expect(messages(providerStakeSchema.safeParse('100000000.00'))).toEqual([]);
    expect(messages(providerStakeSchema.safeParse('100000000.01'))).toEqual(['amount.max']);
    expect(messages(providerStakeSchema.safeParse('1.234'))).toEqual(['amount.format']);
    expect(messages(providerMoneySchema.safeParse('0'))).toEqual([]);
    expect(messages(providerMoneySchema.safeParse('10000000000.00'))).toEqual([]);
    expect(messages(providerMoneySchema.safeParse('10000000000.01'))).toEqual(['amount.max']);
    expect(messages(providerMoneySchema.safeParse('-1'))).toEqual(['amount.format']);
  });

  it('draws the bounds where the minor units do', () => {
    const around = (minor: bigint) => [minor - 1n, minor, minor + 1n].map((m) => `${m / 100n}.${String(m % 100n).padStart(2, '0')}`);
    const amounts = [
      ...around(1n),
      ...around(MAX_AMOUNT_MINOR),
      ...around(MAX_AMOUNT_MINOR * 100n),
      '0.5',
      '12',
      '0000.10',
      '999999999999.99',
    ];
    for (const a of amounts) {
      const minor = toMinorUnits(a);
      expect(providerStakeSchema.safeParse(a).success, a).toBe(minor > 0n && minor <= MAX_AMOUNT_MINOR);
      expect(providerMoneySchema.safeParse(a).success, a).toBe(minor <= MAX_AMOUNT_MINOR * 100n);
    }
  });
});
