import { formatZonedDateTime } from '@agent-bo/shared';
import { siteTimeZone } from '../../lib/site';

/** `YYYY-MM-DD HH:mm:ss` now on the site's wall clock: comparable as text with the server's times. */
export const siteNowText = (now: Date = new Date()) => formatZonedDateTime(now, siteTimeZone());

/** Today's date on the site's calendar: the "today" of "don't show again today". */
export const siteToday = (now: Date = new Date()) => siteNowText(now).slice(0, 10);
