import { MENU, QR_APPROVE_PATH, type EmbeddedPage, type MenuEntry } from '@agent-bo/shared';
import type { AppRoute, RouteMeta } from '../lib/route-types';

/**
 * The one route table, as data (ARCHITECTURE.md convention 8): paths, meta and which page each
 * route renders. Menu entries (order, title, permission) come from the shared MENU catalogue,
 * which the server also uses for getMenuList; this file adds the page names and the tab
 * behaviour. A catalogue entry without a page here is not built yet and stays absent. The pages
 * themselves are app/'s (`app/pages.tsx`): only the composition root imports features.
 */
export const LOGIN_PATH = '/login';
export const DEFAULT_HOME_PATH = '/dashboard';
export const EXCEPTION_PATH = '/exception';
export const REDIRECT_PATH = '/redirect';
export const ERROR_LOG_PATH = '/error-log';
export const ERROR_LOG_LIST_PATH = '/error-log/list';
export const ABOUT_PATH = '/about';
/** Public player registration through an agent's invite URL (`/register?code=…`). */
export const REGISTER_PATH = '/register';
/** Forgot password (issue 33): a request to the upper agent, or a code to a proved phone or e-mail. */
export const FORGOT_PASSWORD_PATH = '/forgot-password';
/** Sign-in with a code texted to the account's proved phone (issue 33). */
export const PHONE_LOGIN_PATH = '/login/phone';
/** Sign-in by a QR code that a device signed in already approves (issue 33). */
export const QR_LOGIN_PATH = '/login/qr';
/** Where a signed-in phone reads a QR sign-in code with its camera (issue 33); the code itself opens `QR_APPROVE_PATH`. */
export const QR_SCAN_PATH = '/qr/scan';
/** The demo's outbox of phone and e-mail codes, for the site's admin (issue 33). */
export const OUTBOX_PATH = '/outbox';
/** The caller's two-step verification (issue 33): from the user menu, and where a session that must enrol goes. */
export const TWO_FACTOR_PATH = '/two-factor';
/**
 * Where a session that must replace a handed-out password goes (issue 33): a page of its own,
 * outside the layout, since the server refuses everything else until the password is changed.
 */
export const CHANGE_PASSWORD_PATH = '/change-password';
/** The caller's open sessions and sign-in history (issue 33), from the user menu. */
export const SESSIONS_PATH = '/sessions';
/** The site's sign-in security settings, for the site's admin (issue 33), from the user menu. */
export const SITE_SECURITY_PATH = '/site-security';

/**
 * The routes that render a page of their own; `app/pages.tsx` supplies each one's component
 * (loaded when first shown). Everything below this file knows a page by this name only.
 */
export const PAGE_NAMES = [
  'Dashboard',
  'Workbench',
  'Member',
  'Log',
  'AgentReport',
  'Bet',
  'Provider',
  'ErrorLogList',
  'Activity',
  'AnnouncementList',
  'Broadcast',
  'Permission',
  'MaterialCategory',
  'MaterialGame',
  'MaterialTag',
  'MaterialCollection',
  'StoreCategory',
  'StoreGoods',
  'StorePoints',
  'StoreOrder',
  'About',
  'Frame',
  'Outbox',
  'TwoFactor',
  'Sessions',
  'SiteSecurity',
  'QrApprove',
  'QrScan',
] as const;
export type PageName = (typeof PAGE_NAMES)[number];

function isPageName(name: string): name is PageName {
  return (PAGE_NAMES as readonly string[]).includes(name);
}

/**
 * Multi-tab behaviour by route name: the home page is a fixed tab; a member level (`?parent=`)
 * is a tab of its own while the members' and logs' inner tab (`?tab=`) is view state.
 */
const TAB_META: Record<string, Pick<RouteMeta, 'affix' | 'tabQueryKeys'>> = {
  Dashboard: { affix: true },
  Member: { tabQueryKeys: ['parent'] },
  Log: { tabQueryKeys: [] },
  // Drilling down (`?agent=`) stays in the report's tab; the breadcrumb leads back up.
  AgentReport: { tabQueryKeys: [] },
};

function fromMenu(entry: MenuEntry): AppRoute | undefined {
  const children = (entry.children ?? []).map(fromMenu).filter((r): r is AppRoute => r !== undefined);
  const page = isPageName(entry.name) ? entry.name : undefined;
  if (!page && children.length === 0) return undefined;
  return {
    name: entry.name,
    path: entry.path,
    page,
    redirect: page ? undefined : (entry.redirect ?? children[0]?.path),
    meta: {
      titleKey: entry.titleKey,
      icon: entry.icon,
      order: entry.order,
      permission: entry.permission,
      hideMenu: entry.hideMenu,
      hideChildrenInMenu: entry.hideChildrenInMenu,
      hideBreadcrumb: entry.hideBreadcrumb,
      ...TAB_META[entry.name],
    },
    children: children.length ? children : undefined,
  };
}

