import type { LocalizedText, PermissionRequirement } from '@agent-bo/shared';

/** Meta of a route: drives the menu, breadcrumbs, titles and the guard (ARCHITECTURE.md convention 8). */
export interface RouteMeta {
  /** i18n key, `routes.<name>` (as in shared MENU). */
  titleKey: string;
  /** A title given as data rather than a translation key (an embedded page's, from the site's settings). */
  title?: LocalizedText;
  /** Name of an @ant-design/icons icon, see `components/route-icon.tsx`. */
  icon?: string;
  order?: number;
  /** Permission codes (spec §5 expression); none means allowed. */
  permission?: PermissionRequirement;
  /** Roles: when given, the user must hold one of them. */
  roles?: readonly string[];
  hideMenu?: boolean;
  hideChildrenInMenu?: boolean;
  hideBreadcrumb?: boolean;
  /** Reachable without signing in. */
  ignoreAuth?: boolean;
  /** Multi-tab mode: a fixed tab, always in the bar and never closed (the home page). */
  affix?: boolean;
  /** Multi-tab mode: the page opens no tab (redirect, login, error pages). */
  hideTab?: boolean;
  /**
   * Multi-tab mode: the query parameters that make another tab of this page. Absent: the whole
   * query does (tabs are keyed by full path). Given: a change of any other parameter (the
   * page's own view state, such as its inner tab) updates the open tab's path instead.
   */
  tabQueryKeys?: readonly string[];
}

export interface AppRoute {
  name: string;
  /** Absolute path (children repeat their parent's prefix), React Router syntax. */
  path: string;
  meta: RouteMeta;
  /** The page it renders, by name (`PAGE_NAMES` of config/routes.ts); app/pages.tsx has the components. */
  page?: string;
  /** Where the path alone leads when it has no page of its own. */
  redirect?: string;
  children?: AppRoute[];
}
