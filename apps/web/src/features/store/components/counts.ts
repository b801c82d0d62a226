/** Points, prices and stock are whole numbers: shown with thousands separators, never as decimals. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 0 });
}

/** A signed points amount: +120 / −80. */
export function formatSigned(n: number): string {
  return n > 0 ? `+${formatCount(n)}` : n < 0 ? `−${formatCount(-n)}` : '0';
}
