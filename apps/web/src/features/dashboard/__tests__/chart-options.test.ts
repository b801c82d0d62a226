import { describe, expect, it } from 'vitest';
import type { DashboardStats } from '@agent-bo/shared';
import { chartPalette, shareOption, trendOption, visitsOption, type ShareItem } from '../charts/options';

const day = (
  date: string,
  betCount: number,
  betAmount: string,
  memberWinLoss: string,
  visits = 0,
  visitors = 0,
): DashboardStats['trend'][number] => ({
  date,
  betCount,
  betAmount,
  validBet: betAmount,
  memberWinLoss,
  visits,
  visitors,
});
const TREND = [
  day('2030-01-10', 1, '1000.00', '-1000.00', 3, 2),
  day('2030-01-11', 0, '0.00', '0.00'),
  day('2030-01-12', 2, '1234567.89', '300.05', 1, 1),
];
const LIGHT = { dark: false, primary: '#F9C904' };
const DARK = { dark: true, primary: '#0960BD' };
const TREND_LABELS = { betAmount: 'Sales', memberWinLoss: 'Win/loss', betCount: 'Bets' };

type AnySeries = { name?: string; type: string; data: unknown[]; yAxisIndex?: number };
const seriesOf = (o: unknown) => (o as { series: AnySeries[] }).series;
const tooltip = (o: unknown, params: unknown) => (o as { tooltip: { formatter: (p: unknown) => string } }).tooltip.formatter(params);

describe('chartPalette', () => {
  it('starts with the theme colour and does not repeat it', () => {
    expect(chartPalette('#0960BD')[0]).toBe('#0960BD');
    const withDefault = chartPalette('#5470c6');
    expect(withDefault[0]).toBe('#5470c6');
    expect(withDefault.filter((c) => c.toUpperCase() === '#5470C6')).toHaveLength(1);
  });
});

