import { toMinorUnits, type DashboardSales, type DashboardStats } from '@agent-bo/shared';
import { formatMoney } from '../../../lib/money';
import type { ChartOption } from './echarts';

/**
 * Pure builders of the dashboard's chart options (no ECharts instance, so they are testable in
 * jsdom). Amounts arrive as exact decimal strings; the charts plot them as numbers (a pixel does
 * not need a cent's precision), while every tooltip prints the original string.
 */

export interface ChartLook {
  dark: boolean;
  /** The project's theme colour: the first series of every chart. */
  primary: string;
}

/** Colours after the theme colour (ECharts' defaults without its yellow, close to the default theme colour). */
const OTHERS = ['#5470C6', '#91CC75', '#EE6666', '#73C0DE', '#3BA272', '#FC8452', '#9A60B4', '#EA7CCC', '#2F4554', '#61A0A8'];

/** The theme colour first, then the others that differ from it. */
export function chartPalette(primary: string): string[] {
  const p = primary.toUpperCase();
  return [primary, ...OTHERS.filter((c) => c.toUpperCase() !== p)];
}

/** Text and line colours for the page's light or dark surface (the charts draw on the card). */
function ink(dark: boolean) {
  return dark
    ? { text: 'rgba(255, 255, 255, 0.85)', muted: 'rgba(255, 255, 255, 0.45)', split: 'rgba(255, 255, 255, 0.12)', tooltipBg: '#1f1f1f' }
    : { text: 'rgba(0, 0, 0, 0.88)', muted: 'rgba(0, 0, 0, 0.45)', split: 'rgba(0, 0, 0, 0.08)', tooltipBg: '#ffffff' };
}

function base(look: ChartLook): ChartOption {
  const c = ink(look.dark);
  return {
    // The echarts dark theme paints its own navy background; the card's colour is used instead.
    backgroundColor: 'transparent',
    color: chartPalette(look.primary),
    textStyle: { color: c.text },
    tooltip: { backgroundColor: c.tooltipBg, borderColor: c.split, textStyle: { color: c.text }, confine: true },
    legend: { textStyle: { color: c.text }, type: 'scroll', pageTextStyle: { color: c.muted } },
  };
}

function axes(look: ChartLook, dates: string[]) {
  const c = ink(look.dark);
  return {
    grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category' as const,
      data: dates.map((d) => d.slice(5)), // MM-DD: the year is in the range picker
      axisLabel: { color: c.muted, hideOverlap: true },
      axisLine: { lineStyle: { color: c.split } },
    },
    yAxisStyle: { axisLabel: { color: c.muted }, splitLine: { lineStyle: { color: c.split } } },
  };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const money = (v: string) => formatMoney(v);
const count = (n: number) => n.toLocaleString('en-US');

interface Indexed {
  dataIndex?: number;
}
function firstIndex(params: unknown): number {
  const list = (Array.isArray(params) ? params : [params]) as Indexed[];
  return list[0]?.dataIndex ?? 0;
}

export interface TrendLabels {
  betAmount: string;
  memberWinLoss: string;
  betCount: string;
}

/** Bars of the daily bet amount, a line of the members' win/loss (money axis), a line of the bet count (right axis). */
export function trendOption(trend: DashboardStats['trend'], labels: TrendLabels, look: ChartLook): ChartOption {
  const a = axes(
    look,
    trend.map((p) => p.date),
  );
  return {
    ...base(look),
    legend: { ...base(look).legend, top: 0, data: [labels.betAmount, labels.memberWinLoss, labels.betCount] },
    grid: a.grid,
    xAxis: a.xAxis,
    yAxis: [
      { type: 'value', ...a.yAxisStyle },
      { type: 'value', minInterval: 1, ...a.yAxisStyle, splitLine: { show: false } },
    ],
    tooltip: {
      ...base(look).tooltip,
      trigger: 'axis',
      formatter: (params: unknown) => {
        const p = trend[firstIndex(params)];
        if (!p) return '';
        return [
          `<b>${escape(p.date)}</b>`,
          `${escape(labels.betAmount)}: ${money(p.betAmount)}`,
          `${escape(labels.memberWinLoss)}: ${money(p.memberWinLoss)}`,
          `${escape(labels.betCount)}: ${count(p.betCount)}`,
        ].join('<br/>');
      },
    },
    series: [
      { name: labels.betAmount, type: 'bar', data: trend.map((p) => Number(p.betAmount)), barMaxWidth: 28 },
      { name: labels.memberWinLoss, type: 'line', data: trend.map((p) => Number(p.memberWinLoss)), symbolSize: 6 },
      {
        name: labels.betCount,
        type: 'line',
        yAxisIndex: 1,
        data: trend.map((p) => p.betCount),
        symbolSize: 6,
        lineStyle: { type: 'dashed' },
      },
    ],
  };
}

