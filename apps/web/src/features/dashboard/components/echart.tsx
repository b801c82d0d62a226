import { useEffect, useRef, useState } from 'react';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { useAppStore } from '../../../stores/app-store';
import type * as Charts from '../charts/echarts';
import type { ChartOption, ECharts } from '../charts/echarts';

type ChartLib = typeof Charts;
let chartLib: Promise<ChartLib> | null = null;

/**
 * ECharts (about 150 kB compressed, more than the rest of the dashboard) is fetched once the page
 * is on screen: the figures show at once, the charts fill their reserved boxes when it arrives.
 */
function loadChartLib(): Promise<ChartLib> {
  chartLib ??= import('../charts/echarts');
  return chartLib;
}

interface Props {
  option: ChartOption;
  height: number;
  testId?: string;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
}

/**
 * One ECharts canvas. It follows dark mode (a theme is fixed at init, so a switch re-creates the
 * chart) and the system's reduced-motion setting, resizes with its container (window resizes,
 * the side menu folding, a kept-alive tab shown again), and is disposed on unmount so no instance
 * or listener outlives the page.
 */
export function EChart({ option, height, testId, label }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const dark = useAppStore((s) => s.darkMode);
  const reducedMotion = useReducedMotion();
  const [lib, setLib] = useState<ChartLib | null>(null);

  useEffect(() => {
    let active = true;
    void loadChartLib().then((loaded) => {
      if (active) setLib(loaded);
    });
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!el || !lib) return;
    const instance = lib.init(el, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [dark, lib]);

  useEffect(() => {
    // notMerge: a series that disappears (e.g. a provider filtered out) must not linger. When the
    // system asks for less motion (WCAG 2.3.3) the charts are drawn at once, without growing in.
    chart.current?.setOption({ ...option, animation: !reducedMotion }, { notMerge: true });
  }, [option, dark, lib, reducedMotion]);

  return <div ref={box} className="dash-chart" style={{ height }} data-testid={testId} role="img" aria-label={label} />;
}
