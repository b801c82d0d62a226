import { describe, expect, it } from 'vitest';
import { formatMinorUnits, minorUnitsText, minorUnitsTextAtMost, toMinorUnits } from './money.js';

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

  it('gives the digits of toMinorUnits as text, for every form of an amount', () => {
    const amounts = ['0', '0.0', '0.00', '0.01', '0.1', '0.10', '1', '1.5', '01.50', '007', '10.00', '12.34', '-0.00', '-3.05', '-0.5'];
    for (const a of [...amounts, '999999999999.99', '000000000000.00', '999999999999999.99']) {
      expect(minorUnitsText(a), a).toBe(toMinorUnits(a).toString());
    }
    for (let i = 0; i < 2000; i++) {
      const a = `${(i * 7919) % 10 ** (1 + (i % 12))}${['', '.5', '.05', '.50', '.99', '.0'][i % 6]}`;
      expect(minorUnitsText(a), a).toBe(toMinorUnits(a).toString());
    }
  });

  it('compares minor-unit digits as the numbers they are', () => {
    const values = ['0', '1', '9', '10', '99', '100', '1250', '10000000000', '9999999999', '10000000001'];
    for (const a of values) for (const b of values) expect(minorUnitsTextAtMost(a, b), `${a} ≤ ${b}`).toBe(BigInt(a) <= BigInt(b));
  });
});
