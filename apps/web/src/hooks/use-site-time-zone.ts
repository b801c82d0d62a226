import { currentSiteId, siteTimeZone } from '../lib/site';
import { useUserStore } from '../stores/user-store';

/** The zone of the signed-in user's site: dates and clocks on screen are that site's wall clock, not the browser's. */
export function useSiteTimeZone(): string {
  const user = useUserStore((s) => s.userInfo);
  return siteTimeZone(user?.siteId ?? currentSiteId());
}
