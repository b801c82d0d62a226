import { siteForHost, type SiteId } from '@agent-bo/shared';

/** Site the app runs for, chosen from the page's host; unknown hosts fall back to the main site. */
export const DEFAULT_SITE_ID: SiteId = 'tw_web';

export function currentSiteId(host: string = typeof location === 'undefined' ? '' : location.host): SiteId {
  return siteForHost(host) ?? DEFAULT_SITE_ID;
}
