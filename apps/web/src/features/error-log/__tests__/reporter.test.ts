import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_ERROR_REPORT_MAX_BYTES, clientErrorReportSchema, type ClientErrorEntry } from '@agent-bo/shared';
import { useUserStore } from '../../../stores/user-store';
import { makeEntry } from '../entry';
import { useErrorLogStore } from '../error-log-store';
import { installErrorHandlers } from '../install';
import { createErrorReporter, fitEntry, REPORT_BODY_BUDGET, type ReporterOptions } from '../reporter';

type Call = { url: string; init: RequestInit; entries: ClientErrorEntry[] };

let calls: Call[];
let status: number;
let clock: number;

function fakeFetch(): typeof fetch {
  return vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    // Every report must pass the server's own schema.
    const body = clientErrorReportSchema.parse(JSON.parse(String(init?.body)));
    calls.push({ url: String(url), init: init ?? {}, entries: body.entries });
    return new Response('{}', { status });
  }) as unknown as typeof fetch;
}

function reporter(options: Partial<ReporterOptions> = {}) {
  return createErrorReporter({
    url: '/api/manage/error_log/report',
    fetch: fakeFetch(),
    getToken: () => 'tok',
    getSiteId: () => 'tw_web',
    now: () => clock,
    perMinute: 1000,
    ...options,
  });
}

const entry = (n: number) => makeEntry({ type: 'script', message: `error ${n}`, url: 'http://localhost/x', time: '2026-11-21 10:00:00' });

