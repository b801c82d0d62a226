import { MutationObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api';
import type { Notice } from '../api-client';
import { fetchFresh, queryClient, QUERY_RETRY_COUNT, QUERY_RETRY_DELAY_MS } from '../query-client';

/**
 * Retry is TanStack Query's (spec §9: a GET 5 more times, 100 ms apart), over the app's own API
 * client with a stubbed `fetch`: the client makes one attempt per call and holds back the report
 * of a retryable failure until the query gives up.
 */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json({ code: 0, message: '', success: true, data });

let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;
let notices: Notice[];
let clock = 1_700_000_000_000;
let key = 0;

const calls = () => fetchMock.mock.calls.length;
const methods = () => fetchMock.mock.calls.map(([, init]) => init.method);
/** A query of its own per test, run the way `useQuery` runs it (the client's query defaults). */
const query = <T>(fn: () => Promise<T>) =>
  queryClient.fetchQuery({ queryKey: ['retry-test', (key += 1)], queryFn: fn }).catch((e: unknown) => e);

beforeEach(() => {
  queryClient.clear();
  fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  notices = [];
  // A new toast window per test: the client shows one toast per status at a time.
  clock += 60_000;
  api.configure({ notify: (n) => notices.push(n), translate: (k) => k, now: () => clock });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('query retry', () => {
  it('is 5 retries, 100 ms apart', () => {
    expect(QUERY_RETRY_COUNT).toBe(5);
    expect(QUERY_RETRY_DELAY_MS).toBe(100);
  });

  it('tries a GET that fails on the network 6 times, 100 ms apart, then reports the error once', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const result = query(() => api.get('/getMenuList'));

    await vi.advanceTimersByTimeAsync(0);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(QUERY_RETRY_DELAY_MS - 1);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls()).toBe(2);
    expect(notices).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(QUERY_RETRY_DELAY_MS * 10);
    expect(calls()).toBe(1 + QUERY_RETRY_COUNT);

    await expect(result).resolves.toMatchObject({ kind: 'network' });
    expect(notices).toEqual([expect.objectContaining({ type: 'error', content: 'http:network' })]);
  });

  it('a GET that recovers on a retry resolves, and nothing is shown', async () => {
    fetchMock.mockResolvedValueOnce(json({}, 503)).mockResolvedValueOnce(json({}, 502)).mockResolvedValue(ok(7));
    await expect(query(() => api.get('/x'))).resolves.toBe(7);
    expect(calls()).toBe(3);
    expect(notices).toHaveLength(0);
  });

  it('retries a timeout and a 408 too', async () => {
    fetchMock.mockResolvedValueOnce(json({}, 408)).mockResolvedValue(ok('late'));
    await expect(query(() => api.get('/x'))).resolves.toBe('late');
    expect(calls()).toBe(2);
  });

  it('never retries a POST, even one that reads (a list)', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(query(() => api.post('/manage/player/list', {}))).resolves.toMatchObject({ kind: 'network' });
    expect(methods()).toEqual(['POST']);
    expect(notices).toHaveLength(1);
  });

  it('never retries a 4xx or a business refusal', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 1005, message: 'no such account', success: false, data: null }, 404));
    await expect(query(() => api.get('/x'))).resolves.toMatchObject({ status: 404 });
    fetchMock.mockResolvedValueOnce(json({ code: 1000, message: 'bad input', success: false, data: null }, 200));
    await expect(query(() => api.get('/y'))).resolves.toMatchObject({ kind: 'envelope' });
    expect(calls()).toBe(2);
    expect(notices.map((n) => n.content)).toEqual(['no such account', 'bad input']);
  });

  it('never retries a GET marked retry: false', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(query(() => api.get('/export', { retry: false }))).resolves.toMatchObject({ kind: 'network' });
    expect(calls()).toBe(1);
    expect(notices).toHaveLength(1);
  });

  it('keeps the reports a request asked not to show quiet', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(query(() => api.get('/x', { errorMessageMode: 'none' }))).resolves.toMatchObject({ kind: 'network' });
    expect(calls()).toBe(1 + QUERY_RETRY_COUNT);
    expect(notices).toHaveLength(0);
  });

  it('fetchFresh (reads outside components) retries the same way and keeps nothing in the cache', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(ok(['A']));
    await expect(fetchFresh(['fresh'], () => api.get('/getPermCode'))).resolves.toEqual(['A']);
    expect(calls()).toBe(2);
    await vi.waitFor(() => expect(queryClient.getQueryCache().find({ queryKey: ['fresh'] })).toBeUndefined());
  });
});

describe('mutations', () => {
  it('are never retried; a transient failure they met is reported once', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const observer = new MutationObserver(queryClient, { mutationFn: () => api.get('/x') });
    await expect(observer.mutate()).rejects.toMatchObject({ kind: 'network', retryable: true });
    expect(calls()).toBe(1);
    expect(notices).toHaveLength(1);
  });
});
