import { useUserStore } from '../stores/user-store';

/**
 * Is the signed-in user the site's admin: the root of the tree itself, not one of its shadows
 * (the server's `isAdmin`)? The outbox is for it only: its messages carry codes that open accounts.
 */
export function useIsSiteAdmin(): boolean {
  return useUserStore((s) => !!s.userInfo && s.userInfo.lvl === 0 && !s.userInfo.isShadow);
}
