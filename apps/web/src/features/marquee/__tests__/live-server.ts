import { vi } from 'vitest';
import type { LiveBroadcast } from '@agent-bo/shared';

/**
 * A stubbed live stream: every fetch of `/api/manage/live/stream` opens a connection the test
 * writes events to and closes; other paths answer `other` (the whole-app test's API).
 */
export interface StubConnection {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal;
  broadcasts(list: LiveBroadcast[]): void;
  send(text: string): void;
  /** The server ends the stream. */
  close(): void;
}

export interface LiveServer {
  /** Every request of the stream, whatever it was answered. */
  attempts: number;
  /** The requests answered with a stream. */
  connections: StubConnection[];
  /** What the next connections answer instead of a stream, in order: 'network' rejects. */
  failures: ('network' | Response)[];
  readonly last: StubConnection;
}

export function stubLiveServer(
  other: (path: string, init: RequestInit) => Response = () => new Response(null, { status: 404 }),
): LiveServer {
  const server: LiveServer = {
    attempts: 0,
    connections: [],
    failures: [],
    get last() {
      const connection = server.connections.at(-1);
      if (!connection) throw new Error('no stream was opened');
      return connection;
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      if (!path.includes('/api/manage/live/stream')) return other(path, init);
      server.attempts += 1;
      const failure = server.failures.shift();
      if (failure === 'network') throw new TypeError('fetch failed');
      if (failure) return failure;
      const encoder = new TextEncoder();
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
      const signal = init.signal!;
      let open = true;
      const send = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text));
      };
      const close = () => {
        if (!open) return;
        open = false;
        controller.close();
      };
      signal.addEventListener('abort', () => {
        if (!open) return;
        open = false;
        controller.error(new DOMException('aborted', 'AbortError'));
      });
      server.connections.push({
        url: path,
        headers: init.headers as Record<string, string>,
        signal,
        send,
        broadcasts: (list) => send(`event: broadcasts\ndata: ${JSON.stringify(list)}\n\n`),
        close,
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
    }),
  );
  return server;
}

/** A broadcast from `startIn` to `endIn` ms from now. */
export function broadcast(id: number, text: Partial<LiveBroadcast['text']>, startIn = -60_000, endIn = 3_600_000): LiveBroadcast {
  return {
    id,
    text: { zh_TW: '', en: '', th: '', vi: '', ...text },
    startAt: new Date(Date.now() + startIn).toISOString(),
    endAt: new Date(Date.now() + endIn).toISOString(),
    sort: id,
  };
}
