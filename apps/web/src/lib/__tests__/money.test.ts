import { describe, expect, it } from 'vitest';
import { formatMoney } from '../money';

describe('formatMoney', () => {
  it('groups thousands and pads cents without float arithmetic', () => {
    expect(formatMoney('0')).toBe('0.00');
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney('-1000.05')).toBe('-1,000.05');
    expect(formatMoney('999999999999999.99')).toBe('999,999,999,999,999.99');
    expect(formatMoney('0.1')).toBe('0.10');
  });

  it('shows an unparseable value unchanged', () => {
    expect(formatMoney('abc')).toBe('abc');
  });
});
