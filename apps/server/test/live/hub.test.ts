import { describe, expect, it, vi } from 'vitest';
import type { LiveBroadcast } from '@agent-bo/shared';
import type { BroadcastSnapshot } from '../../src/modules/live/broadcasts.js';
import { LiveHub } from '../../src/modules/live/hub.js';
import type { LiveStream } from '../../src/modules/live/stream.js';

/**
 * The hub's reads, without a database: one read per site however many streams and however many
 * notifications arrive during a read, lists never overtaken by older ones, and one timer per
 * site for the next boundary.
 */

function fakeStream(siteId: string) {
  const sent: LiveBroadcast[][] = [];
  const stream = {
    siteId,
    open: true,
    sendBroadcasts: (list: LiveBroadcast[]) => sent.push(list),
    close: () => {
      stream.open = false;
      hub?.remove(stream as unknown as LiveStream);
    },
  };
  return { stream: stream as unknown as LiveStream, sent };
}

const item = (id: number): LiveBroadcast => ({
  id,
  text: { zh_TW: `#${id}`, en: '', th: '', vi: '' },
  startAt: '2026-01-01T00:00:00.000Z',
  endAt: '2027-01-01T00:00:00.000Z',
  sort: 0,
});

let hub: LiveHub | undefined;

/** A hub whose reads wait until the test releases them; each read returns the current version. */
function controlledHub() {
  let version = 0;
  const reads: { siteId: string; release: () => void }[] = [];
  const read = vi.fn(
    (siteId: string) =>
      new Promise<BroadcastSnapshot>((resolve) => {
        reads.push({ siteId, release: () => resolve({ broadcasts: [item(version)], nextChange: null }) });
      }),
  );
  const onFirstStream = vi.fn();
  hub = new LiveHub({ read, now: () => new Date(), onFirstStream, log: { warn: () => undefined } });
  return {
    hub,
    read,
    onFirstStream,
    reads,
    bump: () => (version += 1),
    /** Releases the oldest pending read and lets its sends happen. */
    releaseNext: async () => {
      reads.shift()!.release();
      await new Promise((r) => setImmediate(r));
    },
  };
}

describe('live hub', () => {
  it('reads once per site for a burst of notifications and sends the newest list to every stream', async () => {
    const h = controlledHub();
    const a = fakeStream('tw_web');
    const b = fakeStream('tw_web');
    h.hub.add(a.stream);
    h.hub.add(b.stream);
    expect(h.onFirstStream).toHaveBeenCalledTimes(1);
    // b arrived while a's first read was running: it waits for the next one
    expect(h.read).toHaveBeenCalledTimes(1);
    await h.releaseNext();
    expect(a.sent).toEqual([[item(0)]]);
    expect(h.read).toHaveBeenCalledTimes(2);
    await h.releaseNext();
    expect(b.sent).toEqual([[item(0)]]);
    expect(a.sent).toHaveLength(1);

    h.bump();
    for (let i = 0; i < 20; i++) h.hub.changed('tw_web');
    h.bump();
    for (let i = 0; i < 20; i++) h.hub.changed('tw_web');
    expect(h.read).toHaveBeenCalledTimes(3);
    await h.releaseNext();
    // the changes during that read: one more read, not forty
    expect(h.read).toHaveBeenCalledTimes(4);
    await h.releaseNext();
    expect(h.read).toHaveBeenCalledTimes(4);
    expect(a.sent.at(-1)).toEqual([item(2)]);
    expect(b.sent.at(-1)).toEqual([item(2)]);
  });

  it('ignores other sites’ notifications and forgets a site when its last stream leaves', async () => {
    const h = controlledHub();
    const a = fakeStream('tw_web');
    h.hub.add(a.stream);
    await h.releaseNext();
    h.hub.changed('tw_mc');
    h.hub.changed('ph_mc');
    expect(h.read).toHaveBeenCalledTimes(1);

    h.hub.changedAll();
    expect(h.read).toHaveBeenCalledTimes(2);
    expect(h.read).toHaveBeenLastCalledWith('tw_web');
    await h.releaseNext();

    a.stream.close();
    h.hub.changed('tw_web');
    expect(h.read).toHaveBeenCalledTimes(2);
  });

  it('ends the streams waiting for a read that failed, so their clients reconnect', async () => {
    const read = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue({ broadcasts: [], nextChange: null });
    hub = new LiveHub({ read, now: () => new Date(), onFirstStream: () => undefined, log: { warn: () => undefined } });
    const a = fakeStream('tw_web');
    hub.add(a.stream);
    await vi.waitFor(() => expect((a.stream as { open: boolean }).open).toBe(false));
    expect(a.sent).toEqual([]);
  });

  it('reads again when the next start or end passes', async () => {
    vi.useFakeTimers();
    try {
      const at = new Date(Date.now() + 60_000);
      const read = vi
        .fn()
        .mockResolvedValueOnce({ broadcasts: [], nextChange: at })
        .mockResolvedValue({ broadcasts: [item(1)], nextChange: null });
      hub = new LiveHub({ read, now: () => new Date(), onFirstStream: () => undefined, log: { warn: () => undefined } });
      const a = fakeStream('tw_web');
      hub.add(a.stream);
      await vi.advanceTimersByTimeAsync(59_000);
      expect(read).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(read).toHaveBeenCalledTimes(2);
      expect(a.sent).toEqual([[], [item(1)]]);
      a.stream.close();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
