import NProgress from 'nprogress';
import { afterAll, vi } from 'vitest';

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
 */
afterAll(async () => {
  if (vi.isFakeTimers()) vi.useRealTimers();
  if (NProgress.isStarted()) NProgress.done();
  await vi.waitFor(
    () => {
      if (NProgress.isStarted() || NProgress.isRendered()) throw new Error('progress bar still shown');
    },
    { timeout: 5000, interval: 50 },
  );
});