describe('trendOption', () => {
  it('one category per business date, the bet amount as bars, win/loss and the count as lines (count on the right axis)', () => {
    const o = trendOption(TREND, TREND_LABELS, LIGHT) as { xAxis: { data: string[] }; color: string[] };
    expect(o.xAxis.data).toEqual(['01-10', '01-11', '01-12']);
    expect(seriesOf(o).map((s) => [s.name, s.type, s.yAxisIndex ?? 0])).toEqual([
      ['Sales', 'bar', 0],
      ['Win/loss', 'line', 0],
      ['Bets', 'line', 1],
    ]);
    expect(seriesOf(o)[0]!.data).toEqual([1000, 0, 1234567.89]);
    expect(seriesOf(o)[1]!.data).toEqual([-1000, 0, 300.05]);
    expect(seriesOf(o)[2]!.data).toEqual([1, 0, 2]);
    expect(o.color[0]).toBe('#F9C904');
  });

  it('the tooltip prints the exact amounts of the hovered day, grouped', () => {
    const o = trendOption(TREND, TREND_LABELS, LIGHT);
    const text = tooltip(o, [{ dataIndex: 2 }]);
    expect(text).toContain('2030-01-12');
    expect(text).toContain('Sales: 1,234,567.89');
    expect(text).toContain('Win/loss: 300.05');
    expect(text).toContain('Bets: 2');
  });

  it('escapes labels it puts into the tooltip HTML', () => {
    const o = trendOption(TREND, { ...TREND_LABELS, betAmount: '<img onerror=x>' }, LIGHT);
    expect(tooltip(o, [{ dataIndex: 0 }])).not.toContain('<img');
  });

  it('draws on the card in both modes: transparent background, light or dark text', () => {
    const light = trendOption(TREND, TREND_LABELS, LIGHT) as { backgroundColor: string; textStyle: { color: string } };
    const dark = trendOption(TREND, TREND_LABELS, DARK) as { backgroundColor: string; textStyle: { color: string }; color: string[] };
    expect(light.backgroundColor).toBe('transparent');
    expect(dark.backgroundColor).toBe('transparent');
    expect(light.textStyle.color).toMatch(/^rgba\(0, 0, 0/);
    expect(dark.textStyle.color).toMatch(/^rgba\(255, 255, 255/);
    expect(dark.color[0]).toBe('#0960BD');
  });
});

describe('visitsOption', () => {
  it('sign-ins per day as bars and distinct accounts as a line, zero days included', () => {
    const o = visitsOption(TREND, { visits: 'Visits', visitors: 'Visitors' }, LIGHT);
    expect(seriesOf(o).map((s) => [s.name, s.type, s.data])).toEqual([
      ['Visits', 'bar', [3, 0, 1]],
      ['Visitors', 'line', [2, 0, 1]],
    ]);
    expect(tooltip(o, [{ dataIndex: 0 }])).toContain('Visits: 3');
  });
});

describe('shareOption', () => {
  const items: ShareItem[] = [
    { label: 'PG Soft', betCount: 3, betAmount: '1700.00', validBet: '1700.00', memberWinLoss: '-1600.00' },
    { label: 'Evolution', betCount: 1, betAmount: '200.00', validBet: '200.00', memberWinLoss: '300.00' },
    { label: 'JILI', betCount: 1, betAmount: '100.00', validBet: '100.00', memberWinLoss: '0.00' },
  ];

  it('a donut of the bet amount per item', () => {
    const o = shareOption(items, { betAmount: 'Sales', betCount: 'Bets' }, LIGHT);
    const [pie] = seriesOf(o) as (AnySeries & { radius: string[] })[];
    expect(pie!.type).toBe('pie');
    expect(pie!.radius).toHaveLength(2); // inner and outer: a donut
    expect(pie!.data).toEqual([
      { name: 'PG Soft', value: 1700 },
      { name: 'Evolution', value: 200 },
      { name: 'JILI', value: 100 },
    ]);
  });

  it('percentages of the total bet amount, rounded half up to one decimal, in labels and tooltips', () => {
    const o = shareOption(items, { betAmount: 'Sales', betCount: 'Bets' }, LIGHT) as {
      series: { label: { formatter: (p: unknown) => string } }[];
    };
    const label = (i: number) => o.series[0]!.label.formatter({ dataIndex: i });
    expect([label(0), label(1), label(2)]).toEqual(['85.0%', '10.0%', '5.0%']);
    const text = tooltip(o, { dataIndex: 0 });
    expect(text).toContain('PG Soft');
    expect(text).toContain('85.0%');
    expect(text).toContain('Sales: 1,700.00');
    expect(text).toContain('Bets: 3');
  });

  it('rounds half up: 1,300 and 200 of 1,500 are 86.7 % and 13.3 %; 1 of 2,000 is 0.1 %', () => {
    const two = [
      { ...items[0]!, betAmount: '1300.00' },
      { ...items[1]!, betAmount: '200.00' },
    ];
    const o = shareOption(two, { betAmount: 'Sales', betCount: 'Bets' }, LIGHT) as {
      series: { label: { formatter: (p: unknown) => string } }[];
    };
    expect([0, 1].map((i) => o.series[0]!.label.formatter({ dataIndex: i }))).toEqual(['86.7%', '13.3%']);
    const tiny = shareOption(
      [
        { ...items[0]!, betAmount: '0.01' },
        { ...items[1]!, betAmount: '19.99' },
      ],
      { betAmount: 'Sales', betCount: 'Bets' },
      LIGHT,
    ) as typeof o;
    expect(tiny.series[0]!.label.formatter({ dataIndex: 0 })).toBe('0.1%'); // 0.05 % rounds up
  });

  it('no division by zero when every amount is zero', () => {
    const zero = [{ ...items[0]!, betAmount: '0.00' }];
    const o = shareOption(zero, { betAmount: 'Sales', betCount: 'Bets' }, DARK) as {
      series: { label: { formatter: (p: unknown) => string } }[];
    };
    expect(o.series[0]!.label.formatter({ dataIndex: 0 })).toBe('0.0%');
  });
});
