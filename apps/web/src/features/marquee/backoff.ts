export const RECONNECT_MIN_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * The wait before reconnect number `attempt` (0: the first): doubling from 1 s up to 30 s, drawn
 * from the upper half of that, so the tabs a server restart cut off do not all return at once.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt);
  return ceiling / 2 + random() * (ceiling / 2);
}
