import { siteTimeZone } from '../../lib/site';
import { siteNow } from '../../lib/time-range';

/** `YYYY-MM-DD HH:mm:ss` now on the site's wall clock: comparable as text with the server's times. */
export const siteNowText = (now: Date = new Date()) => siteNow(siteTimeZone(), now);

/** Today's date on the site's calendar: the "today" of "don't show again today". */
export const siteToday = (now: Date = new Date()) => siteNowText(now).slice(0, 10);
