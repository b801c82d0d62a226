import type pg from 'pg';
import { expect } from 'vitest';
import type { LiveBroadcast } from '@agent-bo/shared';

/**
 * An SSE client over `fetch` streaming, as a browser's would be: it keeps every event and
 * comment the server sent, and tests wait for the next one of a kind.
 */
export interface SseEvent {
  event: string;
  data: string;
}

export class SseClient {
  readonly events: SseEvent[] = [];
  comments = 0;
  /** Resolves when the server ends the stream (or it is aborted). */
  readonly ended: Promise<void>;
  private cursor = 0;
  private waiters = new Set<() => void>();
  private done = false;

  private constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    this.ended = this.read().finally(() => {
      this.done = true;
      this.wake();
    });
  }

  static async open(url: string, headers: Record<string, string>): Promise<SseClient> {
    const controller = new AbortController();
    const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
    return new SseClient(response, controller);
  }

  get isEnded(): boolean {
    return this.done;
  }

  /** The next event named `name` after the last one taken (others are skipped), within `timeoutMs`. */
  async next(name: string, timeoutMs = 5000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.events.findIndex((e, i) => i >= this.cursor && e.event === name);
      if (index >= 0) {
        this.cursor = index + 1;
        return this.events[index]!;
      }
      if (this.done) throw new Error(`stream ended without a "${name}" event`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no "${name}" event within ${timeoutMs} ms`);
      await this.wait(left);
    }
  }

  /** The broadcasts of the next `broadcasts` event. */
  async nextBroadcasts(timeoutMs?: number): Promise<LiveBroadcast[]> {
    return JSON.parse((await this.next('broadcasts', timeoutMs)).data) as LiveBroadcast[];
  }

  /** Waits `ms` and checks that no event named `name` arrived after the last one taken. */
  async expectNone(name: string, ms: number): Promise<void> {
    await new Promise((r) => setTimeout(r, ms));
    expect(this.events.slice(this.cursor).filter((e) => e.event === name)).toEqual([]);
  }

  close(): void {
    this.controller.abort();
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private async read(): Promise<void> {
    if (!this.response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of this.response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.take(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
        this.wake();
      }
    } catch {
      // aborted by the test
    }
  }

  /** One block: `event:`/`data:` fields, or a comment. */
  private take(block: string): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments += 1;
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length > 0) this.events.push({ event, data: data.join('\n') });
  }
}

export interface BroadcastRow {
  site?: string;
  text: string;
  /** Offsets from now, in seconds. */
  startIn?: number;
  endIn?: number;
  status?: 'Published' | 'Draft';
  sort?: number;
}

/**
 * Inserts broadcasts straight into content_items, then, in the same transaction as a content
 * write would, NOTIFYs their sites (unless `notify` is false). Returns the new ids.
 */
export async function insertBroadcasts(pool: pg.Pool, rows: BroadcastRow[], { notify = true } = {}): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const ids: number[] = [];
    for (const row of rows) {
      const { rows: inserted } = await client.query<{ id: number }>(
        `insert into content_items (site_id, type, title, body, start_at, end_at, status, sort)
         values ($1, 'BROADCAST', $2, $3, now() + make_interval(secs => $4), now() + make_interval(secs => $5), $6, $7)
         returning id`,
        [
          row.site ?? 'tw_web',
          { zh_TW: `${row.text}（中文）`, en: row.text, th: '', vi: '' },
          { zh_TW: '', en: '', th: '', vi: '' },
          row.startIn ?? -3600,
          row.endIn ?? 3600,
          row.status ?? 'Published',
          row.sort ?? 0,
        ],
      );
      ids.push(inserted[0]!.id);
    }
    if (notify) {
      for (const site of new Set(rows.map((r) => r.site ?? 'tw_web')))
        await client.query(`select pg_notify('content_changed', $1)`, [site]);
    }
    await client.query('commit');
    return ids;
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
}

/** The English texts of a list, in order. */
export const texts = (list: LiveBroadcast[]) => list.map((b) => b.text.en);
