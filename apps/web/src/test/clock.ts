import { afterEach, beforeEach, it, vi, type TestOptions } from 'vitest';

/**
 * The instant that date-sensitive tests run at (see apps/server/test/clock.ts, the same rule):
 * `TEST_NOW` (an ISO instant) when set — CI runs these tests at several chosen instants with
 * `node scripts/test-at-instants.mjs` — and a fixed instant otherwise.
 */
export const DEFAULT_TEST_NOW = '2026-11-24T15:05:00Z';

export function testNow(): Date {
  if (instantUnderTest) return new Date(instantUnderTest);
  const text = process.env.TEST_NOW || DEFAULT_TEST_NOW;
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) throw new Error(`TEST_NOW is not an instant: ${text}`);
  return at;
}

/** The instant of each `itAtEachInstant` test of the file, by the test's name. */
const instantsByTest = new Map<string, Date>();
/** The instant the running `itAtEachInstant` test stands at, if one runs (set before its hooks). */
let instantUnderTest: Date | undefined;

/**
 * The instants a date test runs at: each of `TEST_INSTANTS` (comma-separated ISO instants; the
 * date matrix sets it, see scripts/instants.mjs) or, in an ordinary run, `testNow()` alone.
 */
export function testInstants(): Date[] {
  const listed = process.env.TEST_INSTANTS?.split(',').filter(Boolean) ?? [];
  return listed.length === 0
    ? [testNow()]
    : listed.map((text) => {
        const at = new Date(text);
        if (Number.isNaN(at.getTime())) throw new Error(`TEST_INSTANTS holds something that is not an instant: ${text}`);
        return at;
      });
}

/**
 * A test whose subject is a date, tagged `dates`: once at `testNow()` in an ordinary run, and in
 * the date matrix once per instant of `testInstants()`, one after the other in the same file. The
 * file and the app's modules load once for all eight instants (a project per instant loaded the
 * page's chunks again each time, most of such a test's cost). From the test's first `beforeEach`
 * on, `testNow()` and the page's `Date` stand at that instant: the file must call
 * `runOnTestClock()` before it registers hooks of its own.
 */
export function itAtEachInstant(name: string, options: TestOptions, body: () => Promise<void>): void {
  const instants = testInstants();
  for (const at of instants) {
    const title = instants.length > 1 ? `${name} [at ${at.toISOString()}]` : name;
    instantsByTest.set(title, at);
    it(title, { ...options, tags: ['dates'] }, async () => {
      // Without runOnTestClock's hook the test would run at the default instant eight times and pass.
      if (instantUnderTest?.getTime() !== at.getTime()) throw new Error('a file with itAtEachInstant must call runOnTestClock() first');
      await body();
    });
  }
}

/**
 * Runs each test of the calling file with the page's `Date` standing at `testNow()`: only `Date`
 * is replaced (timers, animations and polling run as usual), and it stands still, so an instant a
 * second before a business day turns stays before it however long the page takes to load.
 */
export function runOnTestClock(): void {
  beforeEach(({ task }) => {
    instantUnderTest = instantsByTest.get(task.name);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testNow());
  });
  afterEach(() => {
    vi.useRealTimers();
    instantUnderTest = undefined;
  });
}
