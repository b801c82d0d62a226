import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from '../stores/app-store';
import { homePath } from '../stores/session';
import { resolveOpening } from '../stores/tab-route';
import { useTabStore } from '../stores/tab-store';
import { useTabRoutes } from './use-tab-routes';

/**
 * Lets a page name its own tab (a member level by its account number) while multi-tab mode is
 * on; silent while it is off (a page showing is not a request of the user's). The tab is the one
 * of the location the page is rendered for, so a kept page names its own tab.
 */
export function usePageTabTitle(title: string | undefined): void {
  const location = useLocation();
  const show = useAppStore((s) => s.projectConfig.multiTabsSetting.show);
  const routes = useTabRoutes();
  const fullPath = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!show || !title) return;
    const store = useTabStore.getState();
    const opening = resolveOpening(fullPath, store.tabs, routes, homePath());
    const tab = opening && store.tabs.find((t) => t.id === opening.id);
    if (tab && tab.title !== title) store.setTitle(tab.id, title);
  }, [show, title, fullPath, routes]);
}
