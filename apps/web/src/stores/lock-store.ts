import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistStorage, syncWithOtherTabs } from '../lib/storage';

interface LockState {
  locked: boolean;
  /** When the screen was locked (ms since epoch); null when unlocked. */
  lockedAt: number | null;
  lock: () => void;
  unlock: () => void;
}

/**
 * Lock info (spec §3 "lock info", §9). Written to storage at once, not on tab close, so a reload
 * keeps the screen locked and other tabs of the app follow.
 */
export const useLockStore = create<LockState>()(
  persist(
    (set) => ({
      locked: false,
      lockedAt: null,
      lock: () => set((s) => (s.locked ? s : { locked: true, lockedAt: Date.now() })),
      unlock: () => set({ locked: false, lockedAt: null }),
    }),
    {
      name: 'lock',
      storage: persistStorage<Pick<LockState, 'locked' | 'lockedAt'>>({ immediate: true }),
      partialize: (s) => ({ locked: s.locked, lockedAt: s.lockedAt }),
      version: 1,
    },
  ),
);

// Another tab locking or unlocking writes the lock info; this tab reads it again and follows.
syncWithOtherTabs(useLockStore);
