import { ERRORS, errorNameForCode, SUCCESS_CODE, type SessionStep } from '@agent-bo/shared';
import { isEnvelope, trimStrings } from './api-body';
import { ApiError, type ErrorMessageMode, isApiError, isTransient } from './api-error';

/**
 * The one HTTP client of the web app (ARCHITECTURE.md convention 7, spec §7 and §8).
 *
 * - every call carries the token, the site id and the language;
 * - GETs get a cache-busting `_t` parameter; one call is one attempt. Retrying belongs to
 *   TanStack Query (`query-client.ts`): a GET that failed on the network, by a timeout, a 408 or
 *   a 5xx is marked `retryable`, and the query repeats it; POSTs never are, they may not be
 *   idempotent, and neither is a 4xx or a business refusal;
 * - the envelope `{code, message, success, data}` is unwrapped to `data`;
 * - failures are reported once through the error catalogue (toast by default, one per status
 *   at a time), a 401 signs the user out once however many requests fail together; a retryable
 *   failure is reported by the query layer (`reportDeferred`) only when it gives up, so a GET
 *   that recovers on a retry shows nothing;
 * - cancelled requests are silent; every request is registered so a route switch can cancel
 *   what the previous page left running.
 */

/**
 * A signed-in call refused because the session may not be used from this address (the account's
 * address list): nothing on this device will work, so it ends the session here as a 401 does, with
 * its own message. Without a session (a sign-in refused for the address) it is an ordinary failure.
 */
const ADDRESS_NOT_ALLOWED = ERRORS.ADDRESS_NOT_ALLOWED.code;

/**
 * Refusals that say the session must take a step before anything else (sessions.step): the app
 * learns the step (`onSessionStep`) and shows its page; the call itself fails as usual.
 */
const STEP_OF_CODE: ReadonlyMap<number, SessionStep> = new Map([
  [ERRORS.PASSWORD_CHANGE_REQUIRED.code, 'CHANGE_PASSWORD'],
  [ERRORS.SECOND_FACTOR_ENROLMENT_REQUIRED.code, 'ENROL_SECOND_FACTOR'],
]);

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  params?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** How a failure is shown; `none` leaves it to the caller. Default: toast. */
  errorMessageMode?: ErrorMessageMode;
  /** Show a success toast: `true` uses the server message or "operation success". */
  successMessage?: boolean | string;
  /**
   * GET only; default true: the query layer may repeat the request after a transient failure.
   * `false` for a GET that must run once (an export); its failure is reported at once.
   */
  retry?: boolean;
  timeoutMs?: number;
  /** Add the `_t` cache-busting parameter to a GET; default true. */
  joinTime?: boolean;
  /** Trim string values of the JSON body (spec §5); default true. Password fields are never trimmed. */
  trimBody?: boolean;
  headers?: Record<string, string>;
  /**
   * A step of signing in, made before any session exists (the second factor's code): its 401 is
   * that step's own refusal, shown by the form, not the end of a session to sign out of.
   */
  beforeSession?: boolean;
}

export interface Notice {
  mode: 'toast' | 'modal';
  type: 'error' | 'success';
  /** Dedup key: one toast per key at a time. */
  key: string;
  content: string;
  durationSeconds: number;
  /** True for the sign-out notice, which must survive the navigation to login. */
  keepOnRouteChange?: boolean;
}

