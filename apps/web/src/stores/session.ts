import { fetchMenuList, fetchPermCodes, fetchSiteShell, fetchUserInfo, signout } from '../lib/auth-api';
import { buildRoutesForMode, type RouteSources } from '../config/build-routes';
import { api } from '../lib/api';
import { fetchFresh, queryClient } from '../lib/query-client';
import { ASYNC_ROUTES, DEFAULT_HOME_PATH, embeddedPageRoutes } from '../config/routes';
import { NO_SHELL, useSiteShellStore } from './site-shell-store';
import { useAppStore } from './app-store';
import { usePermissionStore } from './permission-store';
import { useUserStore } from './user-store';
import type { AppRoute } from '../lib/route-types';
import type { SiteShell } from '@agent-bo/shared';

let inflight: Promise<void> | null = null;

/**
 * The site's shell for this session (watermark, embedded pages). A failed read leaves both off:
 * the screens work without them, so the session does not fail for it.
 */
async function loadSiteShell(): Promise<void> {
  const shell = await fetchFresh(['session', 'shell'], () => fetchSiteShell({ errorMessageMode: 'none' })).catch(() => NO_SHELL);
  useSiteShellStore.getState().setShell(orNoShell(shell));
}

/** The shell as answered, or none when the answer is not one (an older server without the call). */
function orNoShell(shell: SiteShell | null | undefined): SiteShell {
  return shell && typeof shell.watermark === 'boolean' && Array.isArray(shell.embeddedPages) ? shell : NO_SHELL;
}

/** The session's routes: the table's by the permission mode, then the site's embedded pages. */
function sessionRoutes(sources: RouteSources): AppRoute[] {
  return [...buildRoutesForMode(sources), ...embeddedPageRoutes(useSiteShellStore.getState().shell.embeddedPages)];
}
const resetListeners = new Set<() => void>();

/**
 * Runs `listener` each time the session state is reset (sign-out, reaching login), after the
 * user and permission state are cleared: how state the session does not own follows it (the
 * tab store forgets its tabs). Returns the function that stops listening.
 */
export function onSessionReset(listener: () => void): () => void {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}

/**
 * Makes sure the session is ready for a guarded route (spec §2, §4): user info loaded, and the
 * user's routes built once per load by the permission mode — ROLE from the permission codes,
 * ROUTE_MAPPING from the role list, BACK from the server's menu. Concurrent callers share one
 * attempt. Rejects when the user info, codes or menu cannot be loaded.
 */
