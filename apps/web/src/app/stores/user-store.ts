import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { UserInfo } from '@agent-bo/shared';
import { persistStorage } from '../../lib/storage';

interface UserState {
  token: string | null;
  expiresAt: string | null;
  /** Loaded from the server once per page load; never persisted, so a reload fetches it fresh. */
  userInfo: UserInfo | null;
  lastUpdateTime: number;
  setSession: (token: string, expiresAt: string | null) => void;
  setUserInfo: (info: UserInfo) => void;
  reset: () => void;
}

export const useUserStore = create<UserState>()(
  persist(
    (set) => ({
      token: null,
      expiresAt: null,
      userInfo: null,
      lastUpdateTime: 0,
      setSession: (token, expiresAt) => set({ token, expiresAt }),
      setUserInfo: (userInfo) => set({ userInfo, lastUpdateTime: Date.now() }),
      reset: () => set({ token: null, expiresAt: null, userInfo: null, lastUpdateTime: 0 }),
    }),
    {
      name: 'user',
      storage: persistStorage<Pick<UserState, 'token' | 'expiresAt'>>({ area: 'auth', immediate: true }),
      partialize: (s) => ({ token: s.token, expiresAt: s.expiresAt }),
      version: 1,
    },
  ),
);
