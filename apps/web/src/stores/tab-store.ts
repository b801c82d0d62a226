import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { useAppStore } from './app-store';
import { persistStorage } from '../lib/storage';
import { onSessionReset } from './session';

/** One tab of multi-tab mode (spec §2 "Tabs"). */
export interface Tab {
  /**
   * Stable identity: the full path the tab was opened with (or, for pages whose view state lives
   * in the query, the path with only its identifying parameters). Kept when the path changes, so
   * the page kept alive for the tab is not re-created.
   */
  id: string;
  /** Where the tab leads: pathname + search. */
  fullPath: string;
  /** Fixed tab (the home page): never closed. */
  affix?: boolean;
  /** Set by `setTabTitle`; otherwise the route's translated title is shown. */
  title?: string;
}

/** What navigation hands the store when a page that has a tab is shown. */
export interface TabOpening {
  id: string;
  fullPath: string;
  affix?: boolean;
}

/**
 * At most this many tabs of one route (pathname): opening one more closes the oldest. A member
 * drill-down opens a tab per level (`?parent=`), and every open tab keeps its page alive, so
 * browsing a deep tree must not pile up live pages without bound.
 */
export const MAX_TABS_PER_ROUTE = 8;

export function pathnameOf(fullPath: string): string {
  const q = fullPath.indexOf('?');
  return q === -1 ? fullPath : fullPath.slice(0, q);
}

interface TabState {
  tabs: Tab[];
  /** The tab of the current URL; null on pages without a tab (redirect, error, 404). Not stored. */
  activeId: string | null;
  /** Per tab, bumped by refresh: the tab's page is re-mounted. Not stored. */
  refreshCount: Record<string, number>;
  /** Tabs whose page has been shown since the last cache clear (kept pages mount lazily). Not stored. */
  shown: string[];
  /** Bumped when the tab cache is cleared: every kept page is re-mounted when next shown. Not stored. */
  cacheGeneration: number;
  /** Adds the tab (or moves an existing one to `fullPath`) and makes it the active one. */
  open: (tab: TabOpening) => void;
  /** The current URL has no tab. */
  deactivate: () => void;
  /** Puts the fixed tabs first, in the given order, keeping their stored titles. */
  ensureAffix: (affix: readonly TabOpening[]) => void;
  remove: (ids: readonly string[]) => void;
  setTitle: (id: string, title: string) => void;
  setPath: (id: string, fullPath: string) => void;
  bumpRefresh: (id: string) => void;
  clearCache: () => void;
  reset: () => void;
}

function cacheOn(): boolean {
  return useAppStore.getState().projectConfig.multiTabsSetting.cache;
}

function isTab(value: unknown): value is Tab {
  if (!value || typeof value !== 'object') return false;
  const t = value as Partial<Tab>;
  return typeof t.id === 'string' && typeof t.fullPath === 'string' && t.fullPath.startsWith('/');
}

export const useTabStore = create<TabState>()(
  persist(
    (set) => ({
      tabs: [],
      activeId: null,
      refreshCount: {},
      shown: [],
      cacheGeneration: 0,
      open: ({ id, fullPath, affix }) =>
        set((s) => {
          const shown = s.shown.includes(id) ? s.shown : [...s.shown, id];
          const existing = s.tabs.find((t) => t.id === id);
          if (existing) {
            const tabs = existing.fullPath === fullPath ? s.tabs : s.tabs.map((t) => (t.id === id ? { ...t, fullPath } : t));
            return { tabs, activeId: id, shown };
          }
          let tabs = s.tabs;
          const pathname = pathnameOf(fullPath);
          const sameRoute = tabs.filter((t) => !t.affix && pathnameOf(t.fullPath) === pathname);
          if (sameRoute.length >= MAX_TABS_PER_ROUTE) {
            const dropped = new Set(sameRoute.slice(0, sameRoute.length - MAX_TABS_PER_ROUTE + 1).map((t) => t.id));
            tabs = tabs.filter((t) => !dropped.has(t.id));
          }
          return { tabs: [...tabs, { id, fullPath, ...(affix ? { affix: true } : {}) }], activeId: id, shown };
        }),
      deactivate: () => set({ activeId: null }),
      ensureAffix: (affix) =>
        set((s) => {
          const ids = new Set(affix.map((a) => a.id));
          const fixed = affix.map((a) => {
            const stored = s.tabs.find((t) => t.id === a.id);
            return { ...stored, id: a.id, fullPath: stored?.fullPath ?? a.fullPath, affix: true };
          });
          const rest = s.tabs.filter((t) => !ids.has(t.id) && !t.affix);
          const tabs = [...fixed, ...rest];
          const same = tabs.length === s.tabs.length && tabs.every((t, i) => t.id === s.tabs[i]?.id && !!t.affix === !!s.tabs[i]?.affix);
          return same ? s : { tabs };
        }),
      remove: (ids) =>
        set((s) => {
          const gone = new Set(ids);
          const refreshCount = { ...s.refreshCount };
          for (const id of ids) delete refreshCount[id];
          const tabs = s.tabs.filter((t) => !gone.has(t.id) || t.affix);
          return { tabs, refreshCount, shown: s.shown.filter((id) => tabs.some((t) => t.id === id)) };
        }),
      setTitle: (id, title) => set((s) => ({ tabs: s.tabs.map((t) => (t.id === id ? { ...t, title } : t)) })),
      setPath: (id, fullPath) => set((s) => ({ tabs: s.tabs.map((t) => (t.id === id ? { ...t, fullPath } : t)) })),
      bumpRefresh: (id) => set((s) => ({ refreshCount: { ...s.refreshCount, [id]: (s.refreshCount[id] ?? 0) + 1 } })),
      clearCache: () => set((s) => ({ cacheGeneration: s.cacheGeneration + 1, refreshCount: {}, shown: s.activeId ? [s.activeId] : [] })),
      reset: () => set((s) => ({ tabs: [], activeId: null, refreshCount: {}, shown: [], cacheGeneration: s.cacheGeneration + 1 })),
    }),
    {
      name: 'multi-tabs',
      storage: persistStorage<{ tabs: Tab[] }>({ area: 'common' }),
      // With the tab cache off nothing is kept: an empty list overwrites what an earlier setting stored.
      partialize: (s) => ({ tabs: cacheOn() ? s.tabs : [] }),
      merge: (persisted, current) => {
        const stored = (persisted as { tabs?: unknown } | undefined)?.tabs;
        const tabs = cacheOn() && Array.isArray(stored) ? stored.filter(isTab) : [];
        return { ...current, tabs };
      },
      version: 1,
    },
  ),
);

// Reaching login or signing out forgets every tab and kept page (spec §2).
onSessionReset(() => useTabStore.getState().reset());