/** Permission-dependent routes; filtered per user when the session starts. */
export const ASYNC_ROUTES: readonly AppRoute[] = MENU.map(fromMenu).filter((r): r is AppRoute => r !== undefined);

export const LOGIN_ROUTE: AppRoute = {
  name: 'Login',
  path: LOGIN_PATH,
  meta: { titleKey: 'routes.login', ignoreAuth: true, hideMenu: true, hideBreadcrumb: true, hideTab: true },
};

export const REGISTER_ROUTE: AppRoute = {
  name: 'Register',
  path: REGISTER_PATH,
  meta: { titleKey: 'routes.register', ignoreAuth: true, hideMenu: true, hideBreadcrumb: true, hideTab: true },
};

export const FORGOT_PASSWORD_ROUTE: AppRoute = {
  name: 'ForgotPassword',
  path: FORGOT_PASSWORD_PATH,
  meta: { titleKey: 'routes.forgotPassword', ignoreAuth: true, hideMenu: true, hideBreadcrumb: true, hideTab: true },
};

export const PHONE_LOGIN_ROUTE: AppRoute = {
  name: 'PhoneLogin',
  path: PHONE_LOGIN_PATH,
  meta: { titleKey: 'routes.phoneLogin', ignoreAuth: true, hideMenu: true, hideBreadcrumb: true, hideTab: true },
};

/** The QR sign-in's waiting page: a sign-in page, titled as one. */
export const QR_LOGIN_ROUTE: AppRoute = {
  name: 'QrLogin',
  path: QR_LOGIN_PATH,
  meta: { titleKey: 'routes.login', ignoreAuth: true, hideMenu: true, hideBreadcrumb: true, hideTab: true },
};

/** The forced change of a handed-out password: signed in, but outside the layout (its title only). */
export const CHANGE_PASSWORD_ROUTE: AppRoute = {
  name: 'ChangePassword',
  path: CHANGE_PASSWORD_PATH,
  meta: { titleKey: 'routes.changePassword', hideMenu: true, hideBreadcrumb: true, hideTab: true },
};

export const ROOT_ROUTE: AppRoute = {
  name: 'Root',
  path: '/',
  redirect: DEFAULT_HOME_PATH,
  meta: { titleKey: 'routes.home', hideMenu: true, hideBreadcrumb: true, hideTab: true },
};

/** Redirect helper: `/redirect/<encoded path>/<path|name>/<encoded JSON query>`, used to reload a page. */
export const REDIRECT_ROUTE: AppRoute = {
  name: 'Redirect',
  path: `${REDIRECT_PATH}/:path/:_redirect_type?/:_origin_params?`,
  meta: { titleKey: 'routes.redirect', hideMenu: true, hideBreadcrumb: true, hideTab: true },
};

export const EXCEPTION_ROUTE: AppRoute = {
  name: 'Exception',
  path: EXCEPTION_PATH,
  meta: { titleKey: 'routes.exception', hideMenu: true, hideTab: true },
};

export const PAGE_NOT_FOUND_ROUTE: AppRoute = {
  name: 'PageNotFound',
  path: '*',
  meta: { titleKey: 'routes.errorPage', hideMenu: true, hideBreadcrumb: true, hideTab: true },
};

/** Front-end error log (spec §2): no breadcrumb, children hidden; reached from the header's error-log button. */
export const ERROR_LOG_ROUTE: AppRoute = {
  name: 'ErrorLog',
  path: ERROR_LOG_PATH,
  redirect: ERROR_LOG_LIST_PATH,
  meta: { titleKey: 'routes.errorLog', hideBreadcrumb: true, hideChildrenInMenu: true, hideMenu: true },
  children: [
    {
      name: 'ErrorLogList',
      path: ERROR_LOG_LIST_PATH,
      page: 'ErrorLogList',
      meta: { titleKey: 'routes.errorLogList', hideBreadcrumb: true, hideMenu: true },
    },
  ],
};

/** About: the app's and the server's versions, the documentation links and the dependencies; reached from the user menu. */
export const ABOUT_ROUTE: AppRoute = {
  name: 'About',
  path: ABOUT_PATH,
  page: 'About',
  meta: { titleKey: 'routes.about', hideMenu: true },
};

