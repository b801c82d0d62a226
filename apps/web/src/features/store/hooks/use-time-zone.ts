import { currentSiteId, siteTimeZone } from '../../../lib/site';
import { useUserStore } from '../../../stores/user-store';

/** The zone of the signed-in user's site: the store's dates are that site's wall clock. */
export function useSiteTimeZone(): string {
  const user = useUserStore((s) => s.userInfo);
  return siteTimeZone(user?.siteId ?? currentSiteId());
}
