import { BUSINESS_DAY_START_HOUR, businessDate, timeZoneOffsetMs } from '@agent-bo/shared';

/**
 * The business date of an instant, as `businessDate` (shared/business-day.ts) gives it, without
 * one `Intl` call per instant: a batch of bets asks for a thousand dates that fall in one or two
 * hours, and the zone's offset is one value per hour for all of them.
 *
 * A UTC hour whose offset at its first and at its last second agree has that offset throughout
 * (zones change their offset at most once in an hour); the hours that hold a change (a DST switch
 * at a half hour, say) are remembered as such and their instants go through `businessDate` itself.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const SHIFT_MS = BUSINESS_DAY_START_HOUR * HOUR_MS;
/** Bounds the caches: instants are mostly "now", so a handful of hours and days are in use. */
const MAX_ENTRIES = 10_000;

/** Per time zone: UTC hour number → the zone's offset over the whole hour, or null when it changes within it. */
const offsets = new Map<string, Map<number, number | null>>();
/** Day number (naive, of the shifted wall clock) → `YYYY-MM-DD`. */
const dates = new Map<number, string>();

function hourOffset(hour: number, timeZone: string): number | null {
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  let offset = zone.get(hour);
  if (offset === undefined) {
    const first = timeZoneOffsetMs(new Date(hour * HOUR_MS), timeZone);
    const last = timeZoneOffsetMs(new Date(hour * HOUR_MS + HOUR_MS - 1000), timeZone);
    offset = first === last ? first : null;
    if (zone.size >= MAX_ENTRIES) zone.clear();
    zone.set(hour, offset);
  }
  return offset;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of the instant `ms` (epoch milliseconds) in `timeZone`'s business days. */
export function businessDateOf(ms: number, timeZone: string): string {
  const offset = hourOffset(Math.floor(ms / HOUR_MS), timeZone);
  if (offset === null) return businessDate(new Date(ms), timeZone);
  const day = Math.floor((ms + offset - SHIFT_MS) / DAY_MS);
  let text = dates.get(day);
  if (text === undefined) {
    const d = new Date(day * DAY_MS);
    text = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    if (dates.size >= MAX_ENTRIES) dates.clear();
    dates.set(day, text);
  }
  return text;
}
