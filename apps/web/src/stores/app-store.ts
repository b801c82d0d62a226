import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistStorage, syncWithOtherTabs, withAuthCacheType } from '../lib/storage';
import { DEFAULT_PROJECT_CONFIG, mergeProjectConfig, type ProjectConfig } from '../config/project-config';

export type { PermissionMode, ProjectConfig } from '../config/project-config';
export { DEFAULT_PROJECT_CONFIG } from '../config/project-config';

/** A change to the project config: top-level values, or part of one of its setting groups. */
export type ProjectConfigPatch = {
  [K in keyof ProjectConfig]?: ProjectConfig[K] extends object ? Partial<ProjectConfig[K]> : ProjectConfig[K];
};

interface AppState {
  darkMode: boolean;
  projectConfig: ProjectConfig;
  /** Runtime only: the page-loading overlay. */
  pageLoading: boolean;
  setDarkMode: (dark: boolean) => void;
  /** Merges `patch` into the config (setting groups are merged one level deep). */
  setProjectConfig: (patch: ProjectConfigPatch) => void;
  /** Back to the defaults of spec §9. */
  resetProjectConfig: () => void;
  setPageLoading: (loading: boolean) => void;
  resetRuntime: () => void;
}

function applyPatch(config: ProjectConfig, patch: ProjectConfigPatch): ProjectConfig {
  const next = { ...config } as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    const current = next[key];
    next[key] = current && typeof current === 'object' && value && typeof value === 'object' ? { ...current, ...value } : value;
  }
  return next as unknown as ProjectConfig;
}

export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      darkMode: false,
      projectConfig: DEFAULT_PROJECT_CONFIG,
      pageLoading: false,
      setDarkMode: (darkMode) => set({ darkMode }),
      setProjectConfig: (patch) => set((s) => ({ projectConfig: applyPatch(s.projectConfig, patch) })),
      resetProjectConfig: () => set({ projectConfig: DEFAULT_PROJECT_CONFIG }),
      setPageLoading: (pageLoading) => set({ pageLoading }),
      resetRuntime: () => set({ pageLoading: false }),
    }),
    {
      name: 'app',
      // Common cache (written when the tab closes); the auth area follows its permissionCacheType.
      storage: withAuthCacheType(
        (s) => s.projectConfig?.permissionCacheType,
        persistStorage<Pick<AppState, 'darkMode' | 'projectConfig'>>(),
      ),
      partialize: (s) => ({ darkMode: s.darkMode, projectConfig: s.projectConfig }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<AppState>;
        return {
          ...current,
          darkMode: typeof p.darkMode === 'boolean' ? p.darkMode : current.darkMode,
          projectConfig: mergeProjectConfig(p.projectConfig),
        };
      },
      version: 2,
    },
  ),
);

// A settings change made in another tab shows here too.
syncWithOtherTabs(useAppStore);
