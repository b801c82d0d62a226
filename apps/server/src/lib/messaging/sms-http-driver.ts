import type { MessageDriver } from './types.js';

/**
 * Text messages through an HTTP gateway (SMS_GATEWAY_URL): one `POST` of `{ "to": "+8869…",
 * "text": "…" }` as JSON, with `Authorization: Bearer <SMS_GATEWAY_TOKEN>` when a token is set.
 * Any 2xx answer is a delivery; anything else, or no answer within the timeout, is a failure.
 * Most gateways take this shape or sit behind a small adapter that does (docs/SECURITY.md).
 */
export function smsHttpDriver(url: string, token: string | null, timeoutMs: number): MessageDriver {
  return {
    name: 'http',
    keepsText: false,
    async send(message) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The body is drained so the connection can be reused; its content is the gateway's own business.
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
