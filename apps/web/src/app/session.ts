import { fetchPermCodes, fetchUserInfo, signout } from '../features/auth/api/auth-api';
import { resetTabState } from '../features/tabs/tab-actions';
import { api } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { filterRoutesByPermission } from './route-access';
import { ASYNC_ROUTES, DEFAULT_HOME_PATH } from './route-table';
import { useAppStore } from './stores/app-store';
import { usePermissionStore } from './stores/permission-store';
import { useUserStore } from './stores/user-store';

let inflight: Promise<void> | null = null;

/**
 * Makes sure the session is ready for a guarded route (spec §2): user info loaded, and the
 * user's routes built once from the route table and the permission codes. Concurrent callers
 * share one attempt. Rejects when the user info or the codes cannot be loaded.
 */
export function ensureSession(): Promise<void> {
  inflight ??= (async () => {
    if (!useUserStore.getState().userInfo) {
      const info = await fetchUserInfo({ errorMessageMode: 'none' });
      useUserStore.getState().setUserInfo(info);
    }
    if (!usePermissionStore.getState().isDynamicAddedRoute) {
      const codes = await fetchPermCodes({ errorMessageMode: 'none' });
      const roles = useUserStore.getState().userInfo?.roles ?? [];
      usePermissionStore.getState().setBuiltRoutes(codes, filterRoutesByPermission(ASYNC_ROUTES, codes, roles));
    }
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}

export function isSessionReady(): boolean {
  return !!useUserStore.getState().userInfo && usePermissionStore.getState().isDynamicAddedRoute;
}

export function homePath(): string {
  const home = useUserStore.getState().userInfo?.homePath;
  return home && home.startsWith('/') ? home : DEFAULT_HOME_PATH;
}

/** Reaching login resets permission, tab, app and user state (spec §2); locale and theme stay. */
export function resetSessionState(): void {
  useUserStore.getState().reset();
  usePermissionStore.getState().reset();
  resetTabState();
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
