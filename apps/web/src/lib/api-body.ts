import type { Envelope } from '@agent-bo/shared';

/** What goes out and comes in: request bodies trimmed (secrets untouched), the envelope recognised. */

const SECRET_KEY = /pass(word)?|pwd|secret/i;

/** Trims string values recursively, leaving secrets untouched (a password may end in a space). */
export function trimStrings<T>(value: T, key = ''): T {
  if (typeof value === 'string') return (SECRET_KEY.test(key) ? value : value.trim()) as T;
  if (Array.isArray(value)) return value.map((item) => trimStrings(item, key)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimStrings(v, k)])) as T;
  }
  return value;
}

export function isEnvelope(body: unknown): body is Envelope<unknown> {
  return !!body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'number' && 'success' in (body as object);
}
