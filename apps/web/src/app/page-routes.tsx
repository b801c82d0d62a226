import { useMemo } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ErrorPage } from '../features/exception/routes/error-page';
import { RedirectPage } from '../features/exception/routes/redirect-page';
import { flattenRoutes } from '../lib/route-access';
import {
  ABOUT_ROUTE,
  ASYNC_ROUTES,
  ERROR_LOG_ROUTE,
  EXCEPTION_PATH,
  OUTBOX_ROUTE,
  QR_APPROVE_ROUTE,
  QR_SCAN_ROUTE,
  REDIRECT_ROUTE,
  SESSIONS_ROUTE,
  SITE_SECURITY_ROUTE,
  TWO_FACTOR_ROUTE,
} from '../config/routes';
import type { AppRoute } from '../lib/route-types';
import { homePath } from '../stores/session';
import { usePermissionStore } from '../stores/permission-store';
import { pageComponent } from './pages';

/** Every screen's path, whoever may open it. */
const ALL_PATHS = flattenRoutes(ASYNC_ROUTES).map((route) => route.path);

/**
 * The pages shown inside the shared layout, as a route list: the routes built for this session,
 * the no-permission page for the screens this user may not open (it loads nothing of them), the
 * error log, the About page, the redirect helper, the exception page and the 404. The layout's page area renders
 * them for the current location, or, with multi-tab keep-alive, once per open tab for that tab's
 * location.
 */
export function pageRouteObjects(built: readonly AppRoute[]): RouteObject[] {
  const pages: RouteObject[] = [{ path: '/', element: <Navigate to={homePath()} replace /> }];
  const open = new Set<string>();
  for (const route of flattenRoutes([
    ...built,
    ERROR_LOG_ROUTE,
    ABOUT_ROUTE,
    OUTBOX_ROUTE,
    TWO_FACTOR_ROUTE,
    SESSIONS_ROUTE,
    SITE_SECURITY_ROUTE,
    QR_APPROVE_ROUTE,
    QR_SCAN_ROUTE,
  ])) {
    open.add(route.path);
    const Page = pageComponent(route.page);
    if (Page) pages.push({ path: route.path, element: <Page /> });
    else if (route.redirect) pages.push({ path: route.path, element: <Navigate to={route.redirect} replace /> });
  }
  for (const path of ALL_PATHS) {
    if (!open.has(path)) pages.push({ path, element: <ErrorPage kind="forbidden" /> });
  }
  pages.push(
    { path: REDIRECT_ROUTE.path, element: <RedirectPage /> },
    { path: EXCEPTION_PATH, element: <ErrorPage kind="exception" /> },
    { path: '*', element: <ErrorPage kind="notFound" /> },
  );
  return pages;
}

/** The page routes of this session, for the layout's page area. */
export function usePageRoutes(): RouteObject[] {
  const built = usePermissionStore((s) => s.routes);
  return useMemo(() => pageRouteObjects(built), [built]);
}
