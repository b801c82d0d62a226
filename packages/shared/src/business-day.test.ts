import { describe, expect, it } from 'vitest';
import {
  businessDate,
  businessRange,
  businessRanges,
  formatZonedDateTime,
  timeZoneOffsetMs,
  zonedDateTimeToInstant,
} from './business-day.js';

const TPE = 'Asia/Taipei'; // UTC+8
const MNL = 'Asia/Manila'; // UTC+8 as well, but a separate zone database entry
const at = (iso: string) => new Date(iso);

describe('business day (noon to noon)', () => {
  it('reads offsets and wall clocks from Intl', () => {
    expect(timeZoneOffsetMs(at('2026-01-15T00:00:00Z'), TPE)).toBe(8 * 3_600_000);
    expect(timeZoneOffsetMs(at('2026-01-15T00:00:00Z'), MNL)).toBe(8 * 3_600_000);
    expect(timeZoneOffsetMs(at('2026-01-15T00:00:00Z'), 'America/New_York')).toBe(-5 * 3_600_000);
    expect(formatZonedDateTime(at('2026-01-14T16:00:00Z'), TPE)).toBe('2026-01-15 00:00:00');
  });

  it('changes business date at 12:00:00 local, not at midnight', () => {
    // 2026-03-10 11:59:59 Taipei = 03:59:59Z
    expect(businessDate(at('2026-03-10T03:59:59Z'), TPE)).toBe('2026-03-09');
    expect(businessDate(at('2026-03-10T04:00:00Z'), TPE)).toBe('2026-03-10');
    // Local midnight is still the previous business day.
    expect(businessDate(at('2026-03-09T16:00:00Z'), TPE)).toBe('2026-03-09');
    expect(businessDate(at('2026-03-10T03:59:59Z'), MNL)).toBe('2026-03-09');
    expect(businessDate(at('2026-03-10T04:00:00Z'), MNL)).toBe('2026-03-10');
  });

  it('gives today, yesterday and tomorrow from noon to 11:59:59', () => {
    const before = businessRanges(at('2026-03-10T03:59:59Z'), TPE);
    expect(before.today).toEqual({ start: '2026-03-09 12:00:00', end: '2026-03-10 11:59:59' });
    expect(before.yesterday).toEqual({ start: '2026-03-08 12:00:00', end: '2026-03-09 11:59:59' });
    expect(before.tomorrow).toEqual({ start: '2026-03-10 12:00:00', end: '2026-03-11 11:59:59' });
    const after = businessRanges(at('2026-03-10T04:00:00Z'), TPE);
    expect(after.today).toEqual({ start: '2026-03-10 12:00:00', end: '2026-03-11 11:59:59' });
  });

  it('starts weeks on Monday noon; Monday morning still belongs to the week before', () => {
    // 2026-03-16 is a Monday. Monday 11:59:59 Manila = business Sunday 15th.
    const sundayEnd = businessRanges(at('2026-03-16T03:59:59Z'), MNL);
    expect(sundayEnd.thisWeek).toEqual({ start: '2026-03-09 12:00:00', end: '2026-03-16 11:59:59' });
    expect(sundayEnd.lastWeek).toEqual({ start: '2026-03-02 12:00:00', end: '2026-03-09 11:59:59' });
    const mondayNoon = businessRanges(at('2026-03-16T04:00:00Z'), MNL);
    expect(mondayNoon.thisWeek).toEqual({ start: '2026-03-16 12:00:00', end: '2026-03-23 11:59:59' });
    expect(mondayNoon.lastWeek).toEqual({ start: '2026-03-09 12:00:00', end: '2026-03-16 11:59:59' });
  });

  it('keeps months by the shifted date across month and year ends', () => {
    // 2027-01-01 11:59:59 Taipei is still business day 2026-12-31.
    const newYearMorning = businessRanges(at('2027-01-01T03:59:59Z'), TPE);
    expect(newYearMorning.today).toEqual({ start: '2026-12-31 12:00:00', end: '2027-01-01 11:59:59' });
    expect(newYearMorning.thisMonth).toEqual({ start: '2026-12-01 12:00:00', end: '2027-01-01 11:59:59' });
    expect(newYearMorning.lastMonth).toEqual({ start: '2026-11-01 12:00:00', end: '2026-12-01 11:59:59' });
    expect(newYearMorning.tomorrow).toEqual({ start: '2027-01-01 12:00:00', end: '2027-01-02 11:59:59' });

    const newYearNoon = businessRanges(at('2027-01-01T04:00:00Z'), TPE);
    expect(newYearNoon.thisMonth).toEqual({ start: '2027-01-01 12:00:00', end: '2027-02-01 11:59:59' });
    expect(newYearNoon.lastMonth).toEqual({ start: '2026-12-01 12:00:00', end: '2027-01-01 11:59:59' });
    expect(newYearNoon.yesterday).toEqual({ start: '2026-12-31 12:00:00', end: '2027-01-01 11:59:59' });
  });

  it('handles a leap February and a week spanning two years', () => {
    // 2028 is a leap year; 2028-03-01 08:00 Manila is business day Feb 29.
    const leap = businessRanges(at('2028-03-01T00:00:00Z'), MNL);
    expect(businessDate(at('2028-03-01T00:00:00Z'), MNL)).toBe('2028-02-29');
    expect(leap.thisMonth).toEqual({ start: '2028-02-01 12:00:00', end: '2028-03-01 11:59:59' });
    expect(leap.lastMonth).toEqual({ start: '2028-01-01 12:00:00', end: '2028-02-01 11:59:59' });
    expect(leap.tomorrow).toEqual({ start: '2028-03-01 12:00:00', end: '2028-03-02 11:59:59' });
    // A non-leap February has 28 days.
    expect(businessRange('thisMonth', at('2027-02-10T05:00:00Z'), TPE)).toEqual({
      start: '2027-02-01 12:00:00',
      end: '2027-03-01 11:59:59',
    });
    // 2026-12-31 is a Thursday: its week runs Monday 28 Dec → Monday 4 Jan.
    expect(businessRange('thisWeek', at('2026-12-31T06:00:00Z'), TPE)).toEqual({
      start: '2026-12-28 12:00:00',
      end: '2027-01-04 11:59:59',
    });
  });

  it('turns site wall clocks back into instants', () => {
    expect(zonedDateTimeToInstant('2026-03-10 12:00:00', TPE)?.toISOString()).toBe('2026-03-10T04:00:00.000Z');
    expect(zonedDateTimeToInstant('2026-01-01 00:00:00', MNL)?.toISOString()).toBe('2025-12-31T16:00:00.000Z');
    expect(zonedDateTimeToInstant('2026-07-01 12:00:00', 'America/New_York')?.toISOString()).toBe('2026-07-01T16:00:00.000Z');
    expect(zonedDateTimeToInstant('2026-02-30 12:00:00', TPE)).toBeNull();
    expect(zonedDateTimeToInstant('2026-02-03T12:00:00', TPE)).toBeNull();
    expect(zonedDateTimeToInstant('2026-02-03 24:00:00', TPE)).toBeNull();
  });
});
