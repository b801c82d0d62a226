import { create } from 'zustand';
import type { AppRoute } from '../route-types';

interface PermissionState {
  permCodes: string[];
  /** Routes this user may open, built once per session from the route table (spec §4). */
  routes: AppRoute[];
  isDynamicAddedRoute: boolean;
  lastBuildMenuTime: number;
  setBuiltRoutes: (permCodes: string[], routes: AppRoute[]) => void;
  reset: () => void;
}

export const usePermissionStore = create<PermissionState>()((set) => ({
  permCodes: [],
  routes: [],
  isDynamicAddedRoute: false,
  lastBuildMenuTime: 0,
  setBuiltRoutes: (permCodes, routes) =>
    set({ permCodes, routes, isDynamicAddedRoute: true, lastBuildMenuTime: Date.now() }),
  reset: () => set({ permCodes: [], routes: [], isDynamicAddedRoute: false, lastBuildMenuTime: 0 }),
}));
