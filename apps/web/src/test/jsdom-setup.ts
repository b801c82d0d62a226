import NProgress from 'nprogress';
import { configure } from '@testing-library/react';
import { afterAll, vi } from 'vitest';

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
