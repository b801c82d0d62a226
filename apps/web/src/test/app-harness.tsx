import { render } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * The whole web app in jsdom against a stubbed `fetch` — client behaviour only; the real server
 * is exercised by the server and browser suites.
 */

/** A response in the API envelope. */
export const envelope = (data: unknown, code = 0, message = '', status = 200) =>
  new Response(JSON.stringify({ code, message, success: code === 0, data }), { status, headers: { 'Content-Type': 'application/json' } });

/** A one-page paged list. */
export const page = <T,>(list: T[]) => envelope({ page: 1, pageSize: 10, total: list.length, list });

/** Empties local storage and sets English; `signedIn` also stores a session token. */
export function seedStorage({ signedIn }: { signedIn: boolean }): void {
  localStorage.clear();
  localStorage.setItem('AGENT_BO__LOCALE', JSON.stringify({ state: { locale: 'en' }, version: 1 }));
  if (signedIn) localStorage.setItem('AGENT_BO__USER', JSON.stringify({ state: { token: 'good-token', expiresAt: null }, version: 1 }));
}

/** Routes every `fetch` of the app to `server`. */
export function stubFetch(server: (path: string, init: RequestInit) => Response | Promise<Response>): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => server(path, init)),
  );
}

/** Boots the app at `path` (fresh modules: call vi.resetModules() before each test). */
export async function startApp(path: string): Promise<void> {
  window.history.replaceState(null, '', path);
  const { bootstrap } = await import('../app/bootstrap');
  const { App } = await import('../app/app');
  bootstrap();
  render(<App />);
}
