import { CLIENT_ERROR_LIMITS, CLIENT_ERROR_REPORT_MAX_BYTES, HEADER_SITE, type ClientErrorEntry } from '@agent-bo/shared';

/**
 * Sends error log entries to the server (`POST /manage/error_log/report`) for operators.
 *
 * It must never feed the log it serves: it uses a bare `fetch` (not the API client, which
 * shows toasts, retries and signs out on 401), swallows every failure, and a failed report is
 * simply dropped — never recorded as a new error. Entries wait `delayMs` so a burst goes in one
 * report of at most 20 entries and at most `REPORT_BODY_BUDGET` bytes (the server's body limit,
 * which is also about what a browser lets a closing page send); an entry too big alone has its
 * stack and detail shortened. A browser sends at most `perMinute` entries a minute, and after a
 * 429 (the server's rate limit) it stays quiet for a minute. A 413 drops the batch.
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
  /** Sends the next batch now; with `keepalive`, one last report that outlives a closing page (the rest is dropped). */
  flush: (options?: { keepalive?: boolean }) => Promise<void>;
  /** Entries waiting to be sent. */
  pending: () => number;
  /** Entries dropped by the limits or by failed reports since start. */
  dropped: () => number;
}

export const REPORT_DELAY_MS = 2000;
export const REPORTS_PER_MINUTE = 30;
/**
 * Bytes of one report body: under the server's limit with room for the envelope, and under the
 * 64 KiB browsers allow all keepalive requests of a closing page together.
 */
export const REPORT_BODY_BUDGET = Math.min(CLIENT_ERROR_REPORT_MAX_BYTES, 64 * 1024) - 1024;
const ENVELOPE_BYTES = '{"entries":[]}'.length;
const encoder = new TextEncoder();
const bytesOf = (entry: ClientErrorEntry) => encoder.encode(JSON.stringify(entry)).length;

/** The entry, with stack and detail halved until it fits a report on its own. */
export function fitEntry(entry: ClientErrorEntry, budget = REPORT_BODY_BUDGET - ENVELOPE_BYTES): ClientErrorEntry {
  let fitted = entry;
  while (bytesOf(fitted) > budget && (fitted.stack || fitted.detail || fitted.message)) {
    fitted = {
      ...fitted,
      stack: fitted.stack.slice(0, Math.floor(fitted.stack.length / 2)),
      detail: fitted.detail.slice(0, Math.floor(fitted.detail.length / 2)),
      message: fitted.stack || fitted.detail ? fitted.message : fitted.message.slice(0, Math.floor(fitted.message.length / 2)),
    };
  }
  return fitted;
}
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
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      [HEADER_SITE]: options.getSiteId(),
    };
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

  /** The next batch: at most 20 entries and at most `REPORT_BODY_BUDGET` bytes. */
  function takeBatch(): ClientErrorEntry[] {
    const batch: ClientErrorEntry[] = [];
    let size = ENVELOPE_BYTES;
    while (queue.length && batch.length < CLIENT_ERROR_LIMITS.entries) {
      const next = fitEntry(queue[0]!);
      const entrySize = bytesOf(next) + 1;
      if (batch.length && size + entrySize > REPORT_BODY_BUDGET) break;
      size += entrySize;
      batch.push(next);
      queue.shift();
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
      // The page is going away: one last report, as much as the browser lets it carry.
      const last = takeBatch();
      droppedCount += queue.length;
      queue = [];
      await send(last, true);
      return;
    }
    await send(takeBatch(), false);
    if (queue.length) schedule();
  }

  return { enqueue, flush, pending: () => queue.length, dropped: () => droppedCount };
}
