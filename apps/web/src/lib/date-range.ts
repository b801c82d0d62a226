import dayjs, { type Dayjs } from 'dayjs';
import { BUSINESS_RANGE_NAMES, businessDatesOf, businessRange, type BusinessRangeName } from '@agent-bo/shared';

/**
 * The report works on business dates (`YYYY-MM-DD`, a day from 12:00 to 11:59:59 the next day in
 * the site's zone). Its presets are the log page's noon-based ranges turned into those dates, so
 * "today" before noon is still yesterday's business date. Dayjs values only carry the calendar
 * date here and are turned back into text, never through an offset.
 */
export const DATE_FORMAT = 'YYYY-MM-DD';

export type DateRange = [Dayjs, Dayjs];

export function presetDates(name: BusinessRangeName, timeZone: string, now: Date = new Date()): { start: string; end: string } {
  return businessDatesOf(businessRange(name, now, timeZone));
}

export function toDateRange(dates: { start: string; end: string }): DateRange {
  return [dayjs(dates.start), dayjs(dates.end)];
}

export function fromDateRange(range: readonly [Dayjs | null, Dayjs | null] | null | undefined): { start?: string; end?: string } {
  return { start: range?.[0]?.format(DATE_FORMAT), end: range?.[1]?.format(DATE_FORMAT) };
}

/** Every preset as business dates, in the picker's order. */
export function reportPresets(timeZone: string, now: Date = new Date()): { name: BusinessRangeName; start: string; end: string }[] {
  return BUSINESS_RANGE_NAMES.map((name) => ({ name, ...presetDates(name, timeZone, now) }));
}