export interface ApiClientConfig {
  baseUrl: string;
  prefix: string;
  timeoutMs: number;
  toastSeconds: number;
  getToken: () => string | null | undefined;
  getSiteId: () => string;
  /** Language tag for Accept-Language (zh-TW, en, th, vi). */
  getLanguage: () => string;
  translate: (key: string, options?: Record<string, unknown>) => string;
  notify: (notice: Notice) => void;
  /** Called once per burst of 401s with the message to show; the app clears the session and goes to login. */
  onUnauthorized: (message: string) => void;
  /** A call of the current session was refused until the session takes `step` (PASSWORD_CHANGE_REQUIRED). */
  onSessionStep?: (step: SessionStep) => void;
  /** Where the app currently is; requests are tagged with it so a route switch cancels the old ones. */
  getRouteKey: () => string;
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * HTTP statuses that have their own translated message (spec §8), and 429: a rate limit met
 * without an envelope (a proxy's answer) still reads as a sentence, never as the raw body.
 */
export const STATUS_MESSAGES = [403, 404, 405, 408, 429, 500, 501, 502, 503, 504, 505] as const;

/** Statuses whose envelope without a message is shown with the catalogue text of its code. */
const CATALOGUE_STATUSES: readonly number[] = [400, 429];

const CANCELLED = Symbol('cancelled');
const TIMED_OUT = Symbol('timed-out');

interface PendingRequest {
  controller: AbortController;
  routeKey: string;
}

export interface ApiClient {
  request<T>(method: string, path: string, body: unknown, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** Cancels pending requests; with `keepRouteKey`, those started on that route survive. */
  cancelPending(keepRouteKey?: string): number;
  pendingCount(): number;
  /** Re-arms the 401 handling after a new sign-in. */
  resetUnauthorized(): void;
  /**
   * A 401 met outside this client (an upload sent with XMLHttpRequest for its progress events):
   * handled like one of its own, the sign-out included, once per session.
   */
  reportUnauthorized(message: string): void;
  /**
   * The headers a call of this client carries (token, site, language), for a request sent
   * outside it (the image upload, an XMLHttpRequest for its progress events).
   */
  requestHeaders(): Record<string, string>;
  /**
   * Reports a retryable failure the client held back, once; anything else was reported when it
   * happened and is ignored. The query client calls it when a query or mutation finally fails.
   */
  reportDeferred(error: unknown): void;
  configure(patch: Partial<ApiClientConfig>): void;
}

export function createApiClient(initial: ApiClientConfig): ApiClient {
  let config = initial;
  const pending = new Set<PendingRequest>();
  const lastNotice = new Map<string, { content: string; until: number }>();
  /** Retryable failures not reported yet, with the options of their request. */
  const deferred = new WeakMap<ApiError, RequestOptions>();
  let unauthorizedFired = false;

  const now = () => (config.now ?? Date.now)();
  const t = (key: string, options?: Record<string, unknown>) => config.translate(key, options);
  /** The catalogue text for an envelope code, when the server sent no message of its own. */
  const catalogue = (code: number | undefined): string | undefined => {
    const name = code === undefined ? undefined : errorNameForCode(code);
    return name ? t(`errors:${name}`) : undefined;
  };

  function buildUrl(method: string, path: string, options: RequestOptions): string {
    const base = `${config.baseUrl}${config.prefix}${path.startsWith('/') ? path : `/${path}`}`;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(options.params ?? {})) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    if (method === 'GET' && options.joinTime !== false) params.set('_t', String(now()));
    const query = params.toString();
    return query ? `${base}${base.includes('?') ? '&' : '?'}${query}` : base;
  }

  function buildHeaders(hasBody: boolean, options: RequestOptions): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'x-site-id': config.getSiteId(),
      'Accept-Language': config.getLanguage(),
      ...options.headers,
    };
    const token = config.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (hasBody) headers['Content-Type'] = 'application/json';
    return headers;
  }

  /** One attempt: resolves with `data` or throws an unreported ApiError. */
  async function attempt<T>(method: string, path: string, body: unknown, options: RequestOptions): Promise<T> {
    if (options.signal?.aborted) throw new ApiError('cancelled', 'cancelled');
    const controller = new AbortController();
    const entry: PendingRequest = { controller, routeKey: config.getRouteKey() };
    pending.add(entry);
    const onCallerAbort = () => controller.abort(CANCELLED);
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const timer = setTimeout(() => controller.abort(TIMED_OUT), options.timeoutMs ?? config.timeoutMs);
    const hasBody = method !== 'GET' && method !== 'HEAD';
    // The session the request is sent in: a 401 for it says nothing about a session begun since.
    const sentToken = config.getToken();
    const payload = hasBody ? JSON.stringify(options.trimBody === false ? (body ?? {}) : trimStrings(body ?? {})) : undefined;

    try {
      let response: Response;
      let text: string;
      try {
        const fetchImpl = config.fetch ?? globalThis.fetch;
        response = await fetchImpl(buildUrl(method, path, options), {
          method,
          headers: buildHeaders(hasBody, options),
          body: payload,
          signal: controller.signal,
          credentials: 'same-origin',
        });
        text = await response.text();
      } catch (error) {
        if (controller.signal.aborted) {
          const reason: unknown = controller.signal.reason;
          if (reason === TIMED_OUT) throw new ApiError('timeout', t('http:timeout'));
          throw new ApiError('cancelled', 'cancelled');
        }
        throw new ApiError('network', t('http:network'), { data: error });
      }

      let parsed: unknown = undefined;
      if (text) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = text;
        }
      }
      const envelope = isEnvelope(parsed) ? parsed : undefined;
      const status = response.status;

