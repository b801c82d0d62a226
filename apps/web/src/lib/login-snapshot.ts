import { APPEARANCE_COOKIE, appearanceCookieValue, type Appearance } from '@agent-bo/shared';

/**
 * The login page painted before any JavaScript runs.
 *
 * The build renders the real login page once per locale and theme into a copy of index.html
 * (`build/prerender-login.mjs`, `app/login-snapshot.tsx`): an element `#login-snapshot` laid over
 * the page, with the styles it needs inline. The server sends the copy that matches the
 * `bo_appearance` cookie (below) for GET /login. When the app's own login page mounts under it,
 * it takes over what the visitor typed and where the focus was and the snapshot is removed in the
 * same frame; on any other page the snapshot is removed as soon as the router knows where it is.
 */
export const LOGIN_SNAPSHOT_ID = 'login-snapshot';

/**
 * The look the login snapshot must have (`APPEARANCE_COOKIE` of @agent-bo/shared): the stored
 * locale and theme are sealed in the encrypted local cache (spec §3), which the server and an
 * inline script cannot read, so their plain value is also kept in this cookie. It says only which
 * of eight public pictures to send, and is sent only with requests for /login (`Path=/login`).
 * Written at start and whenever the look changes (`app/appearance-cookie.ts`); it lives as long
 * as the cached settings it mirrors (7 days, spec §3), so it does not outlive them.
 */
export function writeAppearanceCookie(appearance: Appearance): void {
  const value = appearanceCookieValue(appearance);
  document.cookie = `${APPEARANCE_COOKIE}=${value}; Path=/login; Max-Age=604800; SameSite=Lax`;
}

/** The build renames the snapshot's `data-testid`s to this, so each test id names one element, the app's. */
const SNAPSHOT_TEST_ID = 'data-snapshot-testid';

function snapshot(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(LOGIN_SNAPSHOT_ID);
}

/** What the visitor typed into the snapshot's inputs before the app arrived. */
export function loginSnapshotValues(): { accountNo?: string; password?: string } {
  const root = snapshot();
  if (!root) return {};
  const value = (testId: string) => root.querySelector<HTMLInputElement>(`input[${SNAPSHOT_TEST_ID}="${testId}"]`)?.value || undefined;
  return { accountNo: value('login-account'), password: value('login-password') };
}

/**
 * Removes the snapshot (once; later calls do nothing) and gives the focus to the app's element
 * with the same test id as the snapshot's focused one, so typing goes on where it was.
 */
export function dropLoginSnapshot(): void {
  const root = snapshot();
  if (!root) return;
  const focused = root.contains(document.activeElement) ? document.activeElement?.getAttribute(SNAPSHOT_TEST_ID) : null;
  root.remove();
  if (!focused) return;
  const target = document.querySelector<HTMLElement>(`[data-testid="${focused}"]`);
  target?.focus();
  if (target instanceof HTMLInputElement) target.setSelectionRange(target.value.length, target.value.length);
}
