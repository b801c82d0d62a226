import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { allRoutes, ASYNC_ROUTES } from '../config/routes';
import { flattenRoutes } from '../lib/route-access';
import { flushCaches } from '../lib/storage';
import { useLocaleStore } from '../stores/locale-store';
import { useUserStore } from '../stores/user-store';

/**
 * The whole web app in jsdom against a stubbed `fetch` — client behaviour only; the real server
 * is exercised by the server and browser suites.
 */

/** A response in the API envelope. */
export const envelope = (data: unknown, code = 0, message = '', status = 200) =>
  new Response(JSON.stringify({ code, message, success: code === 0, data }), { status, headers: { 'Content-Type': 'application/json' } });

/** A one-page paged list. */
export const page = <T,>(list: T[]) => envelope({ page: 1, pageSize: 10, total: list.length, list });

/**
 * Empties both storages and stores English; `signedIn` also stores a session token (`token`
 * stores that one instead, e.g. a revoked one). Written through the stores and the storage
 * layer, as the app would (the app started afterwards, on fresh modules, reads them back).
 */
export function seedStorage({ signedIn, token }: { signedIn: boolean; token?: string }): void {
  localStorage.clear();
  sessionStorage.clear();
  useLocaleStore.getState().setLocale('en');
  const sessionToken = token ?? (signedIn ? 'good-token' : null);
  if (sessionToken) useUserStore.getState().setSession(sessionToken, null);
  else useUserStore.getState().reset();
  flushCaches();
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
  // The signed-in layout and the page at `path` are lazy chunks the app fetches when it shows
  // them; loading them here keeps their first transform (seconds on a busy machine) out of the
  // tests' waits for what the page renders.
  await import('../app/layouts/basic-layout');
  const pathname = path.split(/[?#]/)[0];
  await (await import('../app/pages')).loadPage(flattenRoutes(allRoutes(ASYNC_ROUTES)).find((r) => r.path === pathname && r.page)?.page);
  await bootstrap();
  // jsdom lays nothing out and paints nothing, so antd's styles would only be generated, hashed
  // and inserted for nothing: that took about 40 % of these tests' time. zeroRuntime skips it (the
  // app's own ConfigProvider inherits it); the theme's tokens and CSS variables stay as they are.
  const { ConfigProvider } = await import('antd');
  render(
    <ConfigProvider theme={{ zeroRuntime: true }}>
      <App />
    </ConfigProvider>,
  );
}

/**
 * Registers the hooks of a whole-app test file. Before each test: fresh modules, storage seeded
 * (`signedIn`), the file's own state reset (`reset`) and every `fetch` routed to `server`. After
 * each: the app unmounted, `after` (e.g. real timers again) and the `fetch` stub removed.
 */
export function setUpStubbedApp({
  signedIn,
  server,
  reset,
  after,
}: {
  signedIn: boolean;
  server: (path: string, init: RequestInit) => Response | Promise<Response>;
  reset?: () => void;
  after?: () => void;
}): void {
  beforeEach(() => {
    vi.resetModules();
    seedStorage({ signedIn });
    reset?.();
    stubFetch(server);
  });
  afterEach(() => {
    cleanup();
    after?.();
    vi.stubGlobal('fetch', undefined);
  });
}

/** The element with this test id, waiting up to 5 s (pages and data load lazily). */
export const findTestId = (id: string) => screen.findByTestId(id, {}, { timeout: 5000 });