      const sessionRefused = status === 401 || envelope?.code === 401 || (sentToken && envelope?.code === ADDRESS_NOT_ALLOWED);
      if (sessionRefused && !options.beforeSession) {
        // Sent before a new sign-in (the session-timeout cover's, another tab's) and answered
        // after it: the old session's end is already handled, and reporting it again would sign
        // the new session out. Nobody waits for this answer any more; what the page needs is
        // fetched again in the new session.
        if (sentToken !== config.getToken()) throw new ApiError('cancelled', 'cancelled');
        throw new ApiError('unauthorized', envelope?.message || t('errors:UNAUTHORIZED'), {
          status,
          code: envelope?.code,
        });
      }
      const step = envelope ? STEP_OF_CODE.get(envelope.code) : undefined;
      if (step && sentToken && sentToken === config.getToken()) config.onSessionStep?.(step);
      if (!response.ok) {
        const serverMessage = envelope?.message || (envelope && CATALOGUE_STATUSES.includes(status) ? catalogue(envelope.code) : undefined);
        const message =
          serverMessage || ((STATUS_MESSAGES as readonly number[]).includes(status) ? t(`http:status.${status}`) : t('http:requestFailed'));
        throw new ApiError('http', message, { status, code: envelope?.code, data: envelope?.data });
      }
      if (envelope) {
        if (envelope.code !== SUCCESS_CODE || envelope.success === false) {
          throw new ApiError('envelope', envelope.message || catalogue(envelope.code) || t('http:requestFailed'), {
            status,
            code: envelope.code,
            data: envelope.data,
          });
        }
        if (options.successMessage) {
          const content =
            typeof options.successMessage === 'string' ? options.successMessage : envelope.message || t('http:operationSuccess');
          notifyOnce({ mode: 'toast', type: 'success', key: `success:${path}`, content, durationSeconds: config.toastSeconds });
        }
        return envelope.data as T;
      }
      return parsed as T;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
      pending.delete(entry);
    }
  }

  function notifyOnce(notice: Notice): void {
    const previous = lastNotice.get(notice.key);
    const at = now();
    if (previous && previous.until > at && previous.content === notice.content) return;
    lastNotice.set(notice.key, { content: notice.content, until: at + notice.durationSeconds * 1000 });
    config.notify(notice);
  }

  function report(error: ApiError, options: RequestOptions): void {
    if (error.kind === 'cancelled') return;
    if (error.kind === 'unauthorized') {
      if (unauthorizedFired) return;
      unauthorizedFired = true;
      notifyOnce({
        mode: 'toast',
        type: 'error',
        key: 'status:401',
        content: error.message,
        durationSeconds: config.toastSeconds,
        keepOnRouteChange: true,
      });
      config.onUnauthorized(error.message);
      return;
    }
    const mode = options.errorMessageMode ?? 'toast';
    if (mode === 'none') return;
    const key = `status:${error.status ?? error.kind}`;
    notifyOnce({ mode, type: 'error', key, content: error.message, durationSeconds: config.toastSeconds });
  }

  async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    const upper = method.toUpperCase();
    try {
      return await attempt<T>(upper, path, body, options);
    } catch (caught) {
      let error = isApiError(caught) ? caught : new ApiError('network', t('http:requestFailed'), { data: caught });
      if (upper === 'GET' && options.retry !== false && isTransient(error)) {
        error = new ApiError(error.kind, error.message, { status: error.status, code: error.code, data: error.data, retryable: true });
        deferred.set(error, options);
      } else {
        report(error, options);
      }
      throw error;
    }
  }

  return {
    request,
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body ?? {}, options),
    requestHeaders: () => buildHeaders(false, {}),
    cancelPending(keepRouteKey?: string) {
      let count = 0;
      for (const entry of [...pending]) {
        if (keepRouteKey !== undefined && entry.routeKey === keepRouteKey) continue;
        entry.controller.abort(CANCELLED);
        pending.delete(entry);
        count += 1;
      }
      return count;
    },
    pendingCount: () => pending.size,
    resetUnauthorized() {
      unauthorizedFired = false;
      lastNotice.delete('status:401');
    },
    reportUnauthorized(message) {
      report(new ApiError('unauthorized', message, { status: 401 }), {});
    },
    reportDeferred(error) {
      if (!isApiError(error)) return;
      const options = deferred.get(error);
      if (!options) return;
      deferred.delete(error);
      report(error, options);
    },
    configure(patch) {
      config = { ...config, ...patch };
    },
  };
}