/** Lets pending fetch promises settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  status = 200;
  clock = 1_000_000;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('error reporter', () => {
  it('waits 2 s after the first entry, then sends the burst in one report with the site and token', async () => {
    const r = reporter();
    r.enqueue(entry(1));
    await vi.advanceTimersByTimeAsync(1000);
    r.enqueue(entry(2));
    r.enqueue(entry(3));
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/manage/error_log/report');
    expect(calls[0]!.entries.map((e) => e.message)).toEqual(['error 1', 'error 2', 'error 3']);
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers['x-site-id']).toBe('tw_web');
    expect(headers.Authorization).toBe('Bearer tok');
    expect(calls[0]!.init.method).toBe('POST');
  });

  it('sends no token when signed out', async () => {
    const r = reporter({ getToken: () => null });
    r.enqueue(entry(1));
    await vi.advanceTimersByTimeAsync(2000);
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('sends at most 20 entries per report', async () => {
    const r = reporter();
    for (let i = 0; i < 45; i += 1) r.enqueue(entry(i));
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.map((c) => c.entries.length)).toEqual([20]);
    await vi.advanceTimersByTimeAsync(4000);
    expect(calls.map((c) => c.entries.length)).toEqual([20, 20, 5]);
    expect(calls.flatMap((c) => c.entries.map((e) => e.message))).toEqual(Array.from({ length: 45 }, (_, i) => `error ${i}`));
  });

  it('accepts at most `perMinute` entries a rolling minute and drops the rest', async () => {
    const r = reporter({ perMinute: 30 });
    for (let i = 0; i < 40; i += 1) r.enqueue(entry(i));
    expect(r.pending()).toBe(30);
    expect(r.dropped()).toBe(10);
    clock += 60_000;
    r.enqueue(entry(99));
    expect(r.pending()).toBe(31);
  });

  it('after a 429 drops what is queued and stays quiet for a minute', async () => {
    status = 429;
    const r = reporter();
    for (let i = 0; i < 25; i += 1) r.enqueue(entry(i));
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(1);
    expect(r.pending()).toBe(0);
    status = 200;
    r.enqueue(entry(100));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    clock += 60_000;
    r.enqueue(entry(101));
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.entries.map((e) => e.message)).toEqual(['error 101']);
  });

  it('drops a batch the server refuses as too large (413) without sending it again', async () => {
    status = 413;
    const r = reporter();
    r.enqueue(entry(1));
    await vi.advanceTimersByTimeAsync(2000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    expect(r.dropped()).toBe(1);
  });

  it('keeps each report under the server body limit in bytes, shortening an entry too big alone', async () => {
    const r = reporter();
    const long = (n: number) =>
      makeEntry({
        type: 'script',
        message: `long ${n} ${'訊'.repeat(2000)}`,
        stack: '堆'.repeat(8000),
        detail: '細'.repeat(4000),
        time: '2026-11-21 10:00:00',
      });
    for (let i = 0; i < 6; i += 1) r.enqueue(long(i));
    for (let i = 0; i < 6; i += 1) await vi.advanceTimersByTimeAsync(2000);
    expect(calls.flatMap((c) => c.entries.map((e) => e.message.slice(0, 6)))).toEqual([
      'long 0',
      'long 1',
      'long 2',
      'long 3',
      'long 4',
      'long 5',
    ]);
    for (const call of calls)
      expect(new TextEncoder().encode(String(call.init.body)).length).toBeLessThanOrEqual(CLIENT_ERROR_REPORT_MAX_BYTES);
    // Each of these is ~52 KB of UTF-8: alone under the limit, never two together.
    expect(calls.map((c) => c.entries.length)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(calls[0]!.entries[0]!.stack).toBe('堆'.repeat(8000));

    const huge = makeEntry({
      type: 'script',
      message: '\u0001'.repeat(2000),
      stack: '\u0001'.repeat(8000),
      detail: '\u0001'.repeat(4000),
      time: '2026-11-21 10:00:00',
    });
    expect(fitEntry(huge).stack.length).toBeLessThan(8000);
    r.enqueue(huge);
    await vi.advanceTimersByTimeAsync(2000);
    expect(new TextEncoder().encode(String(calls.at(-1)!.init.body)).length).toBeLessThanOrEqual(REPORT_BODY_BUDGET);
  });

  it('sends one last keepalive report when the page goes away', async () => {
    const r = reporter();
    for (let i = 0; i < 3; i += 1) r.enqueue(entry(i));
    await r.flush({ keepalive: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.keepalive).toBe(true);
    expect(calls[0]!.entries).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
  });

  it('sends on page hide once the handlers are installed', async () => {
    const fetchStub = fakeFetch();
    vi.stubGlobal('fetch', fetchStub);
    const uninstall = installErrorHandlers();
    window.dispatchEvent(new ErrorEvent('error', { message: 'before leaving' }));
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    uninstall();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.keepalive).toBe(true);
    expect(calls[0]!.entries[0]!.message).toBe('before leaving');
  });
});

describe('error reporting in the app', () => {
  let uninstall: () => void;
  afterEach(() => {
    uninstall?.();
    useUserStore.getState().reset();
  });

  it('posts caught errors to the report endpoint with the session token', async () => {
    const fetchStub = fakeFetch();
    vi.stubGlobal('fetch', fetchStub);
    useUserStore.getState().setSession('session-token', null);
    useErrorLogStore.getState().clear();
    uninstall = installErrorHandlers();
    window.dispatchEvent(new ErrorEvent('error', { message: 'reported', error: new Error('reported') }));
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/manage/error_log/report');
    expect(calls[0]!.entries[0]).toMatchObject({ type: 'script', message: 'reported' });
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer session-token');
  });

  it('does not log a failing report as a new error (no feedback loop)', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', failing);
    useErrorLogStore.getState().clear();
    uninstall = installErrorHandlers();
    const rejections: unknown[] = [];
    const onRejection = (event: PromiseRejectionEvent) => rejections.push(event.reason);
    window.addEventListener('unhandledrejection', onRejection);
    window.dispatchEvent(new ErrorEvent('error', { message: 'first', error: new Error('first') }));
    await vi.advanceTimersByTimeAsync(2000);
    await settle();
    await vi.advanceTimersByTimeAsync(10_000);
    window.removeEventListener('unhandledrejection', onRejection);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(useErrorLogStore.getState().entries.map((e) => e.message)).toEqual(['first']);
    expect(rejections).toEqual([]);
  });
});
