import { formatMinorUnits, toMinorUnits } from '@agent-bo/shared';

/**
 * Formats a decimal money string ("1234567.5") for display ("1,234,567.50") with string and
 * bigint operations only; never through a float. An unparseable value is shown as is.
 */
export function formatMoney(amount: string): string {
  let normal: string;
  try {
    normal = formatMinorUnits(toMinorUnits(amount));
  } catch {
    return amount;
  }
  const negative = normal.startsWith('-');
  const [whole = '0', cents = '00'] = normal.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${cents}`;
}
