import dayjs, { type Dayjs } from 'dayjs';
import { BUSINESS_RANGE_NAMES, businessRanges, formatZonedDateTime, type BusinessRangeName } from '@agent-bo/shared';

/**
 * The time-range picker works on site wall clocks: a value shown as `2030-01-10 12:00:00` means
 * that time in the site's zone, whatever the browser's zone. Dayjs values are built from and
 * turned back into those `YYYY-MM-DD HH:mm:ss` strings, never through an offset.
 */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export type Range = [Dayjs, Dayjs];

export function toRange(range: { start: string; end: string }): Range {
  return [dayjs(range.start), dayjs(range.end)];
}

export function fromRange(range: readonly [Dayjs | null, Dayjs | null] | null | undefined): { start?: string; end?: string } {
  return {
    start: range?.[0] ? range[0].format(DATE_TIME_FORMAT) : undefined,
    end: range?.[1] ? range[1].format(DATE_TIME_FORMAT) : undefined,
  };
}

/** Noon-based presets (today … last month) in `timeZone`, in the order the picker lists them. */
export function businessPresets(now: Date, timeZone: string): { name: BusinessRangeName; value: Range }[] {
  const ranges = businessRanges(now, timeZone);
  return BUSINESS_RANGE_NAMES.map((name) => ({ name, value: toRange(ranges[name]) }));
}

/** The site's current wall clock, e.g. for file names. */
export function siteNow(timeZone: string, now: Date = new Date()): string {
  return formatZonedDateTime(now, timeZone);
}