export interface VisitLabels {
  visits: string;
  visitors: string;
}

/** Sign-ins per business day (bars) and the distinct accounts behind them (line). */
export function visitsOption(trend: DashboardStats['trend'], labels: VisitLabels, look: ChartLook): ChartOption {
  const a = axes(
    look,
    trend.map((p) => p.date),
  );
  return {
    ...base(look),
    legend: { ...base(look).legend, top: 0, data: [labels.visits, labels.visitors] },
    grid: a.grid,
    xAxis: a.xAxis,
    yAxis: { type: 'value', minInterval: 1, ...a.yAxisStyle },
    tooltip: {
      ...base(look).tooltip,
      trigger: 'axis',
      formatter: (params: unknown) => {
        const p = trend[firstIndex(params)];
        if (!p) return '';
        return [
          `<b>${escape(p.date)}</b>`,
          `${escape(labels.visits)}: ${count(p.visits)}`,
          `${escape(labels.visitors)}: ${count(p.visitors)}`,
        ].join('<br/>');
      },
    },
    series: [
      { name: labels.visits, type: 'bar', data: trend.map((p) => p.visits), barMaxWidth: 28 },
      { name: labels.visitors, type: 'line', data: trend.map((p) => p.visitors), symbolSize: 6 },
    ],
  };
}

export interface ShareItem extends DashboardSales {
  /** What the legend and tooltip show. */
  label: string;
}

export interface ShareLabels {
  betAmount: string;
  betCount: string;
}

/**
 * A donut of the bet amount per item (provider or game category). The percentage is of the
 * items' total bet amount, computed in minor units and rounded half up to one decimal.
 */
export function shareOption(items: readonly ShareItem[], labels: ShareLabels, look: ChartLook, compact = false): ChartOption {
  const c = ink(look.dark);
  const cents = items.map((i) => toMinorUnits(i.betAmount));
  const total = cents.reduce((s, v) => s + v, 0n);
  // Per mille rounded half up, in integers: 1,300 of 1,500 is 86.7 %, not 86.6.
  const percent = (i: number) => (total === 0n ? '0.0' : (Number(((cents[i]! * 2000n) / total + 1n) / 2n) / 10).toFixed(1));
  return {
    ...base(look),
    legend: { ...base(look).legend, bottom: 0, left: 'center' },
    tooltip: {
      ...base(look).tooltip,
      trigger: 'item',
      formatter: (params: unknown) => {
        const i = (params as Indexed).dataIndex ?? 0;
        const item = items[i];
        if (!item) return '';
        return [
          `<b>${escape(item.label)}</b> ${percent(i)}%`,
          `${escape(labels.betAmount)}: ${money(item.betAmount)}`,
          `${escape(labels.betCount)}: ${count(item.betCount)}`,
        ].join('<br/>');
      },
    },
    series: [
      {
        type: 'pie',
        radius: compact ? ['38%', '62%'] : ['42%', '68%'],
        center: ['50%', '44%'],
        avoidLabelOverlap: true,
        itemStyle: { borderColor: look.dark ? '#141414' : '#ffffff', borderWidth: 2, borderRadius: 4 },
        label: { color: c.text, formatter: (p: unknown) => `${percent((p as Indexed).dataIndex ?? 0)}%` },
        labelLine: { lineStyle: { color: c.muted } },
        data: items.map((item) => ({ name: item.label, value: Number(item.betAmount) })),
      },
    ],
  };
}
