const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds `timeZone` is ahead of UTC at `at`. */
function offsetMs(at: Date, timeZone: string): number {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * Start of the business day containing `now`: business days run from 12:00 to 11:59:59 the next
 * day in the site's time zone (so 11:59 belongs to the day that started yesterday at noon).
 */
export function businessDayStart(now: Date, timeZone: string): Date {
  const offset = offsetMs(now, timeZone);
  const local = new Date(now.getTime() + offset);
  let startLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 12);
  if (local.getTime() < startLocal) startLocal -= 24 * 3600_000;
  // The offset at noon may differ from now's (DST); use noon's own.
  const guess = new Date(startLocal - offset);
  return new Date(startLocal - offsetMs(guess, timeZone));
}
