/**
 * The instant that date-sensitive tests run at. A test whose outcome could depend on the time of
 * day, the weekday or the month takes its "now" from here rather than from the wall clock:
 * `TEST_NOW` (an ISO instant) when set — the CI runs these tests at several chosen instants
 * (noon boundaries of the sites' time zones, a week and a month and a year end) — and a fixed
 * instant otherwise, so a run on any machine at any hour sees the same dates.
 */
export const DEFAULT_TEST_NOW = '2026-11-24T15:05:00Z';

export function testNow(): Date {
  const text = process.env.TEST_NOW || DEFAULT_TEST_NOW;
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) throw new Error(`TEST_NOW is not an instant: ${text}`);
  return at;
}
