import { BUSINESS_DAY_START_HOUR, timeZoneOffsetMs } from '@agent-bo/shared';

/**
 * Start of the business day containing `now`: business days run from 12:00 to 11:59:59 the next
 * day in the site's time zone (so 11:59 belongs to the day that started yesterday at noon).
 */
export function businessDayStart(now: Date, timeZone: string): Date {
  const offset = timeZoneOffsetMs(now, timeZone);
  const local = new Date(now.getTime() + offset);
  let startLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), BUSINESS_DAY_START_HOUR);
  if (local.getTime() < startLocal) startLocal -= 24 * 3600_000;
  // The offset at the start may differ from now's (daylight saving): use the start's own.
  return new Date(startLocal - timeZoneOffsetMs(new Date(startLocal - offset), timeZone));
}
