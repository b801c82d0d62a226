import { CLIENT_ERROR_LIMITS, HEADER_SITE, type ClientErrorEntry } from '@agent-bo/shared';

/**
 * Sends error log entries to the server (`POST /manage/error_log/report`) for operators.
 *
 * It must never feed the log it serves: it uses a bare `fetch` (not the API client, which
 * shows toasts, retries and signs out on 401), swallows every failure, and a failed report is
 * simply dropped — never recorded as a new error. Entries wait `delayMs` so a burst goes in one
 * report of at most 20; a browser sends at most `perMinute` entries a minute, and after a 429
 * (the server's rate limit) it stays quiet for a minute. A 413 drops the batch.
 */
export interface ReporterOptions {
  url: string;
  fetch: typeof fetch;
  getToken: () => string | null | undefined;
  getSiteId: () => string;
  now?: () => number;
  /** Wait after the first queued entry before sending. */
  delayMs?: number;
  /** Entries accepted for sending per rolling minute; the rest are dropped. */
  perMinute?: number;
}

export interface ErrorReporter {
  enqueue: (entry: ClientErrorEntry) => void;
  /** Sends everything queued now; `keepalive` lets the requests outlive a closing page. */
  flush: (options?: { keepalive?: boolean }) => Promise<void>;
  /** Entries waiting to be sent. */
  pending: () => number;
  /** Entries dropped by the limits or by failed reports since start. */
  dropped: () => number;
}

export const REPORT_DELAY_MS = 2000;
export const REPORTS_PER_MINUTE = 30;
/** Browsers refuse keepalive requests whose bodies together pass 64 KiB. */
const KEEPALIVE_BODY_LIMIT = 60_000;
const MINUTE = 60_000;

export function createErrorReporter(options: ReporterOptions): ErrorReporter {
  const now = options.now ?? Date.now;
  const delayMs = options.delayMs ?? REPORT_DELAY_MS;
  const perMinute = options.perMinute ?? REPORTS_PER_MINUTE;
  let queue: ClientErrorEntry[] = [];
  let acceptedAt: number[] = [];
  let pausedUntil = 0;
  let droppedCount = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function schedule(): void {
    timer ??= setTimeout(() => {
      timer = null;
      void flush();
    }, delayMs);
  }

  function enqueue(entry: ClientErrorEntry): void {
    const at = now();
    acceptedAt = acceptedAt.filter((time) => at - time < MINUTE);
    if (at < pausedUntil || acceptedAt.length >= perMinute) {
      droppedCount += 1;
      return;
    }
    acceptedAt.push(at);
    queue.push(entry);
    schedule();
  }

  /** Posts one batch; resolves whatever happens. */
  async function send(entries: ClientErrorEntry[], keepalive: boolean): Promise<void> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json', [HEADER_SITE]: options.getSiteId() };
    try {
      const token = options.getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      const response = await options.fetch(options.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ entries }),
        keepalive,
        credentials: 'same-origin',
      });
      if (response.status === 429) {
        pausedUntil = now() + MINUTE;
        droppedCount += entries.length + queue.length;
        queue = [];
      } else if (!response.ok) {
        droppedCount += entries.length;
      }
    } catch {
      droppedCount += entries.length; // offline or blocked: dropped, never logged again
    }
  }

  /** Batches of at most 20 entries; for keepalive also under the browser's body budget. */
  function takeBatch(keepalive: boolean): ClientErrorEntry[] {
    if (!keepalive) return queue.splice(0, CLIENT_ERROR_LIMITS.entries);
    const batch: ClientErrorEntry[] = [];
    let size = 20;
    while (queue.length && batch.length < CLIENT_ERROR_LIMITS.entries) {
      const entrySize = JSON.stringify(queue[0]).length + 1;
      if (batch.length && size + entrySize > KEEPALIVE_BODY_LIMIT) break;
      size += entrySize;
      batch.push(queue.shift()!);
    }
    return batch;
  }

  async function flush({ keepalive = false } = {}): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (!queue.length) return;
    if (keepalive) {
      // The page is going away: everything now, in as many requests as it takes.
      const sends: Promise<void>[] = [];
      while (queue.length) sends.push(send(takeBatch(true), true));
      await Promise.all(sends);
      return;
    }
    await send(takeBatch(false), false);
    if (queue.length) schedule();
  }

  return { enqueue, flush, pending: () => queue.length, dropped: () => droppedCount };
}
