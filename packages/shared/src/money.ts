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

/**
 * The digits of `toMinorUnits(amount)` for an amount already known to match MONEY_PATTERN
 * (`"12.5"` → `"1250"`, `"0.00"` → `"0"`), made by moving the decimal point: no number and no
 * bigint. For the hot paths that only compare the value or pass it on as text (the provider API
 * checks and stores a thousand stakes per call).
 */
export function minorUnitsText(amount: string): string {
  const negative = amount.charCodeAt(0) === 45; // '-'
  const body = negative ? amount.slice(1) : amount;
  const dot = body.indexOf('.');
  const whole = dot < 0 ? body : body.slice(0, dot);
  const fraction = dot < 0 ? '00' : `${body.slice(dot + 1)}00`.slice(0, 2);
  const digits = whole + fraction;
  let start = 0;
  while (start < digits.length - 1 && digits.charCodeAt(start) === 48) start++; // leading '0'
  const text = start ? digits.slice(start) : digits;
  return negative && text !== '0' ? `-${text}` : text;
}

/** Whether the minor units `a` ≤ `b`, both non-negative `minorUnitsText` digits. */
export function minorUnitsTextAtMost(a: string, b: string): boolean {
  return a.length < b.length || (a.length === b.length && a <= b);
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
