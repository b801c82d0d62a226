import { vi } from 'vitest';
import type pg from 'pg';

/**
 * The names of the prepared statements `pool` was asked to run while `fn` ran (drizzle's and
 * `readNamed`'s: a query config with a `name`).
 */
export async function statementNames(pool: pg.Pool, fn: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(pool, 'query');
  try {
    await fn();
    return spy.mock.calls.flatMap(([config]) => {
      const name = config && typeof config === 'object' ? (config as { name?: unknown }).name : undefined;
      return typeof name === 'string' ? [name] : [];
    });
  } finally {
    spy.mockRestore();
  }
}

/** The distinct names of `names` that start with `prefix`. */
export const namesOf = (names: string[], prefix: string) => [...new Set(names.filter((n) => n.startsWith(prefix)))];
