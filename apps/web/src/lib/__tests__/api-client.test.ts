import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERRORS, LOCALES } from '@agent-bo/shared';
import { createApiClient, type ApiClientConfig, type Notice } from '../api-client';
import { type ApiError } from '../api-error';
import { loadMessages } from '../i18n';

type FetchArgs = [string, RequestInit];

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
const ok = (data: unknown) => json({ code: 0, message: '', success: true, data });
const fail = (code: number, message: string, status: number) => json({ code, message, success: false, data: null }, status);

/** A fetch that never answers until its signal aborts. */
const hanging = (_url: string, init: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
let notices: Notice[];
let onUnauthorized: ReturnType<typeof vi.fn<(message: string) => void>>;
let routeKey: string;

function client(patch: Partial<ApiClientConfig> = {}) {
  return createApiClient({
    baseUrl: '',
    prefix: '/api',
    timeoutMs: 60_000,
    toastSeconds: 3,
    getToken: () => 'tok123',
    getSiteId: () => 'tw_mc',
    getLanguage: () => 'th',
    translate: (key) => `t(${key})`,
    notify: (n) => notices.push(n),
    onUnauthorized,
    getRouteKey: () => routeKey,
    now: () => 1_700_000_000_000,
    ...patch,
  });
}

const callCount = () => fetchMock.mock.calls.length;
const urlOf = (i = 0) => new URL(fetchMock.mock.calls[i]![0], 'http://x');
const initOf = (i = 0) => fetchMock.mock.calls[i]![1];

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  notices = [];
  onUnauthorized = vi.fn<(message: string) => void>();
  routeKey = '/dashboard';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requests', () => {
  it('sends token, site and language headers and unwraps the envelope', async () => {
    fetchMock.mockResolvedValue(ok({ hello: 'world' }));
    await expect(client().post('/manage/userinfo', {})).resolves.toEqual({ hello: 'world' });
    const headers = initOf().headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok123');
    expect(headers['x-site-id']).toBe('tw_mc');
    expect(headers['Accept-Language']).toBe('th');
    expect(headers['Content-Type']).toBe('application/json');
    expect(initOf().method).toBe('POST');
    expect(urlOf().pathname).toBe('/api/manage/userinfo');
    expect(urlOf().searchParams.has('_t')).toBe(false);
  });

  it('adds the _t timestamp and the query parameters to GETs only', async () => {
    fetchMock.mockResolvedValue(ok(['A']));
    await client().get('/getPermCode', { params: { a: 1, skip: undefined } });
    expect(urlOf().pathname).toBe('/api/getPermCode');
    expect(urlOf().searchParams.get('_t')).toBe('1700000000000');
    expect(urlOf().searchParams.get('a')).toBe('1');
    expect(urlOf().searchParams.has('skip')).toBe(false);
    expect(initOf().body).toBeUndefined();
  });

  it('omits Authorization without a token', async () => {
    fetchMock.mockResolvedValue(ok(null));
    await client({ getToken: () => null }).get('/x');
    expect((initOf().headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('trims text values of the body but never a password', async () => {
    fetchMock.mockResolvedValue(ok(null));
    await client().post('/manage/signin', { accountNo: '  admin001 ', password: ' pw ', nested: { name: ' a ' } });
    expect(JSON.parse(String(initOf().body))).toEqual({ accountNo: 'admin001', password: ' pw ', nested: { name: 'a' } });
  });
});

describe('retryable failures (retried by the query client, see query-client.test.ts)', () => {
  it('one call is one attempt: a GET failing on the network is marked retryable and not reported yet', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await client()
      .get('/getMenuList')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', retryable: true });
    expect(callCount()).toBe(1);
    expect(notices).toHaveLength(0);
  });

  it('reportDeferred reports a held-back failure once, with its request options', async () => {
    fetchMock.mockResolvedValue(json({}, 503));
    const api = client();
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 503, retryable: true });
    api.reportDeferred(error);
    api.reportDeferred(error);
    expect(notices).toEqual([expect.objectContaining({ key: 'status:503', content: 't(http:status.503)' })]);

    const quiet = await api.get('/y', { errorMessageMode: 'none' }).catch((e: unknown) => e);
    api.reportDeferred(quiet);
    expect(notices).toHaveLength(1);
  });

  it.each([408, 500, 502, 504])('a GET answered %i is retryable', async (status) => {
    fetchMock.mockResolvedValue(new Response('', { status }));
    await expect(client().get('/x')).rejects.toMatchObject({ status, retryable: true });
  });

  it('a timed-out GET is retryable', async () => {
    fetchMock.mockImplementation(hanging);
    await expect(client({ timeoutMs: 20 }).get('/slow')).rejects.toMatchObject({ kind: 'timeout', retryable: true });
  });

  it('a POST never is, and its failure is reported at once', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const api = client();
    const error = await api.post('/manage/signout').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', retryable: false });
    expect(notices).toHaveLength(1);
    api.reportDeferred(error);
    expect(notices).toHaveLength(1);
  });

  it('neither is a business (envelope) error or a 4xx', async () => {
    fetchMock.mockResolvedValueOnce(fail(1005, 'no such account', 404)).mockResolvedValueOnce(fail(1000, 'bad input', 200));
    await expect(client().get('/x')).rejects.toMatchObject({ kind: 'http', status: 404, message: 'no such account', retryable: false });
    await expect(client().get('/y')).rejects.toMatchObject({ kind: 'envelope', retryable: false });
    expect(notices).toHaveLength(2);
  });

  it('nor a GET marked retry: false (an export), whose failure is reported at once', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(client().get('/x', { retry: false })).rejects.toMatchObject({ kind: 'network', retryable: false });
    expect(callCount()).toBe(1);
    expect(notices).toHaveLength(1);
  });

  it('nor a cancelled GET, which stays silent', async () => {
    fetchMock.mockImplementation(hanging);
    const controller = new AbortController();
    const pending = client().get('/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled', retryable: false });
  });
});

