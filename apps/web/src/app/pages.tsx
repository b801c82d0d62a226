import { lazy, type ComponentType } from 'react';
import type { PageName } from '../config/routes';

/**
 * The pages of the route table: the route meta, paths and permissions are data in
 * config/routes.ts, which names each route's page; this is where a name becomes the feature's
 * page component, loaded when first shown.
 */
type PageModule = Promise<{ default: ComponentType }>;

const dashboard = (): PageModule => import('../features/dashboard/routes/dashboard-page');
// The QR sign-in's two signed-in pages share one chunk (features/qr-sign-in/routes/qr-device-pages.tsx says why).
const qrDevicePages = () => import('../features/qr-sign-in/routes/qr-device-pages');

/** Each page's module, fetched (a chunk of its own in the build) when first shown. */
const LOADERS: Record<PageName, () => PageModule> = {
  Dashboard: dashboard,
  Workbench: dashboard,
  Member: () => import('../features/member/routes/member-page'),
  Log: () => import('../features/log/routes/log-page'),
  AgentReport: () => import('../features/report/routes/report-page'),
  Bet: () => import('../features/bet/routes/bet-page'),
  Provider: () => import('../features/provider/routes/provider-page'),
  ErrorLogList: () => import('../features/error-log/routes/error-log-page'),
  Activity: () => import('../features/announcement/routes/activity-page'),
  AnnouncementList: () => import('../features/announcement/routes/announcement-page'),
  Broadcast: () => import('../features/announcement/routes/broadcast-page'),
  Permission: () => import('../features/permission/routes/permission-page'),
  MaterialCategory: () => import('../features/material/routes/category-page'),
  MaterialGame: () => import('../features/material/routes/game-page'),
  MaterialTag: () => import('../features/material/routes/tag-page'),
  MaterialCollection: () => import('../features/material/routes/collection-page'),
  StoreCategory: () => import('../features/store/routes/category-page'),
  StoreGoods: () => import('../features/store/routes/goods-page'),
  StorePoints: () => import('../features/store/routes/points-page'),
  StoreOrder: () => import('../features/store/routes/order-page'),
  Frame: () => import('../features/frame/routes/frame-page'),
  About: () => import('../features/about/routes/about-page'),
  Outbox: () => import('../features/outbox/routes/outbox-page'),
  TwoFactor: () => import('../features/two-factor/routes/two-factor-page'),
  Sessions: () => import('../features/sessions/routes/sessions-page'),
  SiteSecurity: () => import('../features/site-security/routes/site-security-page'),
  QrApprove: () => qrDevicePages().then((m) => ({ default: m.QrApprovePage })),
  QrScan: () => qrDevicePages().then((m) => ({ default: m.QrScanPage })),
};

/** One lazy component per module, so two routes of one page (Dashboard, Workbench) share it. */
const lazyOf = new Map<() => PageModule, ComponentType>();
const PAGES = Object.fromEntries(
  Object.entries(LOADERS).map(([name, load]) => {
    let page = lazyOf.get(load);
    if (!page) lazyOf.set(load, (page = lazy(load)));
    return [name, page];
  }),
) as Record<PageName, ComponentType>;

/** Fetches a route's page module ahead of showing it, if it has one (the app's tests load the page under test before it renders). */
export function loadPage(page: string | undefined): Promise<unknown> | undefined {
  return page === undefined ? undefined : (LOADERS as Partial<Record<string, () => PageModule>>)[page]?.();
}

/** The component of a route's page, if it has one. */
export function pageComponent(page: string | undefined): ComponentType | undefined {
  return page === undefined ? undefined : (PAGES as Partial<Record<string, ComponentType>>)[page];
}
