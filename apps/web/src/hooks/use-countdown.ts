import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left before another code may be asked for, counted from a deadline (a tab the browser
 * throttled in the background still shows the right figure); `start` sets it, `stop` clears it.
 */
export function useCountdown(): { seconds: number; start: (seconds: number) => void; stop: () => void } {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) setUntil(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setUntil(at + seconds * 1000);
  }, []);
  const stop = useCallback(() => setUntil(null), []);

  return { seconds: until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000)), start, stop };
}