describe('error catalogue', () => {
  it('shows the server message as is for a non-401 failure', async () => {
    fetchMock.mockResolvedValue(fail(1001, '帳號或密碼錯誤', 400));
    await expect(client().post('/manage/signin', {})).rejects.toMatchObject({ kind: 'http', code: 1001 });
    expect(notices).toEqual([expect.objectContaining({ mode: 'toast', type: 'error', content: '帳號或密碼錯誤' })]);
  });

  it('an envelope failure inside HTTP 200 shows its message, or the generic one for an unknown code', async () => {
    fetchMock.mockResolvedValueOnce(fail(1000, 'bad input', 200)).mockResolvedValueOnce(fail(7777, '', 200));
    await expect(client().post('/a')).rejects.toMatchObject({ kind: 'envelope', code: 1000, message: 'bad input' });
    await expect(client().post('/b')).rejects.toMatchObject({ message: 't(http:requestFailed)' });
  });

  it.each([403, 404, 405, 408, 500, 501, 502, 503, 504, 505])('status %i without a message has its own text', async (status) => {
    fetchMock.mockResolvedValue(new Response('', { status }));
    await expect(client().post('/x')).rejects.toMatchObject({ status, message: `t(http:status.${status})` });
  });

  describe('429, too many requests', () => {
    it('shows the server message of the envelope, as a toast like any failure', async () => {
      fetchMock.mockResolvedValue(fail(429, '請求過於頻繁，請稍後再試', 429));
      await expect(client().get('/manage/userinfo')).rejects.toMatchObject({ kind: 'http', status: 429, code: 429, retryable: false });
      expect(notices).toEqual([
        expect.objectContaining({ mode: 'toast', type: 'error', key: 'status:429', content: '請求過於頻繁，請稍後再試' }),
      ]);
      // a GET refused by the limit is not retried: another attempt would only spend the budget
      expect(callCount()).toBe(1);
    });

    it('an envelope without a message shows the catalogue text of its code', async () => {
      fetchMock.mockResolvedValue(fail(429, '', 429));
      await expect(client().post('/x')).rejects.toMatchObject({ status: 429, message: 't(errors:TOO_MANY_REQUESTS)' });
    });

    it('an answer that is not an envelope shows the translated 429 text, never the raw body', async () => {
      fetchMock.mockResolvedValue(
        json({ statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded, retry in 1 minute' }, 429),
      );
      await expect(client().post('/x')).rejects.toMatchObject({ status: 429, message: 't(http:status.429)' });
      fetchMock.mockResolvedValue(new Response('<html>slow down</html>', { status: 429, headers: { 'retry-after': '30' } }));
      await expect(client().post('/y', {}, { errorMessageMode: 'none' })).rejects.toMatchObject({ message: 't(http:status.429)' });
      expect(notices.map((n) => n.content)).toEqual(['t(http:status.429)']);
    });

    it.each(LOCALES)('the 429 texts exist in %s', async (locale) => {
      const resources = await loadMessages(locale);
      const status = (resources.http as { status: Record<string, string> }).status;
      expect(status['429']).toMatch(/\(429\)$/);
      expect(resources.errors!.TOO_MANY_REQUESTS).toBeTruthy();
    });
  });

  it('other statuses without a message fall back to request failed', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 418 }));
    await expect(client().post('/x')).rejects.toMatchObject({ status: 418, message: 't(http:requestFailed)' });
  });

  it('times out with the timeout message', async () => {
    fetchMock.mockImplementation(hanging);
    await expect(client({ timeoutMs: 20 }).post('/slow')).rejects.toMatchObject({ kind: 'timeout', message: 't(http:timeout)' });
    expect(notices[0]?.content).toBe('t(http:timeout)');
  });

  it('shows a modal or nothing when asked', async () => {
    fetchMock.mockResolvedValue(fail(1006, 'denied', 403));
    await client()
      .post('/a', {}, { errorMessageMode: 'modal' })
      .catch(() => undefined);
    await client()
      .post('/b', {}, { errorMessageMode: 'none' })
      .catch(() => undefined);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.mode).toBe('modal');
  });

  it('deduplicates toasts per status while one is showing', async () => {
    fetchMock.mockImplementation(async () => new Response('', { status: 500 }));
    const api = client();
    await Promise.allSettled([api.post('/a'), api.post('/b'), api.post('/c')]);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.key).toBe('status:500');
    fetchMock.mockImplementation(async () => new Response('', { status: 404 }));
    await Promise.allSettled([api.post('/d'), api.post('/e')]);
    expect(notices).toHaveLength(2);
    expect(notices[1]!.key).toBe('status:404');
  });

  it('shows the same status again once the toast has gone', async () => {
    let now = 1_000_000;
    fetchMock.mockImplementation(async () => new Response('', { status: 500 }));
    const api = client({ now: () => now });
    await api.post('/a').catch(() => undefined);
    now += 3_001;
    await api.post('/b').catch(() => undefined);
    expect(notices).toHaveLength(2);
  });

  it('a success toast on request', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, message: '', success: true, data: null }));
    await client().post('/save', {}, { successMessage: true });
    expect(notices).toEqual([expect.objectContaining({ type: 'success', content: 't(http:operationSuccess)' })]);
  });
});

