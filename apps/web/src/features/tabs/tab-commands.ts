import { navigateTo } from '../../stores/navigation';
import { homePath } from '../../stores/session';
import { useAppStore } from '../../stores/app-store';
import { showToast } from '../../lib/feedback';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { landingAfterClosingAll } from '../../stores/tab-actions';
import { useTabStore, type Tab } from '../../stores/tab-store';

/**
 * The multi-tab actions of spec §2, for any caller (components through `useTabs()`, plain code
 * directly). Each answers whether it did something. With multi-tab mode off each does nothing
 * and shows the spec §8 message as a warning toast, then answers false.
 *
 * A target tab is given by id or full path; without one the action applies to the current tab.
 */

export const TABS_OFF_TOAST_KEY = 'tabs-off';

function tabsOn(): boolean {
  if (useAppStore.getState().projectConfig.multiTabsSetting.show) return true;
  showToast({ type: 'warning', content: i18n.t('tabs:notOpen'), key: TABS_OFF_TOAST_KEY });
  return false;
}

function find(target?: string): Tab | undefined {
  const { tabs, activeId } = useTabStore.getState();
  const key = target ?? activeId;
  if (key === null) return undefined;
  return tabs.find((t) => t.id === key) ?? tabs.find((t) => t.fullPath === key);
}

/** The tab to show when `tab` closes: the left neighbour, the right one for the first tab. */
export function neighbourOf(tabs: readonly Tab[], id: string): Tab | undefined {
  const index = tabs.findIndex((t) => t.id === id);
  if (index === -1) return undefined;
  return index > 0 ? tabs[index - 1] : tabs[index + 1];
}

/** Removes `closing`; if the current tab is among them, goes to `landing`. */
function closeMany(closing: readonly Tab[], landing: () => string): boolean {
  const ids = closing.filter((t) => !t.affix).map((t) => t.id);
  if (ids.length === 0) return false;
  const { activeId, remove } = useTabStore.getState();
  const to = activeId !== null && ids.includes(activeId) ? landing() : null;
  remove(ids);
  if (to !== null) navigateTo(to);
  return true;
}

/** Closes a tab (a fixed one stays); closing the current tab goes to its neighbour or home. */
export function closeTab(target?: string): boolean {
  if (!tabsOn()) return false;
  const tab = find(target);
  if (!tab || tab.affix) return false;
  const tabs = useTabStore.getState().tabs;
  return closeMany([tab], () => neighbourOf(tabs, tab.id)?.fullPath ?? homePath());
}

export function closeCurrentTab(): boolean {
  if (!tabsOn()) return false;
  const current = find();
  return current ? closeTab(current.id) : false;
}

/** Closes the tabs left of the target (the current tab by default). */
export function closeLeftTabs(target?: string): boolean {
  if (!tabsOn()) return false;
  const tab = find(target);
  if (!tab) return false;
  const tabs = useTabStore.getState().tabs;
  return closeMany(tabs.slice(0, tabs.indexOf(tab)), () => tab.fullPath);
}

export function closeRightTabs(target?: string): boolean {
  if (!tabsOn()) return false;
  const tab = find(target);
  if (!tab) return false;
  const tabs = useTabStore.getState().tabs;
  return closeMany(tabs.slice(tabs.indexOf(tab) + 1), () => tab.fullPath);
}

export function closeOtherTabs(target?: string): boolean {
  if (!tabsOn()) return false;
  const tab = find(target);
  if (!tab) return false;
  return closeMany(
    useTabStore.getState().tabs.filter((t) => t.id !== tab.id),
    () => tab.fullPath,
  );
}

/** Closes every tab but the fixed ones; goes home (or to the remaining fixed tab). */
export function closeAll(): boolean {
  if (!tabsOn()) return false;
  return closeMany(useTabStore.getState().tabs, landingAfterClosingAll);
}

/**
 * Re-creates the tab's page: its kept state is dropped and its queries fetched again (all cached
 * queries are marked stale without refetching; the new page's own fetch on mount).
 */
export function refreshTab(target?: string): boolean {
  if (!tabsOn()) return false;
  const tab = find(target);
  if (!tab) return false;
  void queryClient.invalidateQueries({ refetchType: 'none' });
  useTabStore.getState().bumpRefresh(tab.id);
  if (tab.id !== useTabStore.getState().activeId) navigateTo(tab.fullPath);
  return true;
}

/** Gives the tab a title of its own in place of the route's. */
export function setTabTitle(title: string, target?: string): boolean {
  if (!tabsOn()) return false;
  const tab = find(target);
  if (!tab) return false;
  useTabStore.getState().setTitle(tab.id, title);
  return true;
}

/** Points the tab at another path; the current tab's page follows (the URL is replaced). */
export function updateTabPath(fullPath: string, target?: string): boolean {
  if (!tabsOn()) return false;
  const tab = find(target);
  if (!tab || !fullPath.startsWith('/') || fullPath.startsWith('//')) return false;
  const { activeId, setPath } = useTabStore.getState();
  setPath(tab.id, fullPath);
  if (tab.id === activeId) navigateTo(fullPath, true);
  return true;
}

/** Whether each close action has something to close for `target` (menus disable the others). */
export function closeAbilities(target?: string) {
  const { tabs } = useTabStore.getState();
  const tab = find(target);
  const index = tab ? tabs.indexOf(tab) : -1;
  const closable = (list: readonly Tab[]) => list.some((t) => !t.affix);
  return {
    current: !!tab && !tab.affix,
    left: index > 0 && closable(tabs.slice(0, index)),
    right: index !== -1 && closable(tabs.slice(index + 1)),
    others: !!tab && closable(tabs.filter((t) => t.id !== tab.id)),
    all: closable(tabs),
  };
}
