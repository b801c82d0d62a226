/**
 * Project config (spec §3 "Project config", defaults of spec §9). Saved locally by the app
 * store; the settings drawer edits it and its reset button restores `DEFAULT_PROJECT_CONFIG`.
 * Dark mode is kept apart (its own stored flag, spec §3 "dark mode flag").
 */

/** ROLE (default): routes by permission codes and route roles. ROUTE_MAPPING: routes by the front-end role mapping, role switchable. BACK: the server's menu (getMenuList) and codes. */
export const PERMISSION_MODES = ['ROLE', 'ROUTE_MAPPING', 'BACK'] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

/** Where the session-related caches (token, codes, roles, menus) live. */
export const PERMISSION_CACHE_TYPES = ['LOCAL', 'SESSION'] as const;
export type PermissionCacheType = (typeof PERMISSION_CACHE_TYPES)[number];

/** On session expiry: jump to the login route, or cover the page with an in-place sign-in. */
export const SESSION_TIMEOUT_PROCESSINGS = ['ROUTE_JUMP', 'PAGE_COVERAGE'] as const;
export type SessionTimeoutProcessing = (typeof SESSION_TIMEOUT_PROCESSINGS)[number];

export const CONTENT_MODES = ['full', 'fixed'] as const;
export type ContentMode = (typeof CONTENT_MODES)[number];

export const ROUTER_TRANSITIONS = ['fade-slide', 'fade', 'fade-bottom', 'fade-scale', 'zoom-fade', 'zoom-out'] as const;
export type RouterTransition = (typeof ROUTER_TRANSITIONS)[number];

/** Theme colour palette; the first is the default (spec §9: primary #F9C904). */
export const THEME_COLOR_PALETTE = [
  '#F9C904',
  '#0960BD',
  '#0084F4',
  '#009688',
  '#536DFE',
  '#FF5C93',
  '#EE4F12',
  '#0096C7',
  '#9C27B0',
  '#FF9800',
] as const;
/** Header background palette; the first (white) is the default of light content. */
export const HEADER_BG_PALETTE = [
  '#FFFFFF',
  '#151515',
  '#009688',
  '#5172DC',
  '#018FFB',
  '#409EFF',
  '#E74C3C',
  '#24292E',
  '#394664',
  '#001529',
  '#383F45',
] as const;
/** Menu background palette; the first (dark) is the default menu theme of spec §9. */
export const MENU_BG_PALETTE = [
  '#001529',
  '#212121',
  '#273352',
  '#FFFFFF',
  '#191B24',
  '#191A23',
  '#304156',
  '#001628',
  '#28333E',
  '#344058',
  '#383F45',
] as const;

export interface HeaderSetting {
  bgColor: string;
  /** Show the header at all. */
  show: boolean;
  /** Header stays at the top while the content scrolls. */
  fixed: boolean;
  showSearch: boolean;
  showFullScreen: boolean;
  /** Show the lock-screen entry. */
  useLockPage: boolean;
}

export interface MenuSetting {
  bgColor: string;
  show: boolean;
  collapsed: boolean;
  /** Width in px (spec §9: 210). */
  menuWidth: number;
  /** Only one submenu open at a time (spec §9: on). */
  accordion: boolean;
  /** Sidebar mode (spec §9: inline). */
  mode: 'inline';
}

export interface MultiTabsSetting {
  /** Multi-tab mode (spec §9: off). */
  show: boolean;
  /** Persist the tab list locally so a reload keeps it. */
  cache: boolean;
  /** The quick-actions dropdown at the right end of the tab bar. */
  showQuick: boolean;
  /** The refresh button of the tab bar. */
  showRedo: boolean;
}

export interface TransitionSetting {
  enable: boolean;
  basicTransition: RouterTransition;
  openPageLoading: boolean;
  openNProgress: boolean;
}

export interface ProjectConfig {
  permissionMode: PermissionMode;
  permissionCacheType: PermissionCacheType;
  sessionTimeoutProcessing: SessionTimeoutProcessing;
  themeColor: string;
  grayMode: boolean;
  colorWeak: boolean;
  contentMode: ContentMode;
  headerSetting: HeaderSetting;
  menuSetting: MenuSetting;
  multiTabsSetting: MultiTabsSetting;
  transitionSetting: TransitionSetting;
  /** Keep a tab's page alive (state, filters, paging) while another tab shows (spec §9: on). */
  openKeepAlive: boolean;
  /** Idle minutes before the screen locks; 0 never (spec §9: 0). */
  lockTime: number;
  showBreadCrumb: boolean;
  /** Header height in px (spec §9: 48). Not editable. */
  headerHeight: number;
  closeMessageOnSwitch: boolean;
  removeAllHttpPending: boolean;
}

export const DEFAULT_PROJECT_CONFIG: ProjectConfig = {
  permissionMode: 'ROLE',
  permissionCacheType: 'LOCAL',
  sessionTimeoutProcessing: 'ROUTE_JUMP',
  themeColor: THEME_COLOR_PALETTE[0],
  grayMode: false,
  colorWeak: false,
  contentMode: 'full',
  headerSetting: {
    bgColor: HEADER_BG_PALETTE[0],
    show: true,
    fixed: true,
    showSearch: true,
    showFullScreen: true,
    useLockPage: true,
  },
  menuSetting: {
    bgColor: MENU_BG_PALETTE[0],
    show: true,
    collapsed: false,
    menuWidth: 210,
    accordion: true,
    mode: 'inline',
  },
  multiTabsSetting: { show: false, cache: true, showQuick: true, showRedo: true },
  transitionSetting: { enable: true, basicTransition: 'fade-slide', openPageLoading: true, openNProgress: true },
  openKeepAlive: true,
  lockTime: 0,
  showBreadCrumb: true,
  headerHeight: 48,
  closeMessageOnSwitch: true,
  removeAllHttpPending: true,
};

/** Deep-merges a stored (possibly older or partial) config over the defaults. */
export function mergeProjectConfig(stored: unknown): ProjectConfig {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Partial<Record<keyof ProjectConfig, unknown>>;
  const pick = <K extends keyof ProjectConfig>(key: K): ProjectConfig[K] => {
    const fallback = DEFAULT_PROJECT_CONFIG[key];
    const value = s[key];
    if (value === undefined || value === null) return fallback;
    if (typeof fallback === 'object') {
      return typeof value === 'object' ? ({ ...fallback, ...value } as ProjectConfig[K]) : fallback;
    }
    return typeof value === typeof fallback ? (value as ProjectConfig[K]) : fallback;
  };
  const merged = Object.fromEntries(Object.keys(DEFAULT_PROJECT_CONFIG).map((k) => [k, pick(k as keyof ProjectConfig)]));
  return merged as unknown as ProjectConfig;
}
