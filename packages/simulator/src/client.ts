import { createHmac } from 'node:crypto';
import {
  ERRORS,
  PROVIDER_API_PREFIX,
  PROVIDER_HEADERS,
  errorNameForCode,
  providerSigningText,
  type GameSyncItem,
  type GameSyncResult,
  type ProviderBatchResult,
  type WalletBatchResult,
} from '@agent-bo/shared';
import type { SimProvider } from './directory.js';

/**
 * One provider's side of the provider API over HTTP: every call is signed with the provider's
 * secret over the exact bytes sent (signBody, the contract of docs/REPORTS.md). A call that
 * does not get an answer (network error, 5xx) is sent again with the same body — the API is
 * idempotent per bet id, so a retry of a call that did reach the server answers DUPLICATE.
 */

/**
 * `x-signature`: lower-case hex HMAC-SHA256 under the provider's secret of `${timestamp}.${body}`
 * (providerSigningText). Written from the contract as a provider would, not taken from the
 * server, so the server's tests of the simulator also check that the contract is what it verifies.
 */
export function signBody(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(providerSigningText(timestamp, body)).digest('hex');
}

export type ProviderOp = 'place' | 'settle' | 'cancel' | 'resettle' | 'transfer_out' | 'transfer_in';

const PATHS: Record<ProviderOp, string> = {
  place: 'bets/place',
  settle: 'bets/settle',
  cancel: 'bets/cancel',
  resettle: 'bets/resettle',
  transfer_out: 'wallet/transfer_out',
  transfer_in: 'wallet/transfer_in',
};

export type CallOutcome =
  /** The batch was answered item by item. */
  | { kind: 'batch'; result: ProviderBatchResult | WalletBatchResult }
  /** The whole call was refused with the error envelope (signature, provider status, offering…). */
  | { kind: 'refused'; code: number; error: string; message: string }
  /** No usable answer after the retries. */
  | { kind: 'failed'; message: string };

export interface ClientOptions {
  /** The server's origin, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** The API prefix of the server (API_PREFIX), `/api` by default. */
  apiPrefix?: string;
  /** accept-language of the calls: the language of refusal messages. */
  lang?: string;
  /** Attempts per call when no answer comes (network errors, 5xx). */
  attempts?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Counts retries. */
  onRetry?: () => void;
}

export class ProviderClient {
  private readonly root: string;

  constructor(private readonly o: ClientOptions) {
    this.root = `${o.baseUrl.replace(/\/+$/, '')}${o.apiPrefix ?? '/api'}${PROVIDER_API_PREFIX}`;
  }

  call(provider: SimProvider, op: ProviderOp, payload: unknown): Promise<CallOutcome> {
    return this.post<ProviderBatchResult | WalletBatchResult>(provider, PATHS[op], payload);
  }

  /** The provider's whole game list for `siteId` (`games/sync`), as a provider pushes its catalogue. */
  syncGames(provider: SimProvider, siteId: string, games: readonly GameSyncItem[]) {
    return this.post<GameSyncResult>(provider, 'games/sync', { siteId, games });
  }

  private async post<T>(
    provider: SimProvider,
    path: string,
    payload: unknown,
  ): Promise<{ kind: 'batch'; result: T } | Exclude<CallOutcome, { kind: 'batch' }>> {
    const body = JSON.stringify(payload);
    const attempts = this.o.attempts ?? 3;
    let last = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (this.o.signal?.aborted) return { kind: 'failed', message: 'aborted' };
      if (attempt > 1) {
        this.o.onRetry?.();
        await new Promise((r) => setTimeout(r, 100 * 2 ** (attempt - 2)));
      }
      // A fresh timestamp (and so signature) per attempt: the body stays identical.
      const timestamp = String(Date.now());
      try {
        const signal = AbortSignal.any([AbortSignal.timeout(this.o.timeoutMs ?? 30_000), ...(this.o.signal ? [this.o.signal] : [])]);
        const res = await fetch(`${this.root}/${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'accept-language': this.o.lang ?? 'en',
            [PROVIDER_HEADERS.provider]: provider.code,
            [PROVIDER_HEADERS.timestamp]: timestamp,
            [PROVIDER_HEADERS.signature]: signBody(provider.secret, timestamp, body),
          },
          body,
          signal,
        });
        const text = await res.text();
        if (res.status >= 500) {
          last = `HTTP ${res.status}: ${text.slice(0, 200)}`;
          continue;
        }
        let json: { success?: boolean; code?: number; message?: string; data?: T };
        try {
          json = JSON.parse(text) as typeof json;
        } catch {
          return { kind: 'failed', message: `HTTP ${res.status}: not JSON: ${text.slice(0, 200)}` };
        }
        if (json.success && json.data) return { kind: 'batch', result: json.data };
        const code = json.code ?? res.status;
        return { kind: 'refused', code, error: errorNameForCode(code) ?? `HTTP_${res.status}`, message: json.message ?? '' };
      } catch (err) {
        last = err instanceof Error ? err.message : String(err);
      }
    }
    return { kind: 'failed', message: last };
  }
}

/** `4006 PROVIDER_NOT_ENABLED`: how the summary names a refusal. */
export function refusalKey(code: number | undefined, error: string | undefined): string {
  const name = error ?? (code !== undefined ? errorNameForCode(code) : undefined) ?? 'UNKNOWN';
  const c = code ?? (name in ERRORS ? ERRORS[name as keyof typeof ERRORS].code : undefined);
  return c === undefined ? name : `${c} ${name}`;
}
