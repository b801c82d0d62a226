import { useEffect, useRef } from 'react';
import { useAppStore } from '../../../stores/app-store';
import { init, type ChartOption, type ECharts } from '../charts/echarts';

interface Props {
  option: ChartOption;
  height: number;
  testId?: string;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
}

/**
 * One ECharts canvas. It follows dark mode (a theme is fixed at init, so a switch re-creates the
 * chart), resizes with its container (window resizes, the side menu folding, a kept-alive tab
 * shown again), and is disposed on unmount so no instance or listener outlives the page.
 */
export function EChart({ option, height, testId, label }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const dark = useAppStore((s) => s.darkMode);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = init(el, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [dark]);

  useEffect(() => {
    // notMerge: a series that disappears (e.g. a provider filtered out) must not linger.
    chart.current?.setOption(option, { notMerge: true });
  }, [option, dark]);

  return <div ref={box} className="dash-chart" style={{ height }} data-testid={testId} role="img" aria-label={label} />;
}
