import { navigateTo } from './navigation';
import { homePath } from './session';
import { useTabStore } from './tab-store';

/**
 * Tab actions for code outside the tab bar, without the multi-tab-off message (they are internal
 * steps, not the user's request): a role change clears the tab cache and closes all tabs (spec
 * §4), clearing the cache from the settings drops the kept pages. Reaching login resets the tab
 * state through the session's reset event (tab-store.ts).
 */

/** Closes every tab but the fixed ones; leaves a closed page for the remaining fixed tab or home. */
export function closeAllTabs(): void {
  const store = useTabStore.getState();
  const closing = store.tabs.filter((t) => !t.affix);
  if (closing.length === 0) return;
  const activeClosed = store.activeId !== null && closing.some((t) => t.id === store.activeId);
  store.remove(closing.map((t) => t.id));
  store.clearCache();
  if (activeClosed) navigateTo(landingAfterClosingAll());
}

/** Drops the state of every kept page (each is re-created when next shown); the tab list stays. */
export function clearTabCache(): void {
  useTabStore.getState().clearCache();
}

/** Forgets all tabs and kept pages (signing out, reaching login). */
export function resetTabState(): void {
  useTabStore.getState().reset();
}

/** Where "close all" leads: the home page's fixed tab, another fixed tab, or home. */
export function landingAfterClosingAll(): string {
  const home = homePath();
  const affix = useTabStore.getState().tabs.filter((t) => t.affix);
  return affix.find((t) => t.fullPath === home)?.fullPath ?? affix[0]?.fullPath ?? home;
}
