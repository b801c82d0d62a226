type Timer = ReturnType<typeof setTimeout>;

/**
 * Follows the timeouts and intervals started through the global timer functions from now on, so
 * that those still pending can be cleared at once, as a browser clears a page's timers when it
 * leaves the page. `restore` puts the global functions back.
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

  return {
    pending: () => timeouts.size + intervals.size,
    clearAll: () => {
      for (const id of timeouts) original.clearTimeout(id);
      for (const id of intervals) original.clearInterval(id);
      timeouts.clear();
      intervals.clear();
    },
    restore: () => Object.assign(globalThis, original),
  };
}
