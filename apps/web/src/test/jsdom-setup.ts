import NProgress from 'nprogress';
import { configure } from '@testing-library/react';
import { afterAll, vi } from 'vitest';
import { trackTimers } from './pending-timers';

/**
 * The test files of a worker share one process and one jsdom (vitest.config.ts: `isolate: false`,
 * which halves the suite's time: a new process per file spent most of it importing antd and
 * React again). So each file starts as it would in a fresh page: the app's own modules are
 * evaluated again (node_modules stay loaded), both storages and the cookies are empty, and the
 * listeners the previous file's modules added to `window` and `document` are removed when that
 * file ends (an old storage layer would otherwise still write its caches on `pagehide`).
 */
vi.resetModules();
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
document.body.innerHTML = '';
window.history.replaceState(null, '', '/');
{
  type Listener = Parameters<EventTarget['addEventListener']>;
  const added: Array<{ target: EventTarget; args: Listener }> = [];
  const restore: Array<() => void> = [];
  for (const target of [window, document] as EventTarget[]) {
    // The method as the environment installed it (on the global, one bound to jsdom's window).
    const own = Object.getOwnPropertyDescriptor(target, 'addEventListener');
    const add = target.addEventListener.bind(target);
    Object.defineProperty(target, 'addEventListener', {
      configurable: true,
      writable: true,
      value: (...args: Listener) => {
        added.push({ target, args });
        add(...args);
      },
    });
    restore.push(() => {
      if (own) Object.defineProperty(target, 'addEventListener', own);
      else delete (target as { addEventListener?: unknown }).addEventListener;
    });
  }
  afterAll(() => {
    for (const { target, args } of added.splice(0)) target.removeEventListener(args[0], args[1], args[2]);
    for (const undo of restore.splice(0)) undo();
  });
}

/**
 * The timers the file starts are cleared when it ends (after its toasts and progress bar, below),
 * as a browser clears a page's: left running, a timer of this file (an error report queued for the
 * server, a query's next retry, a poll) fires during the next file of the worker and calls that
 * file's stubbed fetch. A retry test once counted seven calls for its six on a busy machine.
 */
const timers = trackTimers();

/**
 * The layout, each page, the charts and the editor load on first use (dynamic imports), which in
 * a test means transforming them first: on a busy two-core machine that can pass the default
 * 1 s of findBy and waitFor. A longer wait changes no outcome, only how long a failure takes.
 */
configure({ asyncUtilTimeout: 5000 });

/**
 * jsdom lacks matchMedia and ResizeObserver, which antd and the layout use. Assigned directly
 * (not through vi.stubGlobal) so a test's vi.unstubAllGlobals() leaves them in place.
 */
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

/**
 * The progress bar ends on timers of its own (fade-out, then removal). A file that ends while
 * they are pending would have them fire after jsdom is gone, so wait until the bar is removed.
 * A timer the wait cannot see (one scheduled under a test's fake clock and run by the clock's
 * real interval after the switch back) may still end the bar after teardown: its removal then
 * finds no document and does nothing, as nothing is left to remove.
 */
{
  const remove = NProgress.remove.bind(NProgress);
  NProgress.remove = () => {
    if (typeof document !== 'undefined') remove();
  };
}

/**
 * A toast (antd message or notification) runs its close timer and its leave motion on animation
 * frames, each frame a React commit. jsdom plays no CSS animation, so a toast that is leaving never
 * ends and keeps committing; a file that ends between a commit and its effects has React run them
 * after jsdom is gone ("window is not defined"). So end every leave by hand (the events a browser
 * would fire) until no toast is left; one still open closes itself when its duration has passed.
 */
const TOASTS = '.ant-message-notice, .ant-notification-notice';

function endLeavingToasts(): void {
  for (const notice of document.querySelectorAll(TOASTS)) {
    if (!/-leave\b/.test(notice.className)) continue;
    notice.dispatchEvent(new Event('transitionend'));
    notice.dispatchEvent(new Event('animationend'));
  }
}

afterAll(async () => {
  if (vi.isFakeTimers()) vi.useRealTimers();
  if (NProgress.isStarted()) NProgress.done();
  await vi.waitFor(
    () => {
      if (NProgress.isStarted() || NProgress.isRendered()) throw new Error('progress bar still shown');
      endLeavingToasts();
      if (document.querySelector(TOASTS)) throw new Error('a toast is still shown');
    },
    { timeout: 8000, interval: 50 },
  );
  timers.clearAll();
  timers.restore();
});

/**
 * The app loads one locale's messages at a time (lib/i18n.ts); tests switch locales
 * synchronously, so every locale is loaded here, before the test file runs.
 */
{
  const { LOCALES, DEFAULT_LOCALE } = await import('@agent-bo/shared');
  const { ensureLocale, initI18n } = await import('../lib/i18n');
  initI18n(DEFAULT_LOCALE);
  await Promise.all(LOCALES.map((locale) => ensureLocale(locale)));
}
