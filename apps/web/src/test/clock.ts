import { afterEach, beforeEach, vi } from 'vitest';

/**
 * The instant that date-sensitive tests run at (see apps/server/test/clock.ts, the same rule):
 * `TEST_NOW` (an ISO instant) when set — CI runs these tests at several chosen instants with
 * `node scripts/test-at-instants.mjs` — and a fixed instant otherwise.
 */
export const DEFAULT_TEST_NOW = '2026-11-24T15:05:00Z';

export function testNow(): Date {
  const text = process.env.TEST_NOW || DEFAULT_TEST_NOW;
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) throw new Error(`TEST_NOW is not an instant: ${text}`);
  return at;
}

/**
 * Runs each test of the calling file with the page's `Date` standing at `testNow()`: only `Date`
 * is replaced (timers, animations and polling run as usual), and it stands still, so an instant a
 * second before a business day turns stays before it however long the page takes to load.
 */
export function runOnTestClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testNow());
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
