import { SITES, siteForHost, siteTimeZone as timeZoneOfSite, type SiteId, type SiteMode } from '@agent-bo/shared';

/** Site the app runs for, chosen from the page's host; unknown hosts fall back to the main site. */
export const DEFAULT_SITE_ID: SiteId = 'tw_web';

export function currentSiteId(host: string = typeof location === 'undefined' ? '' : location.host): SiteId {
  return siteForHost(host) ?? DEFAULT_SITE_ID;
}

/** The site's mode (spec §1): cabinet sites call a player a "cabinet". */
export function currentSiteMode(host?: string): SiteMode {
  const id = currentSiteId(host);
  return SITES.find((s) => s.id === id)?.mode ?? 'default';
}

/**
 * The site's IANA time zone (the shared rule, the same as the server's): log times, business-day
 * presets and filters are in it (spec §9). By default the site this page runs for.
 */
export function siteTimeZone(siteId: SiteId | string = currentSiteId()): string {
  return timeZoneOfSite(siteId);
}
