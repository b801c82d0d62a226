import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDateTimeIntl } from '../../src/lib/dates.js';

/**
 * formatDateTime computes the wall clock from an offset cached per quarter hour; it must answer
 * what Intl answers, to the character, in every zone and around every transition.
 */
const ZONES = [
  'Asia/Taipei',
  'Asia/Manila',
  'Asia/Bangkok',
  'Asia/Ho_Chi_Minh',
  'UTC',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe', // 30-minute daylight saving
  'Asia/Kathmandu', // +05:45
  'America/St_Johns', // −03:30 / −02:30
  'Pacific/Chatham', // +12:45 / +13:45
  'Europe/Amsterdam', // local mean time with seconds before 1937
];

/** A small deterministic generator, so a failure names its instant. */
function* instants(seed: number, n: number, from: number, to: number) {
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    yield from + Math.floor((x / 2 ** 31) * (to - from));
  }
}

describe('formatDateTime', () => {
  it('answers as Intl does for random instants from 1900 to 2100 in every zone', () => {
    for (const zone of ZONES) {
      for (const ms of instants(7, 3000, Date.UTC(1900, 0, 1), Date.UTC(2100, 0, 1))) {
        const date = new Date(ms);
        expect(formatDateTime(date, zone), `${zone} ${date.toISOString()}`).toBe(formatDateTimeIntl(date, zone));
      }
    }
  });

  it('answers as Intl does second by second across daylight-saving transitions, and at milliseconds', () => {
    const edges: [string, number][] = [
      ['America/New_York', Date.UTC(2026, 2, 8, 7)], // 02:00 local → 03:00
      ['America/New_York', Date.UTC(2026, 10, 1, 6)], // 02:00 local → 01:00
      ['Europe/London', Date.UTC(2026, 2, 29, 1)],
      ['Europe/London', Date.UTC(2026, 9, 25, 1)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 15)], // 02:00 → 01:30
      ['Pacific/Chatham', Date.UTC(2026, 3, 4, 14)],
    ];
    for (const [zone, at] of edges) {
      for (let ms = at - 3_600_000; ms <= at + 3_600_000; ms += 997) {
        const date = new Date(ms);
        expect(formatDateTime(date, zone), `${zone} ${date.toISOString()}`).toBe(formatDateTimeIntl(date, zone));
      }
    }
  });

  it('keeps the site zone format and refuses an invalid date like Intl', () => {
    expect(formatDateTime(new Date('2030-01-10T04:00:00.999Z'), 'Asia/Taipei')).toBe('2030-01-10 12:00:00');
    expect(formatDateTime(new Date('1969-12-31T23:59:59.500Z'), 'UTC')).toBe('1969-12-31 23:59:59');
    expect(() => formatDateTime(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
  });
});
