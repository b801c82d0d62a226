import { useLayoutEffect, useRef } from 'react';
import type { MarqueeItem } from './marquee-item';

/** Scrolling speed in pixels per second, and the shortest loop (a short line would race by). */
const SPEED = 60;
const MIN_SECONDS = 8;
/** Width of a character when the browser has no layout to measure (jsdom). */
const FALLBACK_CHAR_PX = 8;

/**
 * The items twice in a row, moved left by one copy's width per loop: the second copy takes the
 * first's place, so the loop has no seam. The loop's length follows the text's measured width, so
 * every line moves at the same speed whatever its length.
 */
export function ScrollingTrack({ items }: { items: MarqueeItem[] }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const copyRef = useRef<HTMLSpanElement>(null);

  useLayoutEffect(() => {
    const track = trackRef.current;
    const copy = copyRef.current;
    if (!track || !copy) return;
    const update = () => {
      const width = copy.offsetWidth || (copy.textContent ?? '').length * FALLBACK_CHAR_PX;
      track.style.setProperty('--marquee-duration', `${Math.max(MIN_SECONDS, width / SPEED).toFixed(1)}s`);
    };
    update();
    // new texts, another language, fonts arriving: the copy's width changes, and so does the duration
    const observer = new ResizeObserver(update);
    observer.observe(copy);
    return () => observer.disconnect();
  }, []);

  const copy = items.map((item) => (
    <span key={item.id} className="broadcast-marquee__item">
      {item.text}
    </span>
  ));
  return (
    <div className="broadcast-marquee__track" ref={trackRef} data-testid="broadcast-marquee-track">
      <span className="broadcast-marquee__copy" ref={copyRef}>
        {copy}
      </span>
      <span className="broadcast-marquee__copy">{copy}</span>
    </div>
  );
}
