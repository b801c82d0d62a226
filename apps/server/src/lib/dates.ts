const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
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

/** `formatDateTime` through Intl: the reference, and the answer wherever the offset is not cached. */
export function formatDateTimeIntl(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The zone's offset from UTC at the second of `ms` (wall clock − instant, whole seconds), through Intl. */
function offsetAt(ms: number, timeZone: string): number {
  const second = Math.floor(ms / 1000) * 1000;
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(new Date(second))
      .map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - second;
}

/**
 * Offsets by time zone and quarter hour of UTC: the offset when it is the same at both ends of the
 * quarter (no transition inside), else null (Intl answers for that quarter). Transitions are
 * months apart, so one quarter never holds two.
 */
const QUARTER = 15 * 60_000;
const offsets = new Map<string, Map<number, number | null>>();
const MAX_QUARTERS = 20_000;

function cachedOffset(ms: number, timeZone: string): number | null {
  let byQuarter = offsets.get(timeZone);
  if (!byQuarter) offsets.set(timeZone, (byQuarter = new Map()));
  const quarter = Math.floor(ms / QUARTER);
  let offset = byQuarter.get(quarter);
  if (offset === undefined) {
    if (byQuarter.size >= MAX_QUARTERS) byQuarter.clear();
    const first = offsetAt(quarter * QUARTER, timeZone);
    offset = first === offsetAt((quarter + 1) * QUARTER - 1, timeZone) ? first : null;
    byQuarter.set(quarter, offset);
  }
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * `YYYY-MM-DD HH:mm:ss` in `timeZone` (ARCHITECTURE.md convention 9).
 *
 * Intl's `formatToParts` costs tens of microseconds a call and a list formats two dates a row, so
 * the zone's offset is read through Intl once per quarter hour and the wall clock is computed from
 * it; the answer is Intl's to the character (test/lib/dates.test.ts compares them).
 */
export function formatDateTime(date: Date, timeZone: string): string {
  const ms = date.getTime();
  if (!Number.isFinite(ms)) return formatDateTimeIntl(date, timeZone);
  const offset = cachedOffset(ms, timeZone);
  if (offset === null) return formatDateTimeIntl(date, timeZone);
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offset);
  const year = wall.getUTCFullYear();
  // Intl writes years outside 1000–9999 its own way; they are not dates this product shows.
  if (year < 1000 || year > 9999) return formatDateTimeIntl(date, timeZone);
  return `${year}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`;
}