/** The outbox: reached from the user menu of the site's admin (the server refuses anyone else). */
export const OUTBOX_ROUTE: AppRoute = {
  name: 'Outbox',
  path: OUTBOX_PATH,
  page: 'Outbox',
  meta: { titleKey: 'routes.outbox', hideMenu: true },
};

/** Two-step verification of the caller's own account: reached from the user menu. */
export const TWO_FACTOR_ROUTE: AppRoute = {
  name: 'TwoFactor',
  path: TWO_FACTOR_PATH,
  page: 'TwoFactor',
  meta: { titleKey: 'routes.twoFactor', hideMenu: true },
};

/** The caller's open sessions and sign-in history: reached from the user menu. */
export const SESSIONS_ROUTE: AppRoute = {
  name: 'Sessions',
  path: SESSIONS_PATH,
  page: 'Sessions',
  meta: { titleKey: 'routes.sessions', hideMenu: true },
};

/** The site's sign-in security: reached from the user menu of the site's admin (the server refuses anyone else). */
export const SITE_SECURITY_ROUTE: AppRoute = {
  name: 'SiteSecurity',
  path: SITE_SECURITY_PATH,
  page: 'SiteSecurity',
  meta: { titleKey: 'routes.siteSecurity', hideMenu: true },
};

/** A QR sign-in code opens here (`/qr?t=…`) on a signed-in device: approve or deny (its title in its own namespace, loaded with the layout). */
export const QR_APPROVE_ROUTE: AppRoute = {
  name: 'QrApprove',
  path: QR_APPROVE_PATH,
  page: 'QrApprove',
  meta: { titleKey: 'qrSignIn:approveTitle', hideMenu: true },
};

/** The camera reading a QR sign-in code: reached from the user menu on a phone. */
export const QR_SCAN_ROUTE: AppRoute = {
  name: 'QrScan',
  path: QR_SCAN_PATH,
  page: 'QrScan',
  meta: { titleKey: 'qrSignIn:scanTitle', hideMenu: true },
};

/** Where the embedded pages open: `/frame/<id>` (issue 38). */
export const FRAMES_PATH = '/frame';

/**
 * The embedded pages the server gave this session (it leaves out those the caller's codes may
 * not open), as routes under one menu entry, after the table's. Their titles are the site's
 * own, in every locale, rather than translation keys.
 */
export function embeddedPageRoutes(pages: readonly Pick<EmbeddedPage, 'id' | 'title'>[]): AppRoute[] {
  const first = pages[0];
  if (!first) return [];
  return [
    {
      name: 'Frames',
      path: FRAMES_PATH,
      redirect: `${FRAMES_PATH}/${first.id}`,
      meta: { titleKey: 'routes.frames', icon: 'LinkOutlined', order: 1000 },
      children: pages.map((page) => ({
        name: `Frame:${page.id}`,
        path: `${FRAMES_PATH}/${page.id}`,
        page: 'Frame',
        meta: { titleKey: 'routes.frames', title: page.title },
      })),
    },
  ];
}

/** Routes every signed-in user has, whatever the permissions. */
export const BASIC_ROUTES: readonly AppRoute[] = [
  ROOT_ROUTE,
  REDIRECT_ROUTE,
  EXCEPTION_ROUTE,
  ERROR_LOG_ROUTE,
  ABOUT_ROUTE,
  OUTBOX_ROUTE,
  TWO_FACTOR_ROUTE,
  SESSIONS_ROUTE,
  SITE_SECURITY_ROUTE,
  QR_APPROVE_ROUTE,
  QR_SCAN_ROUTE,
];

/** Everything known, for titles and breadcrumbs of any path. */
export function allRoutes(built: readonly AppRoute[]): AppRoute[] {
  return [
    LOGIN_ROUTE,
    REGISTER_ROUTE,
    FORGOT_PASSWORD_ROUTE,
    PHONE_LOGIN_ROUTE,
    QR_LOGIN_ROUTE,
    CHANGE_PASSWORD_ROUTE,
    ...BASIC_ROUTES,
    ...built,
    PAGE_NOT_FOUND_ROUTE,
  ];
}

/** Builds a `/redirect/...` href that re-enters `path` (with `query`), e.g. to refresh the page. */
export function redirectHref(path: string, query: Record<string, string> = {}): string {
  const params = Object.keys(query).length ? `/${encodeURIComponent(JSON.stringify(query))}` : '';
  return `${REDIRECT_PATH}/${encodeURIComponent(path)}/path${params}`;
}

/** Accepts only in-app paths as a `redirect` target (no `//host` or `http:` open redirects). */
export function safeRedirectTarget(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (value === LOGIN_PATH || value.startsWith(`${LOGIN_PATH}?`) || value.startsWith(`${LOGIN_PATH}/`)) return undefined;
  return value;
}
