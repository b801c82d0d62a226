import { create } from 'zustand';
import type { ClientErrorEntry } from '@agent-bo/shared';

/** Entries kept in this browser tab; the oldest go first. */
export const MAX_LOCAL_ENTRIES = 200;

export interface LocalErrorEntry extends ClientErrorEntry {
  /** Row key for the list, unique within this page load. */
  id: number;
}

interface ErrorLogState {
  /** Newest first. */
  entries: LocalErrorEntry[];
  add: (entry: ClientErrorEntry) => void;
  clear: () => void;
}

let nextId = 1;

/**
 * The errors caught in this page load (spec §3 error log), newest first, capped.
 *
 * Kept in memory only, not persisted: the durable copy is the server's (every entry is
 * reported), a stored copy would keep stacks and page URLs on the device for days, and a list
 * that starts empty on reload shows what the current code does — the point of the page.
 */
export const useErrorLogStore = create<ErrorLogState>()((set) => ({
  entries: [],
  add: (entry) => set((s) => ({ entries: [{ ...entry, id: nextId++ }, ...s.entries].slice(0, MAX_LOCAL_ENTRIES) })),
  clear: () => set({ entries: [] }),
}));
