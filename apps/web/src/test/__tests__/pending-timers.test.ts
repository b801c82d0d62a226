import { afterEach, describe, expect, it } from 'vitest';
import { trackTimers } from '../pending-timers';

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('trackTimers (a file ends as a page does: its timers with it)', () => {
  let tracker: ReturnType<typeof trackTimers> | undefined;
  afterEach(() => {
    tracker?.clearAll();
    tracker?.restore();
    tracker = undefined;
  });

  it('clears the timeouts and intervals still pending, so none fires after the file', async () => {
    tracker = trackTimers();
    const fired: string[] = [];
    setTimeout(() => fired.push('timeout'), 20);
    setInterval(() => fired.push('interval'), 20);
    expect(tracker.pending()).toBe(2);
    tracker.clearAll();
    await wait(60);
    expect(fired).toEqual([]);
    expect(tracker.pending()).toBe(0);
  });

  it('forgets a timeout once it has fired or was cleared, and passes the arguments on', async () => {
    tracker = trackTimers();
    const fired: number[] = [];
    setTimeout((n: number) => fired.push(n), 0, 7);
    clearTimeout(setTimeout(() => fired.push(0), 0));
    await wait(20);
    expect(fired).toEqual([7]);
    expect(tracker.pending()).toBe(0);
  });

  it('cancels the animation frames still pending, and frames run again afterwards', async () => {
    tracker = trackTimers();
    const ran: string[] = [];
    requestAnimationFrame(() => ran.push('pending at the end'));
    expect(tracker.pending()).toBeGreaterThan(0);
    tracker.clearAll();
    tracker.restore();
    tracker = undefined;
    // The next file's frames: jsdom must still run them (clearing its frame interval under a
    // pending frame stopped every later one).
    await new Promise<void>((done) => requestAnimationFrame(() => done()));
    expect(ran).toEqual([]);
  });

  it('puts the global timer functions back', () => {
    const before = globalThis.setTimeout;
    tracker = trackTimers();
    expect(globalThis.setTimeout).not.toBe(before);
    tracker.restore();
    expect(globalThis.setTimeout).toBe(before);
  });
});
