import { useEffect, useState } from 'react';
import type { MarqueeItem } from './marquee-item';

/** How long each item stays when the marquee does not scroll. */
const CYCLE_MS = 6000;

/** Reduced motion: one item at a time, still, the next one every few seconds. */
export function CyclingText({ items }: { items: MarqueeItem[] }) {
  const [step, setStep] = useState(0);
  const count = items.length;
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setStep((s) => s + 1), CYCLE_MS);
    return () => clearInterval(timer);
  }, [count]);
  const item = items[step % count]!;
  return (
    <span className="broadcast-marquee__still" title={item.text} data-testid="broadcast-marquee-still">
      {item.text}
    </span>
  );
}
