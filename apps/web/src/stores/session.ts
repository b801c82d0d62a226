import { fetchMenuList, fetchPermCodes, fetchUserInfo, signout } from '../lib/auth-api';
import { buildRoutesForMode } from '../config/build-routes';
import { api } from '../lib/api';
import { fetchFresh, queryClient } from '../lib/query-client';
import { ASYNC_ROUTES, DEFAULT_HOME_PATH } from '../config/routes';
import { useAppStore } from './app-store';
import { usePermissionStore } from './permission-store';
import { useUserStore } from './user-store';

let inflight: Promise<void> | null = null;
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
      ]);
      const userRoles = useUserStore.getState().userInfo?.roles ?? [];
      const permission = usePermissionStore.getState();
      // A switched role list survives reloads in ROUTE_MAPPING mode; elsewhere roles are the user's.
      const roles = mode === 'ROUTE_MAPPING' && permission.roleList.length ? permission.roleList : userRoles;
      permission.setRoleList(roles);
      const routes = buildRoutesForMode({ mode, table: ASYNC_ROUTES, codes, roles, backMenu });
      permission.setBuiltRoutes(codes, routes, backMenu);
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
  const routes = buildRoutesForMode({ mode, table: ASYNC_ROUTES, codes: permCodes, roles: roleList, backMenu: backMenuList });
  setBuiltRoutes(permCodes, routes, backMenuList);
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
