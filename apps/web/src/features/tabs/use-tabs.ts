import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { homePath } from '../../stores/session';
import { useAppStore } from '../../stores/app-store';
import { usePermissionStore } from '../../stores/permission-store';
import { useTabRoutes } from '../../hooks/use-tab-routes';
import { routeTitle } from '../../lib/i18n';
import {
  closeAbilities,
  closeAll,
  closeCurrentTab,
  closeLeftTabs,
  closeOtherTabs,
  closeRightTabs,
  closeTab,
  refreshTab,
  setTabTitle,
  updateTabPath,
} from './tab-commands';
import { affixTabsOf, resolveOpening, routeOf, tabOpeningFor } from '../../stores/tab-route';
import { useTabStore, type Tab } from '../../stores/tab-store';

const COMMANDS = {
  close: closeTab,
  closeCurrent: closeCurrentTab,
  closeLeft: closeLeftTabs,
  closeRight: closeRightTabs,
  closeOthers: closeOtherTabs,
  closeAll,
  refresh: refreshTab,
  setTitle: setTabTitle,
  updatePath: updateTabPath,
  abilities: closeAbilities,
};

/** The tab list, the current tab and the spec §2 tab actions (see `tab-commands.ts`). */
export function useTabs() {
  const tabs = useTabStore((s) => s.tabs);
  const activeId = useTabStore((s) => s.activeId);
  return { tabs, activeId, ...COMMANDS };
}

/** A tab's label: its own title, or its route's translated title. */
export function useTabTitle(): (tab: Tab) => string {
  const { t } = useTranslation();
  const routes = useTabRoutes();
  return (tab) => {
    if (tab.title) return tab.title;
    const route = routeOf(routes, new URL(tab.fullPath, 'http://tab.invalid').pathname);
    return route ? routeTitle(route.meta, t) : tab.fullPath;
  };
}

/**
 * Opens the current URL's tab on every navigation while multi-tab mode is on (a layout effect,
 * so the bar and the kept pages agree before paint), and keeps the fixed tabs first.
 */
export function useTabSync(): void {
  const location = useLocation();
  const show = useAppStore((s) => s.projectConfig.multiTabsSetting.show);
  const ready = usePermissionStore((s) => s.isDynamicAddedRoute);
  const built = usePermissionStore((s) => s.routes);
  const routes = useTabRoutes();
  const here = `${location.pathname}${location.search}`;

  useLayoutEffect(() => {
    if (!show || !ready) return;
    const store = useTabStore.getState();
    const home = homePath();
    // Tabs restored from storage whose page this user can no longer open are dropped.
    const stale = store.tabs.filter((t) => !t.affix && !tabOpeningFor(t.fullPath, routes, home)).map((t) => t.id);
    if (stale.length) store.remove(stale);
    store.ensureAffix(affixTabsOf(built));
    const opening = resolveOpening(here, useTabStore.getState().tabs, routes, home);
    if (opening) store.open(opening);
    else store.deactivate();
  }, [show, ready, built, routes, here]);
}
