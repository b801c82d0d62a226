import { z } from 'zod';

/**
 * Money travels as a decimal string with at most two decimals ("1234.50") and is kept as integer
 * minor units (bigint) everywhere else. No floating point touches an amount.
 */
export const MONEY_PATTERN = /^-?\d{1,15}(\.\d{1,2})?$/;

export function toMinorUnits(amount: string): bigint {
  if (!MONEY_PATTERN.test(amount)) throw new RangeError(`not a money amount: ${amount}`);
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const minor = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -minor : minor;
}

export function formatMinorUnits(minor: bigint | number | string): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 100n;
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${cents}`;
}

/** A balance as it appears in responses. */
export const moneyStringSchema = z.string().regex(MONEY_PATTERN);
