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

/** What the visitor left in the snapshot: the typed values, the focused field and its caret. */
export interface LoginSnapshotState {
  values: { accountNo?: string; password?: string };
  /** The test id of the field that had the focus, if one of its fields had it. */
  focused: string | null;
  /** The focused field's selection (the caret when both ends are equal). */
  selection: { start: number; end: number; direction: 'forward' | 'backward' | 'none' } | null;
}

/**
 * Reads what the visitor left in the snapshot and removes it, in one synchronous step: a key
 * pressed meanwhile waits for this step to end and then goes to the app's page. Returns null
 * when there is no snapshot (it was taken already, or the page was not prerendered).
 *
 * Reading earlier (when the app's page first renders) lost every key pressed between that
 * render and the moment the page was on screen.
 */
export function takeLoginSnapshot(): LoginSnapshotState | null {
  const root = snapshot();
  if (!root) return null;
  const input = (testId: string) => root.querySelector<HTMLInputElement>(`input[${SNAPSHOT_TEST_ID}="${testId}"]`);
  const value = (testId: string) => input(testId)?.value || undefined;
  const active = root.contains(document.activeElement) ? document.activeElement : null;
  const focused = active?.getAttribute(SNAPSHOT_TEST_ID) ?? null;
  const selection =
    active instanceof HTMLInputElement && active.selectionStart !== null && active.selectionEnd !== null
      ? { start: active.selectionStart, end: active.selectionEnd, direction: active.selectionDirection ?? 'none' }
      : null;
  const values = { accountNo: value('login-account'), password: value('login-password') };
  root.remove();
  return { values, focused, selection };
}

/** Removes the snapshot, if it is still there (any page but the login page's own hand-over). */
export function dropLoginSnapshot(): void {
  snapshot()?.remove();
}

/**
 * Gives the focus to the app's element with the test id of the snapshot's focused one, its caret
 * (or selection) where it was, so typing goes on where it was. Call it once the app's fields hold
 * the taken values: setting an input's value moves its caret to the end.
 */
export function restoreLoginSnapshotFocus(state: LoginSnapshotState): void {
  if (!state.focused) return;
  const target = document.querySelector<HTMLElement>(`[data-testid="${state.focused}"]`);
  if (!target) return;
  target.focus();
  if (target instanceof HTMLInputElement) {
    const { start, end, direction } = state.selection ?? {
      start: target.value.length,
      end: target.value.length,
      direction: 'none' as const,
    };
    target.setSelectionRange(start, end, direction);
  }
}
