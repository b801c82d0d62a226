import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_ERROR_LIMITS } from '@agent-bo/shared';
import { ApiError } from '../../../lib/api-error';
import { cut, makeEntry } from '../entry';
import { useErrorLogStore } from '../error-log-store';
import { installErrorHandlers } from '../install';

const entries = () => useErrorLogStore.getState().entries;
let uninstall: () => void;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 200 })),
  );
  useErrorLogStore.getState().clear();
  window.history.replaceState(null, '', '/member/index?tab=players');
  uninstall = installErrorHandlers();
});

afterEach(() => {
  uninstall();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('global error handlers', () => {
  it('log an uncaught script error once: message, file, line:column, stack and the page URL', () => {
    const error = new TypeError('x is not a function');
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'Uncaught TypeError: x is not a function',
        filename: 'http://localhost/assets/app.js',
        lineno: 12,
        colno: 34,
        error,
      }),
    );
    expect(entries()).toHaveLength(1);
    expect(entries()[0]).toMatchObject({
      type: 'script',
      name: 'TypeError',
      file: 'http://localhost/assets/app.js',
      message: 'Uncaught TypeError: x is not a function',
      stack: error.stack,
      detail: 'http://localhost/assets/app.js:12:34',
      url: `${window.location.origin}/member/index?tab=players`,
    });
    expect(entries()[0]!.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('time an entry by the browser clock in the site time zone (Taipei for this host)', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T16:30:05Z'), toFake: ['Date'] });
    try {
      window.dispatchEvent(new ErrorEvent('error', { message: 'late' }));
    } finally {
      vi.useRealTimers();
    }
    expect(entries()[0]!.time).toBe('2026-11-22 00:30:05');
  });

  it('log a failed <img> load, seen only in the capture phase, as a resource error with the URL as file', () => {
    const img = document.createElement('img');
    img.src = '/missing/logo.png';
    document.body.appendChild(img);
    // Resource errors do not bubble: only a capturing window listener hears them.
    img.dispatchEvent(new Event('error', { bubbles: false }));
    expect(entries()).toHaveLength(1);
    expect(entries()[0]).toMatchObject({ type: 'resource', name: 'img load error', file: `${window.location.origin}/missing/logo.png` });
    expect(entries()[0]!.detail).toContain('<img');
  });

  it('log a failed <script> and <link> too', () => {
    const script = document.createElement('script');
    script.src = '/missing.js';
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/missing.css';
    document.head.append(script, link);
    script.dispatchEvent(new Event('error'));
    link.dispatchEvent(new Event('error'));
    expect(entries().map((e) => [e.type, e.file])).toEqual([
      ['resource', `${window.location.origin}/missing.css`],
      ['resource', `${window.location.origin}/missing.js`],
    ]);
    script.remove();
    link.remove();
  });

  it('log an unhandled rejection with its Error, or the reason as text when it is not an Error', () => {
    const error = new RangeError('out of range');
    window.dispatchEvent(new PromiseRejectionEvent('unhandledrejection', { promise: Promise.resolve(), reason: error }));
    window.dispatchEvent(new PromiseRejectionEvent('unhandledrejection', { promise: Promise.resolve(), reason: { code: 7 } }));
    expect(entries()[1]).toMatchObject({ type: 'promise', name: 'RangeError', message: 'out of range', stack: error.stack });
    expect(entries()[0]).toMatchObject({ type: 'promise', name: 'UnhandledRejection', message: '{"code":7}', detail: 'object' });
  });

  it('skip deliberate cancels and the ResizeObserver loop notice', () => {
    window.dispatchEvent(
      new PromiseRejectionEvent('unhandledrejection', { promise: Promise.resolve(), reason: new ApiError('cancelled', 'cancelled') }),
    );
    window.dispatchEvent(
      new PromiseRejectionEvent('unhandledrejection', { promise: Promise.resolve(), reason: new DOMException('aborted', 'AbortError') }),
    );
    window.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }));
    expect(entries()).toEqual([]);
  });

  it('are installed once however often start-up runs', () => {
    installErrorHandlers();
    installErrorHandlers();
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new Error('boom') }));
    expect(entries()).toHaveLength(1);
  });

  it('keep the newest first and at most 200 entries', () => {
    for (let i = 0; i < 205; i += 1) window.dispatchEvent(new ErrorEvent('error', { message: `error ${i}` }));
    expect(entries()).toHaveLength(200);
    expect(entries()[0]!.message).toBe('error 204');
    expect(entries()[199]!.message).toBe('error 5');
  });
});

describe('entry fields', () => {
  it('are cut to the server limits', () => {
    const long = 'x'.repeat(20_000);
    const entry = makeEntry({ type: 'script', name: long, file: long, message: long, stack: long, detail: long, url: long });
    expect(entry.name).toHaveLength(CLIENT_ERROR_LIMITS.name);
    expect(entry.file).toHaveLength(CLIENT_ERROR_LIMITS.file);
    expect(entry.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(entry.stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
    expect(entry.detail).toHaveLength(CLIENT_ERROR_LIMITS.detail);
    expect(entry.url).toHaveLength(CLIENT_ERROR_LIMITS.url);
  });

  it('never end in half a surrogate pair', () => {
    expect(cut('ab😀', 3)).toBe('ab');
    expect(cut('ab😀', 4)).toBe('ab😀');
  });
});