describe('401', () => {
  it('signs out once for a burst of concurrent 401s', async () => {
    fetchMock.mockImplementation(async () => fail(401, 'session expired', 401));
    const api = client();
    const results = await Promise.allSettled([api.get('/a'), api.post('/b'), api.post('/c'), api.get('/d')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ content: 'session expired', keepOnRouteChange: true });
    expect(callCount()).toBe(4);
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as ApiError).retryable : undefined))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('a step of signing in (before any session) is refused by its 401 without signing anyone out', async () => {
    fetchMock.mockImplementation(async () => fail(1019, 'took too long', 401));
    const api = client({ getToken: () => null });
    const error = (await api
      .post('/manage/signin/second_factor', {}, { beforeSession: true, errorMessageMode: 'none' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ kind: 'http', status: 401, code: 1019, message: 'took too long' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
  });

  it('an envelope code 401 in a 200 response also signs out, and re-arms after a new sign-in', async () => {
    fetchMock.mockImplementation(async () => fail(401, '', 200));
    const api = client();
    await api.post('/a').catch(() => undefined);
    await api.post('/b').catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(notices[0]!.content).toBe('t(errors:UNAUTHORIZED)');
    api.resetUnauthorized();
    await api.post('/c').catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('a 401 for a request sent before a new sign-in neither signs the new session out nor says anything', async () => {
    let token = 'old-token';
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const api = client({ getToken: () => token });
    const late = api.get('/codes', { retry: false });
    // Signed in again (the cover) while the request was on its way: new token, 401 handling re-armed.
    token = 'new-token';
    api.resetUnauthorized();
    answer(fail(401, 'session expired', 401));
    await expect(late).rejects.toMatchObject({ kind: 'cancelled' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
    // A 401 in the new session still signs out.
    fetchMock.mockImplementation(async () => fail(401, 'session expired', 401));
    await api.get('/codes', { retry: false }).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('ADDRESS_NOT_ALLOWED', () => {
  const refused = () => fail(ERRORS.ADDRESS_NOT_ALLOWED.code, 'not from your network address', 403);

  it('a signed-in call refused for its address signs out once, with the message, like a 401', async () => {
    fetchMock.mockImplementation(async () => refused());
    const api = client();
    const results = await Promise.allSettled([api.get('/a', { retry: false }), api.post('/b', {}, { errorMessageMode: 'none' })]);
    expect(results.map((r) => r.status === 'rejected' && (r.reason as ApiError).kind)).toEqual(['unauthorized', 'unauthorized']);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith('not from your network address');
    expect(notices).toEqual([expect.objectContaining({ content: 'not from your network address', keepOnRouteChange: true })]);
  });

  it('without a session (a sign-in refused for its address) it is an ordinary failure the form shows', async () => {
    fetchMock.mockImplementation(async () => refused());
    const api = client({ getToken: () => null });
    await expect(api.post('/manage/signin', {}, { errorMessageMode: 'none' })).rejects.toMatchObject({
      kind: 'http',
      status: 403,
      code: ERRORS.ADDRESS_NOT_ALLOWED.code,
      message: 'not from your network address',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
  });
});

describe('PASSWORD_CHANGE_REQUIRED', () => {
  const refused = () => fail(ERRORS.PASSWORD_CHANGE_REQUIRED.code, 'Choose a new password before going on', 403);

  it("tells the app the session's step, and the call fails with the server's message (no sign-out)", async () => {
    fetchMock.mockImplementation(async () => refused());
    const onSessionStep = vi.fn();
    const api = client({ onSessionStep });
    await expect(api.post('/manage/agent/lower_agents', {})).rejects.toMatchObject({
      kind: 'http',
      status: 403,
      code: ERRORS.PASSWORD_CHANGE_REQUIRED.code,
      message: 'Choose a new password before going on',
    });
    expect(onSessionStep).toHaveBeenCalledExactlyOnceWith('CHANGE_PASSWORD');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a required enrolment is a step too (SECOND_FACTOR_ENROLMENT_REQUIRED)', async () => {
    fetchMock.mockImplementation(async () =>
      fail(ERRORS.SECOND_FACTOR_ENROLMENT_REQUIRED.code, 'Set up two-step verification before going on', 403),
    );
    const onSessionStep = vi.fn();
    const api = client({ onSessionStep });
    await expect(api.post('/manage/agent/lower_agents', {}, { errorMessageMode: 'none' })).rejects.toMatchObject({ status: 403 });
    expect(onSessionStep).toHaveBeenCalledExactlyOnceWith('ENROL_SECOND_FACTOR');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('says nothing of a session that is no longer the current one, nor without a session', async () => {
    let token: string | null = 'old-token';
    fetchMock.mockImplementation(async () => {
      token = 'new-token';
      return refused();
    });
    const onSessionStep = vi.fn();
    const api = client({ onSessionStep, getToken: () => token });
    await api.post('/a', {}, { errorMessageMode: 'none' }).catch(() => undefined);
    token = null;
    fetchMock.mockImplementation(async () => refused());
    await api.post('/b', {}, { errorMessageMode: 'none' }).catch(() => undefined);
    expect(onSessionStep).not.toHaveBeenCalled();
  });
});

describe('cancellation', () => {
  it('a request cancelled by its signal is silent', async () => {
    fetchMock.mockImplementation(hanging);
    const controller = new AbortController();
    const pending = client().get('/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
    expect(notices).toHaveLength(0);
    expect(callCount()).toBe(1);
  });

  it('cancelPending cancels the requests of other routes and keeps the current one', async () => {
    fetchMock.mockImplementation(hanging);
    const api = client();
    routeKey = '/old';
    const old = api.post('/slow-old');
    routeKey = '/new';
    const current = api.post('/slow-new');
    expect(api.pendingCount()).toBe(2);
    expect(api.cancelPending('/new')).toBe(1);
    await expect(old).rejects.toMatchObject({ kind: 'cancelled' });
    expect(api.pendingCount()).toBe(1);
    api.cancelPending();
    await expect(current).rejects.toMatchObject({ kind: 'cancelled' });
    expect(notices).toHaveLength(0);
  });
});

describe('catalogue fallback', () => {
  it('an envelope failure without a message uses the errors catalogue text for its code', async () => {
    fetchMock.mockResolvedValueOnce(fail(1001, '', 400)).mockResolvedValueOnce(fail(1002, '', 200));
    await expect(client().post('/manage/signin')).rejects.toMatchObject({ message: 't(errors:INVALID_CREDENTIALS)' });
    await expect(client().post('/manage/signin')).rejects.toMatchObject({ message: 't(errors:ACCOUNT_DISABLED)' });
  });
});
