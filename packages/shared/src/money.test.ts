import { describe, expect, it } from 'vitest';
import { formatMinorUnits, toMinorUnits } from './money.js';

describe('money', () => {
  it('parses decimal strings into integer minor units without floating point', () => {
    expect(toMinorUnits('1234.50')).toBe(123450n);
    expect(toMinorUnits('0.1')).toBe(10n);
    expect(toMinorUnits('0.07')).toBe(7n);
    expect(toMinorUnits('-3.05')).toBe(-305n);
    expect(toMinorUnits('999999999999999.99')).toBe(99999999999999999n);
  });

  it('refuses anything that is not a two-decimal amount', () => {
    for (const bad of ['1.234', 'abc', '', '1e5', '1.', '.5', ' 1', 'NaN']) {
      expect(() => toMinorUnits(bad), bad).toThrow(RangeError);
    }
  });

  it('formats minor units back to a two-decimal string', () => {
    expect(formatMinorUnits(123450n)).toBe('1234.50');
    expect(formatMinorUnits(7)).toBe('0.07');
    expect(formatMinorUnits('-305')).toBe('-3.05');
    expect(formatMinorUnits(0n)).toBe('0.00');
  });
});
