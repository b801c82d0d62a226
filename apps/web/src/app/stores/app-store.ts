import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistStorage } from '../../lib/storage';

export type PermissionMode = 'ROLE' | 'BACK' | 'ROUTE_MAPPING';

/** The parts of the project config (spec §3) this foundation uses; the settings drawer comes later. */
export interface ProjectConfig {
  permissionMode: PermissionMode;
  menuWidth: number;
  headerHeight: number;
  transition: { enable: boolean; openNProgress: boolean; openPageLoading: boolean };
  closeMessageOnSwitch: boolean;
  removeAllHttpPending: boolean;
}

export const DEFAULT_PROJECT_CONFIG: ProjectConfig = {
  permissionMode: 'ROLE',
  menuWidth: 210,
  headerHeight: 48,
  transition: { enable: true, openNProgress: true, openPageLoading: true },
  closeMessageOnSwitch: true,
  removeAllHttpPending: true,
};

interface AppState {
  darkMode: boolean;
  projectConfig: ProjectConfig;
  /** Runtime only: the page-loading overlay. */
  pageLoading: boolean;
  setDarkMode: (dark: boolean) => void;
  setPageLoading: (loading: boolean) => void;
  resetRuntime: () => void;
}

export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      darkMode: false,
      projectConfig: DEFAULT_PROJECT_CONFIG,
      pageLoading: false,
      setDarkMode: (darkMode) => set({ darkMode }),
      setPageLoading: (pageLoading) => set({ pageLoading }),
      resetRuntime: () => set({ pageLoading: false }),
    }),
    {
      name: 'app',
      storage: persistStorage<Pick<AppState, 'darkMode' | 'projectConfig'>>(),
      partialize: (s) => ({ darkMode: s.darkMode, projectConfig: s.projectConfig }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<AppState>;
        return {
          ...current,
          darkMode: typeof p.darkMode === 'boolean' ? p.darkMode : current.darkMode,
          projectConfig: { ...DEFAULT_PROJECT_CONFIG, ...p.projectConfig },
        };
      },
      version: 1,
    },
  ),
);
