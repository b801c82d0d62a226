import { create } from 'zustand';
import { isSessionReady } from './session';
import { useAppStore } from './app-store';

interface SessionTimeoutState {
  /** The session ended on the server and the page waits under the cover for a new sign-in. */
  timedOut: boolean;
  /** A signed-in page (the shared layout) is on screen: only then is there a page to keep. */
  pageShowing: boolean;
  show: () => void;
  close: () => void;
  setPageShowing: (showing: boolean) => void;
}

/** Runtime only: a reload with an expired token has no page to keep and goes to login. */
export const useSessionTimeoutStore = create<SessionTimeoutState>()((set) => ({
  timedOut: false,
  pageShowing: false,
  show: () => set({ timedOut: true }),
  close: () => set({ timedOut: false }),
  setPageShowing: (pageShowing) => set({ pageShowing }),
}));

/**
 * The 401 handling in PAGE_COVERAGE mode (spec §4): when a signed-in page is showing, cover it
 * with an in-place sign-in and keep everything as it is. Returns false when the route jump to
 * login applies instead (ROUTE_JUMP mode, or no page to keep yet).
 */
export function coverExpiredSession(): boolean {
  if (useAppStore.getState().projectConfig.sessionTimeoutProcessing !== 'PAGE_COVERAGE') return false;
  const state = useSessionTimeoutStore.getState();
  if (!state.pageShowing || !isSessionReady()) return false;
  state.show();
  return true;
}