export function ensureSession(): Promise<void> {
  inflight ??= (async () => {
    if (!useUserStore.getState().userInfo) {
      const info = await fetchUserInfo({ errorMessageMode: 'none' });
      useUserStore.getState().setUserInfo(info);
    }
    if (!usePermissionStore.getState().isDynamicAddedRoute) {
      const mode = useAppStore.getState().projectConfig.permissionMode;
      // GETs: through the query client, which retries them (spec §9).
      const [codes, backMenu] = await Promise.all([
        fetchFresh(['session', 'permCodes'], () => fetchPermCodes({ errorMessageMode: 'none' })),
        mode === 'BACK' ? fetchFresh(['session', 'menuList'], () => fetchMenuList({ errorMessageMode: 'none' })) : Promise.resolve([]),
        loadSiteShell(),
      ]);
      const userRoles = useUserStore.getState().userInfo?.roles ?? [];
      const permission = usePermissionStore.getState();
      // A switched role list survives reloads in ROUTE_MAPPING mode; elsewhere roles are the user's.
      const roles = mode === 'ROUTE_MAPPING' && permission.roleList.length ? permission.roleList : userRoles;
      permission.setRoleList(roles);
      const routes = sessionRoutes({ mode, table: ASYNC_ROUTES, codes, roles, backMenu });
      permission.setBuiltRoutes(codes, routes, backMenu);
      lastCodesCheck = Date.now();
    }
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}

/**
 * Builds the routes again from what is already loaded (codes, role list, server menu), e.g.
 * after a role switch; records the menu build time.
 */
export function rebuildRoutes(): void {
  const mode = useAppStore.getState().projectConfig.permissionMode;
  const { permCodes, roleList, backMenuList, setBuiltRoutes } = usePermissionStore.getState();
  const routes = sessionRoutes({ mode, table: ASYNC_ROUTES, codes: permCodes, roles: roleList, backMenu: backMenuList });
  setBuiltRoutes(permCodes, routes, backMenuList);
}

/** Least time between two checks of the caller's codes (navigation, window focus). */
export const PERM_CODES_CHECK_MS = 5_000;
let lastCodesCheck = 0;
let codesCheck: Promise<RoutesChange | null> | null = null;

/** The routes before and after a rebuild that followed the server's codes. */
export interface RoutesChange {
  before: AppRoute[];
  after: AppRoute[];
}

const sameCodes = (a: readonly string[], b: readonly string[]) => {
  const held = new Set(a);
  return held.size === new Set(b).size && b.every((c) => held.has(c));
};

/**
 * Asks the server for the caller's codes again: roles and grants change while one is signed in,
 * and the server computes the codes per request. When they differ from the codes the routes were
 * built from, the routes and the menu are built again (BACK mode loads the server's menu again
 * too). At most once per `PERM_CODES_CHECK_MS` unless `force`; concurrent callers share one
 * check. Resolves to the routes before and after when they were rebuilt, null otherwise (no
 * change, too soon, no session, or the call failed: the next check tries again).
 */
export function refreshPermCodes({ force = false }: { force?: boolean } = {}): Promise<RoutesChange | null> {
  if (codesCheck) return codesCheck;
  if (!isSessionReady() || inflight) return Promise.resolve(null);
  if (!force && Date.now() - lastCodesCheck < PERM_CODES_CHECK_MS) return Promise.resolve(null);
  lastCodesCheck = Date.now();
  const token = useUserStore.getState().token;
  codesCheck = (async () => {
    try {
      const codes = await fetchPermCodes({ errorMessageMode: 'none' });
      // Signed out, or signed in again, meanwhile: that session built its own routes.
      if (!isSessionReady() || useUserStore.getState().token !== token) return null;
      const permission = usePermissionStore.getState();
      if (sameCodes(permission.permCodes, codes)) return null;
      const mode = useAppStore.getState().projectConfig.permissionMode;
      // The embedded pages follow the codes too.
      const [backMenu, shell] = await Promise.all([
        mode === 'BACK' ? fetchMenuList({ errorMessageMode: 'none' }) : Promise.resolve(permission.backMenuList),
        fetchSiteShell({ errorMessageMode: 'none' }).catch(() => NO_SHELL),
      ]);
      if (!isSessionReady() || useUserStore.getState().token !== token) return null;
      useSiteShellStore.getState().setShell(orNoShell(shell));
      const before = usePermissionStore.getState().routes;
      const { roleList } = usePermissionStore.getState();
      const after = sessionRoutes({ mode, table: ASYNC_ROUTES, codes, roles: roleList, backMenu });
      usePermissionStore.getState().setBuiltRoutes(codes, after, backMenu);
      return { before, after };
    } catch {
      return null;
    }
  })().finally(() => {
    codesCheck = null;
  });
  return codesCheck;
}

export function isSessionReady(): boolean {
  return !!useUserStore.getState().userInfo && usePermissionStore.getState().isDynamicAddedRoute;
}

export function homePath(): string {
  const home = useUserStore.getState().userInfo?.homePath;
  return home && home.startsWith('/') ? home : DEFAULT_HOME_PATH;
}

/**
 * Reaching login resets permission, tab (through `onSessionReset`), app and user state (spec §2);
 * locale and theme stay.
 */
export function resetSessionState(): void {
  useUserStore.getState().reset();
  usePermissionStore.getState().reset();
  useSiteShellStore.getState().reset();
  for (const listener of resetListeners) listener();
  useAppStore.getState().resetRuntime();
  queryClient.clear();
}

/** Revokes the session on the server (best effort) and clears it locally. */
export async function signOut(): Promise<void> {
  if (useUserStore.getState().token) {
    try {
      await signout({ errorMessageMode: 'none', timeoutMs: 10_000 });
    } catch {
      // the local session is cleared anyway; an expired token has nothing left to revoke
    }
  }
  api.cancelPending();
  resetSessionState();
}
