/**
 * Classifying database failures: pg errors carry a SQLSTATE `code` (drizzle wraps them in an
 * error whose `cause` is the pg error); socket failures carry a Node `code` (ECONNREFUSED …);
 * pg's own client and pool failures only a message.
 */

/** The first string `code` along the `cause` chain (SQLSTATE or Node error code), if any. */
export function errorCodeOf(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function messagesOf(err: unknown): string[] {
  const out: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string') out.push(message);
    e = (e as { cause?: unknown }).cause;
  }
  return out;
}

/** Node socket errors of an unreachable or vanished database. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a connection that ended or could not start: class 08 (connection exception),
 * 57P01 admin_shutdown (pg_terminate_backend, a fast shutdown), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up, shutting down, recovering), 53300 too_many_connections.
 */
function isConnectionState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

/** pg's and pg-pool's own messages for a lost connection, a closed client and a connect timeout. */
const CONNECTION_MESSAGES = [
  /Connection terminated/i,
  /connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /timeout exceeded when trying to connect/i,
  /Connection terminated due to connection timeout/i,
  /Cannot use a pool after calling end/i,
];

/**
 * True when `err` means the database is unreachable or the connection died (not that a query was
 * wrong): the request may succeed later, so it is a 503, never a 500.
 */
export function isConnectionError(err: unknown): boolean {
  const code = errorCodeOf(err);
  if (code && (SOCKET_CODES.has(code) || isConnectionState(code))) return true;
  return messagesOf(err).some((m) => CONNECTION_MESSAGES.some((re) => re.test(m)));
}

/**
 * 40001 serialization_failure and 40P01 deadlock_detected: PostgreSQL rolled the transaction back
 * and running it again from the start is the documented remedy.
 */
export function isRetryableConflict(err: unknown): boolean {
  const code = errorCodeOf(err);
  return code === '40001' || code === '40P01';
}

/** True when `err` (or its cause, as drizzle wraps it) is a unique violation (23505) of index `constraint`. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgErr = e.code ? e : e.cause;
  return pgErr?.code === '23505' && pgErr.constraint === constraint;
}
