/**
 * Business days (spec §9 "date-range helpers"): a business day runs from 12:00:00 to 11:59:59 of
 * the next calendar day in the site's time zone. The business date of an instant is the calendar
 * date of (local time − 12 h). Weeks start on Monday; months follow the business date.
 *
 * Everything here works on wall-clock values in an IANA time zone through Intl.DateTimeFormat
 * (no date library). Date arithmetic runs on "naive" UTC milliseconds, i.e. a wall clock read
 * as if it were UTC, so no offset or DST question arises until a wall clock is turned back into
 * an instant (`zonedDateTimeToInstant`).
 */

export interface DateTimeRange {
  /** `YYYY-MM-DD HH:mm:ss` in the time zone, inclusive. */
  start: string;
  /** `YYYY-MM-DD HH:mm:ss` in the time zone, inclusive (…11:59:59). */
  end: string;
}

export const BUSINESS_RANGE_NAMES = ['today', 'yesterday', 'tomorrow', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth'] as const;
export type BusinessRangeName = (typeof BUSINESS_RANGE_NAMES)[number];
export type BusinessRanges = Record<BusinessRangeName, DateTimeRange>;

/**
 * The range every date filter opens on (dashboard, agent report, bets, logs, reconciliation) and
 * goes back to on reset: the current business day. One rule, so the dashboard's totals and the
 * report's are the same figures when a screen is first opened; longer ranges are a preset away.
 */
export const DEFAULT_RANGE: BusinessRangeName = 'today';

/** The hour at which a business day starts. */
export const BUSINESS_DAY_START_HOUR = 12;

const DAY_MS = 86_400_000;
const SHIFT_MS = BUSINESS_DAY_START_HOUR * 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `instant` in `timeZone`, as naive UTC milliseconds. */
function wallClockMs(instant: Date, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  // Some engines print midnight as 24 even with h23.
  const hour = parts.hour === 24 ? 0 : (parts.hour ?? 0);
  const ms = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, hour, parts.minute ?? 0, parts.second ?? 0);
  return ms + instant.getUTCMilliseconds();
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (Asia/Taipei: +8 h). */
export function timeZoneOffsetMs(instant: Date, timeZone: string): number {
  const floored = new Date(Math.floor(instant.getTime() / 1000) * 1000);
  return wallClockMs(floored, timeZone) - floored.getTime();
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function formatNaiveDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function formatNaive(ms: number): string {
  const d = new Date(ms);
  return `${formatNaiveDate(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** `YYYY-MM-DD HH:mm:ss` of `instant` in `timeZone`. */
export function formatZonedDateTime(instant: Date, timeZone: string): string {
  return formatNaive(wallClockMs(instant, timeZone));
}

/** The business date (`YYYY-MM-DD`) of `instant` in `timeZone`: the calendar date 12 hours earlier. */
export function businessDate(instant: Date, timeZone: string): string {
  return formatNaiveDate(wallClockMs(instant, timeZone) - SHIFT_MS);
}

/** Naive midnight of the business date. */
function businessDayMs(instant: Date, timeZone: string): number {
  const shifted = wallClockMs(instant, timeZone) - SHIFT_MS;
  return shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS);
}

/** The range of business days [firstDay, lastDay] (naive midnights). */
function span(firstDay: number, lastDay: number): DateTimeRange {
  return { start: formatNaive(firstDay + SHIFT_MS), end: formatNaive(lastDay + DAY_MS + SHIFT_MS - 1000) };
}

/** The business day, week or month ranges around `instant` (spec §9 presets). */
export function businessRanges(instant: Date, timeZone: string): BusinessRanges {
  const day = businessDayMs(instant, timeZone);
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = day - weekday * DAY_MS;
  const d = new Date(day);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const monthStart = Date.UTC(y, m, 1);
  const nextMonthStart = Date.UTC(y, m + 1, 1);
  const lastMonthStart = Date.UTC(y, m - 1, 1);
  return {
    today: span(day, day),
    yesterday: span(day - DAY_MS, day - DAY_MS),
    tomorrow: span(day + DAY_MS, day + DAY_MS),
    thisWeek: span(monday, monday + 6 * DAY_MS),
    lastWeek: span(monday - 7 * DAY_MS, monday - DAY_MS),
    thisMonth: span(monthStart, nextMonthStart - DAY_MS),
    lastMonth: span(lastMonthStart, monthStart - DAY_MS),
  };
}

/** One named range; see `businessRanges`. */
export function businessRange(name: BusinessRangeName, instant: Date, timeZone: string): DateTimeRange {
  return businessRanges(instant, timeZone)[name];
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * The instant of a `YYYY-MM-DD HH:mm:ss` wall clock in `timeZone`, or null when the text is not
 * such a value or names an impossible date (Feb 30). Across a DST change the earlier offset wins.
 */
export function zonedDateTimeToInstant(text: string, timeZone: string): Date | null {
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const naive = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(naive);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
    return null;
  // Two passes settle the offset for any zone (the second corrects across a DST boundary).
  let instant = naive - timeZoneOffsetMs(new Date(naive), timeZone);
  instant = naive - timeZoneOffsetMs(new Date(instant), timeZone);
  return new Date(instant);
}
