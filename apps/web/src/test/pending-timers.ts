type Timer = ReturnType<typeof setTimeout>;

/**
 * Follows the timeouts, intervals and animation frames started through the global functions from
 * now on, so that those still pending can be cleared at once, as a browser drops a page's timers
 * and frames when it leaves the page. `restore` puts the global functions back.
 *
 * Frames are cancelled first, through the environment's own cancelAnimationFrame: jsdom runs
 * them on one interval of its own, started through the global setInterval (so followed here) and
 * stopped when no frame is left. Clearing that interval under a pending frame left jsdom counting
 * a frame that never ran and starting no interval again: no animation frame ran for the rest of
 * the worker, and the next file's toasts, which close on frames, never closed.
 */
export function trackTimers(): { pending: () => number; clearAll: () => void; restore: () => void } {
  const original = {
    setTimeout: globalThis.setTimeout,
    clearTimeout: globalThis.clearTimeout,
    setInterval: globalThis.setInterval,
    clearInterval: globalThis.clearInterval,
  };
  const timeouts = new Set<Timer>();
  const intervals = new Set<Timer>();
  const frames = new Set<number>();
  const frameFunctions =
    typeof globalThis.requestAnimationFrame === 'function'
      ? { requestAnimationFrame: globalThis.requestAnimationFrame, cancelAnimationFrame: globalThis.cancelAnimationFrame }
      : null;

  globalThis.setTimeout = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const id: Timer = original.setTimeout(() => {
      timeouts.delete(id);
      handler(...args);
    }, ms);
    timeouts.add(id);
    return id;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((id?: Timer) => {
    if (id !== undefined) timeouts.delete(id);
    original.clearTimeout(id);
  }) as typeof clearTimeout;
  globalThis.setInterval = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const id = original.setInterval(handler, ms, ...args);
    intervals.add(id);
    return id;
  }) as typeof setInterval;
  globalThis.clearInterval = ((id?: Timer) => {
    if (id !== undefined) intervals.delete(id);
    original.clearInterval(id);
  }) as typeof clearInterval;

  if (frameFunctions) {
    globalThis.requestAnimationFrame = (callback: FrameRequestCallback) => {
      const id = frameFunctions.requestAnimationFrame((time) => {
        frames.delete(id);
        callback(time);
      });
      frames.add(id);
      return id;
    };
    globalThis.cancelAnimationFrame = (id: number) => {
      frames.delete(id);
      frameFunctions.cancelAnimationFrame(id);
    };
  }

  return {
    pending: () => timeouts.size + intervals.size + frames.size,
    clearAll: () => {
      for (const id of frames) frameFunctions?.cancelAnimationFrame(id);
      frames.clear();
      for (const id of timeouts) original.clearTimeout(id);
      for (const id of intervals) original.clearInterval(id);
      timeouts.clear();
      intervals.clear();
    },
    restore: () => Object.assign(globalThis, original, frameFunctions ?? {}),
  };
}
