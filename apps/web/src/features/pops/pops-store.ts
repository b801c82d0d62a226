import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistStorage } from '../../lib/storage';

/**
 * What the pop-ups remember between reloads: the session they were last shown in (so a reload
 * does not show them again, but the next sign-in does) and, per account, the site date on which
 * the user asked not to see them again that day.
 */
interface PopsState {
  /** Fingerprint of the session the pop-ups were shown (or found empty) in. */
  shownInSession: string | null;
  /** accountNo → `YYYY-MM-DD` (site date) of the last "don't show again today". */
  snoozedOn: Record<string, string>;
  markShown: (session: string) => void;
  snooze: (accountNo: string, date: string) => void;
}

export const usePopsStore = create<PopsState>()(
  persist(
    (set) => ({
      shownInSession: null,
      snoozedOn: {},
      markShown: (session) => set({ shownInSession: session }),
      snooze: (accountNo, date) => set((s) => ({ snoozedOn: { ...s.snoozedOn, [accountNo]: date } })),
    }),
    {
      name: 'activity-pops',
      storage: persistStorage<Pick<PopsState, 'shownInSession' | 'snoozedOn'>>({ immediate: true, lifetimeSeconds: 30 * 86_400 }),
      partialize: (s) => ({ shownInSession: s.shownInSession, snoozedOn: s.snoozedOn }),
    },
  ),
);

/**
 * A session's fingerprint: the tail of its token. Tokens are random, so the tail tells sessions
 * apart, and the whole token is not written a second time.
 */
export const sessionFingerprint = (token: string) => token.slice(-12);
