import NProgress from 'nprogress';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../lib/api';
import { closeMessagesOnRouteChange } from '../lib/feedback';
import { routeTitle } from '../lib/i18n';
import { bindNavigate } from '../stores/navigation';
import { findRouteChain } from '../lib/route-access';
import { allRoutes, ASYNC_ROUTES, LOGIN_PATH } from '../config/routes';
import { dropLoginSnapshot } from '../lib/login-snapshot';
import { useAppStore } from '../stores/app-store';
import { usePermissionStore } from '../stores/permission-store';

/** Page-loading overlay and progress bar end this long after a navigation (spec §9). */
export const PAGE_LOADING_HIDE_MS = 220;

const TITLE_ROUTES = allRoutes(ASYNC_ROUTES);

/**
 * Translated title of the route at `pathname`: from this session's routes once they are built
 * (a path the user may not open is the error page), from the whole table before that.
 */
export function useRouteTitle(pathname: string): string {
  const { t } = useTranslation();
  const built = usePermissionStore((s) => s.routes);
  const ready = usePermissionStore((s) => s.isDynamicAddedRoute);
  const routes = useMemo(() => (ready ? allRoutes(built) : TITLE_ROUTES), [ready, built]);
  const chain = findRouteChain(routes, pathname);
  const last = chain[chain.length - 1];
  // A screen this user may not open shows the no-permission page (app/page-routes.tsx): its title
  // says so, not "page not found".
  const screen = ready ? findRouteChain(TITLE_ROUTES, pathname).at(-1) : undefined;
  if (screen && screen.path !== '*' && last?.path !== screen.path) return t('exception:forbiddenTitle');
  return last ? routeTitle(last.meta, t) : '';
}

/**
 * What happens on every route switch (spec §2): pending requests of the old page cancelled,
 * open messages closed, progress bar and page-loading overlay, page title.
 */
export function RouteEffects() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const title = useRouteTitle(location.pathname);
  const setPageLoading = useAppStore((s) => s.setPageLoading);

  useEffect(() => {
    bindNavigate(navigate);
    return () => bindNavigate(null);
  }, [navigate]);

  // Layout effect: runs before the new page's queries start (they start in passive effects),
  // and requests are tagged with their route anyway, so only the old page's calls are cancelled.
  // The config is read, not subscribed to: a settings change is not a route switch.
  useLayoutEffect(() => {
    const config = useAppStore.getState().projectConfig;
    if (config.removeAllHttpPending) api.cancelPending(location.pathname);
    if (config.closeMessageOnSwitch) closeMessagesOnRouteChange();
    const { enable, openNProgress, openPageLoading } = config.transitionSetting;
    if (enable && openNProgress) NProgress.start();
    if (enable && openPageLoading) setPageLoading(true);
    const timer = setTimeout(() => {
      NProgress.done();
      setPageLoading(false);
    }, PAGE_LOADING_HIDE_MS);
    return () => clearTimeout(timer);
  }, [location.pathname, setPageLoading]);

  // The prerendered login page (lib/login-snapshot.ts) gives way to the login page when it mounts;
  // anywhere else (a signed-in visitor sent on from /login) as soon as the route is known.
  useLayoutEffect(() => {
    if (location.pathname !== LOGIN_PATH) dropLoginSnapshot();
  }, [location.pathname]);

  // Leaving the router (sign-out, lock) inside the hide delay would otherwise leave the bar
  // trickling forever, since the timer that ends it is cleared with the effect.
  useEffect(() => () => void NProgress.done(), []);

  useEffect(() => {
    const product = t('productTitle');
    document.title = title ? `${title} - ${product}` : product;
  }, [title, t]);

  return null;
}
