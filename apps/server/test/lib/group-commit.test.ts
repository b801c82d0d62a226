import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../src/lib/group-commit.js';

/** A run function that records its batches and answers when `release` is called. */
function recorder() {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  let running = 0;
  let maxRunning = 0;
  const run = (items: number[]) =>
    new Promise<(number | Error)[]>((resolve) => {
      batches.push(items);
      running++;
      maxRunning = Math.max(maxRunning, running);
      pending.push(() => {
        running--;
        resolve(items.map((i) => (i < 0 ? new Error(`refused ${i}`) : i * 10)));
      });
    });
  /** Answers every batch running, and those they make start, until none is left. */
  const releaseAll = async () => {
    for (let idle = 0; idle < 3;) {
      if (pending.length) {
        pending.shift()!();
        idle = 0;
      } else idle++;
      await new Promise((r) => setImmediate(r));
    }
  };
  return { batches, run, releaseAll, maxRunning: () => maxRunning };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('group commit', () => {
  it('items submitted in one turn go in one batch, each with its own answer', async () => {
    const r = recorder();
    const gc = new GroupCommit(r.run, { maxItems: 64, maxInFlight: 2 });
    const answers = [1, 2, -3, 4].map((i) => gc.submit(i));
    await tick();
    expect(r.batches).toEqual([[1, 2, -3, 4]]);
    const all = Promise.allSettled(answers);
    await r.releaseAll();
    const settled = await all;
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([10, 20, 'refused -3', 40]);
  });

  it('while maxInFlight batches run, arrivals wait and go together in the next batch', async () => {
    const r = recorder();
    const gc = new GroupCommit(r.run, { maxItems: 64, maxInFlight: 1 });
    const first = gc.submit(1);
    await tick();
    const later = [2, 3, 4].map((i) => gc.submit(i));
    await tick();
    await tick();
    expect(r.batches).toEqual([[1]]);
    expect(gc.waiting).toBe(3);
    await r.releaseAll();
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
    expect(await first).toBe(10);
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(r.maxRunning()).toBe(1);
  });

  it('a batch takes at most maxItems; the rest start as another batch when there is room', async () => {
    const r = recorder();
    const gc = new GroupCommit(r.run, { maxItems: 3, maxInFlight: 2 });
    const all = [1, 2, 3, 4, 5, 6, 7].map((i) => gc.submit(i));
    await tick();
    await tick();
    expect(r.batches).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    await r.releaseAll();
    expect(r.batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(r.maxRunning()).toBe(2);
  });

  it('a run that throws fails every item of its batch, and the next batch still runs', async () => {
    let calls = 0;
    const gc = new GroupCommit<number, number>(
      async (items) => {
        calls++;
        if (calls === 1) throw new Error('database gone');
        return items.map((i) => i);
      },
      { maxItems: 10, maxInFlight: 1 },
    );
    const failed = [gc.submit(1), gc.submit(2)];
    await expect(failed[0]).rejects.toThrow('database gone');
    await expect(failed[1]).rejects.toThrow('database gone');
    expect(await gc.submit(3)).toBe(3);
  });
});
