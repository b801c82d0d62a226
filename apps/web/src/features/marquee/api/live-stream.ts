import { liveBroadcastSchema, type LiveBroadcast } from '@agent-bo/shared';
import { API_BASE_URL, API_PREFIX } from '../../../lib/api';
import { createSseParser } from './sse-parser';

const broadcastListSchema = liveBroadcastSchema.array();

/** How one connection ended: `stopped` when the session is over (reconnecting cannot help), else `closed`. */
export type StreamEnd = 'closed' | 'stopped';

export interface LiveStreamRequest {
  token: string;
  siteId: string;
  /** Accept-Language, as the API client sends it (the server's error messages). */
  language: string;
  signal: AbortSignal;
  onBroadcasts: (broadcasts: LiveBroadcast[]) => void;
}

/**
 * One connection to `GET /manage/live/stream`, read until it ends. Not through the API client:
 * that one reads whole bodies, times out after 60 s and signs out on a 401, none of which suits a
 * stream that stays open for hours; the headers are the same (token, site, language). Rejects
 * when the network fails or `signal` aborts.
 */
export async function readLiveStream({ token, siteId, language, signal, onBroadcasts }: LiveStreamRequest): Promise<StreamEnd> {
  const response = await fetch(`${API_BASE_URL}${API_PREFIX}/manage/live/stream`, {
    headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}`, 'x-site-id': siteId, 'Accept-Language': language },
    signal,
    cache: 'no-store',
    credentials: 'same-origin',
  });
  if (response.status === 401) return 'stopped';
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !response.body || !type.startsWith('text/event-stream')) {
    await response.body?.cancel().catch(() => undefined);
    return 'closed';
  }

  let sessionOver = false;
  const parser = createSseParser((message) => {
    if (message.event === 'end') sessionOver = true;
    if (message.event !== 'broadcasts') return;
    const parsed = broadcastListSchema.safeParse(parseJson(message.data));
    if (parsed.success) onBroadcasts(parsed.data);
  });
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  const decoder = new TextDecoder();
  try {
    while (!sessionOver) {
      const { done, value } = await reader.read();
      if (signal.aborted) throw new DOMException('aborted', 'AbortError');
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  if (sessionOver) cancel();
  return sessionOver ? 'stopped' : 'closed';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
