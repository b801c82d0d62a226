import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdleLock } from '../use-idle-lock';

/** The idle timer alone: this tab's activity and other tabs' activity both restart the count. */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

const channels: BroadcastChannel[] = [];
/** Another tab's end of the app's activity channel. */
function otherTabChannel(): BroadcastChannel {
  const channel = new BroadcastChannel('agent-bo-activity');
  channels.push(channel);
  return channel;
}

afterEach(() => {
  cleanup();
  for (const channel of channels.splice(0)) channel.close();
  vi.useRealTimers();
});

/** Lets a BroadcastChannel message arrive (delivered by the runtime, not by a timer). */
const delivered = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('useIdleLock', () => {
  it('activity reported by another tab of the app restarts the count', async () => {
    const onIdle = vi.fn();
    const { unmount } = renderHook(() => useIdleLock(2, true, onIdle));
    const otherTab = otherTabChannel();
    vi.advanceTimersByTime(110_000);
    otherTab.postMessage('activity');
    await delivered();
    await delivered();
    vi.advanceTimersByTime(110_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(11_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    otherTab.close();
    unmount();
  });

  it('tells the other tabs about activity here, at most once per 5 s', async () => {
    const received: unknown[] = [];
    const otherTab = otherTabChannel();
    otherTab.onmessage = (event) => received.push(event.data);
    const { unmount } = renderHook(() => useIdleLock(1, true, () => undefined));
    window.dispatchEvent(new Event('pointermove'));
    window.dispatchEvent(new Event('pointermove'));
    vi.advanceTimersByTime(1_000);
    window.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(5_000);
    window.dispatchEvent(new Event('wheel'));
    await delivered();
    await delivered();
    expect(received).toEqual(['activity', 'activity']);
    otherTab.close();
    unmount();
  });

  it('does nothing when disabled (already locked) or with lockTime 0', () => {
    const onIdle = vi.fn();
    const locked = renderHook(() => useIdleLock(1, false, onIdle));
    const never = renderHook(() => useIdleLock(0, true, onIdle));
    vi.advanceTimersByTime(24 * 60 * 60_000);
    expect(onIdle).not.toHaveBeenCalled();
    locked.unmount();
    never.unmount();
  });
});
