import { lazy, type ComponentType } from 'react';
import type { PageName } from '../config/routes';

/**
 * The pages of the route table: the route meta, paths and permissions are data in
 * config/routes.ts, which names each route's page; this is where a name becomes the feature's
 * page component, loaded when first shown.
 */
const DashboardPage = lazy(() => import('../features/dashboard/routes/dashboard-page'));
const MemberPage = lazy(() => import('../features/member/routes/member-page'));
const LogPage = lazy(() => import('../features/log/routes/log-page'));
const ReportPage = lazy(() => import('../features/report/routes/report-page'));
const BetPage = lazy(() => import('../features/bet/routes/bet-page'));
const ProviderPage = lazy(() => import('../features/provider/routes/provider-page'));
const ErrorLogPage = lazy(() => import('../features/error-log/routes/error-log-page'));
const ActivityPage = lazy(() => import('../features/announcement/routes/activity-page'));
const AnnouncementPage = lazy(() => import('../features/announcement/routes/announcement-page'));
const BroadcastPage = lazy(() => import('../features/announcement/routes/broadcast-page'));
const PermissionPage = lazy(() => import('../features/permission/routes/permission-page'));
const MaterialCategoryPage = lazy(() => import('../features/material/routes/category-page'));
const MaterialGamePage = lazy(() => import('../features/material/routes/game-page'));
const MaterialTagPage = lazy(() => import('../features/material/routes/tag-page'));
const MaterialCollectionPage = lazy(() => import('../features/material/routes/collection-page'));
const StoreCategoryPage = lazy(() => import('../features/store/routes/category-page'));
const StoreGoodsPage = lazy(() => import('../features/store/routes/goods-page'));
const StorePointsPage = lazy(() => import('../features/store/routes/points-page'));
const StoreOrderPage = lazy(() => import('../features/store/routes/order-page'));

const PAGES: Record<PageName, ComponentType> = {
  Dashboard: DashboardPage,
  Workbench: DashboardPage,
  Member: MemberPage,
  Log: LogPage,
  AgentReport: ReportPage,
  Bet: BetPage,
  Provider: ProviderPage,
  ErrorLogList: ErrorLogPage,
  Activity: ActivityPage,
  AnnouncementList: AnnouncementPage,
  Broadcast: BroadcastPage,
  Permission: PermissionPage,
  MaterialCategory: MaterialCategoryPage,
  MaterialGame: MaterialGamePage,
  MaterialTag: MaterialTagPage,
  MaterialCollection: MaterialCollectionPage,
  StoreCategory: StoreCategoryPage,
  StoreGoods: StoreGoodsPage,
  StorePoints: StorePointsPage,
  StoreOrder: StoreOrderPage,
};

/** The component of a route's page, if it has one. */
export function pageComponent(page: string | undefined): ComponentType | undefined {
  return page === undefined ? undefined : (PAGES as Partial<Record<string, ComponentType>>)[page];
}
