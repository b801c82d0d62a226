import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { UserInfo } from '@agent-bo/shared';
import { persistStorage, syncWithOtherTabs } from '../lib/storage';

interface UserState {
  token: string | null;
  expiresAt: string | null;
  /** Loaded from the server once per page load; never persisted, so a reload fetches it fresh. */
  userInfo: UserInfo | null;
  /** When the user info was last loaded (ms since the epoch; spec §3 stored state). */
  lastUpdateTime: number;
  setSession: (token: string, expiresAt: string | null) => void;
  setUserInfo: (info: UserInfo) => void;
  reset: () => void;
}

type PersistedUser = Pick<UserState, 'token' | 'expiresAt' | 'lastUpdateTime'>;

const SIGNED_OUT: PersistedUser = { token: null, expiresAt: null, lastUpdateTime: 0 };

export const useUserStore = create<UserState>()(
  persist(
    (set) => ({
      ...SIGNED_OUT,
      userInfo: null,
      setSession: (token, expiresAt) => set({ token, expiresAt }),
      setUserInfo: (userInfo) => set({ userInfo, lastUpdateTime: Date.now() }),
      reset: () => set({ ...SIGNED_OUT, userInfo: null }),
    }),
    {
      name: 'user',
      // Auth area, written at once: another tab signing in or out must see it right away.
      storage: persistStorage<PersistedUser>({ area: 'auth', immediate: true }),
      partialize: (s) => ({ token: s.token, expiresAt: s.expiresAt, lastUpdateTime: s.lastUpdateTime }),
      // Nothing stored (first visit, expired, removed by another tab) means signed out. A token
      // other than the one in memory (another tab signed out or in as someone else) drops the
      // loaded user info, so the guard loads it again for the new session.
      merge: (persisted, current) => {
        const p = { ...SIGNED_OUT, ...(persisted as Partial<PersistedUser> | undefined) };
        const sameSession = p.token === current.token;
        return {
          ...current,
          token: typeof p.token === 'string' ? p.token : null,
          expiresAt: typeof p.expiresAt === 'string' ? p.expiresAt : null,
          lastUpdateTime: typeof p.lastUpdateTime === 'number' ? p.lastUpdateTime : 0,
          userInfo: sameSession ? current.userInfo : null,
        };
      },
      version: 1,
    },
  ),
);

syncWithOtherTabs(useUserStore);
