import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { MenuItem } from '@agent-bo/shared';
import { persistStorage } from '../lib/storage';
import type { AppRoute } from '../lib/route-types';

/** Menu entries in the `getMenuList` shape, built from routes (the front-end menu list). */
export function routesToMenuItems(routes: readonly AppRoute[]): MenuItem[] {
  return routes.map((r) => ({
    name: r.name,
    path: r.path,
    meta: {
      title: r.meta.titleKey,
      icon: r.meta.icon,
      orderNo: r.meta.order ?? 0,
      hideMenu: r.meta.hideMenu,
      hideChildrenInMenu: r.meta.hideChildrenInMenu,
    },
    children: r.children ? routesToMenuItems(r.children) : undefined,
  }));
}

interface PermissionState {
  /** Roles the route-mapping mode builds routes for; starts as the user's roles, changed by a role switch. */
  roleList: string[];
  permCodes: string[];
  /** The server's menu (`getMenuList`), BACK mode only. */
  backMenuList: MenuItem[];
  /** The menu of the built routes. */
  frontMenuList: MenuItem[];
  /** Routes this user may open, built once per page load from the route table (spec §4). Never persisted. */
  routes: AppRoute[];
  /** Never persisted: routes are rebuilt on each load. */
  isDynamicAddedRoute: boolean;
  lastBuildMenuTime: number;
  setRoleList: (roles: string[]) => void;
  setBuiltRoutes: (permCodes: string[], routes: AppRoute[], backMenuList?: MenuItem[]) => void;
  reset: () => void;
}

type StoredPermission = Pick<PermissionState, 'roleList' | 'permCodes' | 'backMenuList' | 'frontMenuList' | 'lastBuildMenuTime'>;

const EMPTY = {
  roleList: [] as string[],
  permCodes: [] as string[],
  backMenuList: [] as MenuItem[],
  frontMenuList: [] as MenuItem[],
  routes: [] as AppRoute[],
  isDynamicAddedRoute: false,
  lastBuildMenuTime: 0,
};

export const usePermissionStore = create<PermissionState>()(
  persist(
    (set) => ({
      ...EMPTY,
      setRoleList: (roleList) => set({ roleList: [...roleList] }),
      setBuiltRoutes: (permCodes, routes, backMenuList = []) =>
        set({
          permCodes,
          routes,
          backMenuList,
          frontMenuList: routesToMenuItems(routes),
          isDynamicAddedRoute: true,
          lastBuildMenuTime: Date.now(),
        }),
      reset: () => set({ ...EMPTY }),
    }),
    {
      name: 'permission',
      storage: persistStorage<StoredPermission>({ area: 'auth' }),
      partialize: (s) => ({
        roleList: s.roleList,
        permCodes: s.permCodes,
        backMenuList: s.backMenuList,
        frontMenuList: s.frontMenuList,
        lastBuildMenuTime: s.lastBuildMenuTime,
      }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<StoredPermission>;
        const list = <T>(v: unknown, fallback: T[]): T[] => (Array.isArray(v) ? (v as T[]) : fallback);
        return {
          ...current,
          roleList: list(p.roleList, current.roleList),
          permCodes: list(p.permCodes, current.permCodes),
          backMenuList: list(p.backMenuList, current.backMenuList),
          frontMenuList: list(p.frontMenuList, current.frontMenuList),
          lastBuildMenuTime: typeof p.lastBuildMenuTime === 'number' ? p.lastBuildMenuTime : current.lastBuildMenuTime,
        };
      },
      version: 1,
    },
  ),
);
