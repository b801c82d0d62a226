import { create } from 'zustand';
import type { SiteShell } from '@agent-bo/shared';

/** Nothing on: before the session has read its shell, or when the read failed. */
export const NO_SHELL: SiteShell = { watermark: false, embeddedPages: [] };

interface SiteShellState {
  /** The site's shell as the server gave it to this session (GET /manage/shell); never persisted. */
  shell: SiteShell;
  setShell: (shell: SiteShell) => void;
  reset: () => void;
}

export const useSiteShellStore = create<SiteShellState>()((set) => ({
  shell: NO_SHELL,
  setShell: (shell) => set({ shell }),
  reset: () => set({ shell: NO_SHELL }),
}));
