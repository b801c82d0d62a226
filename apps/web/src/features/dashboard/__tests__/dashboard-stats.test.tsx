import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { businessDatesOf, businessRange, type DashboardStats } from '@agent-bo/shared';
import { adminUser, dashboardOverview } from '../../../test/fixtures';
import { envelope, findTestId, setUpStubbedApp } from '../../../test/app-harness';
import { testNow, runOnTestClock, itAtEachInstant } from '../../../test/clock';

// The page's clock is the test clock from the first hook on (stored sessions are stamped by it too):
// "today" and "this week" are those of TEST_NOW or the fixed instant.
runOnTestClock();

/**
 * The dashboard's statistics section against a stubbed server. jsdom cannot draw on a canvas, so
 * `echarts/core` is replaced by a recorder of what the page asks of it (instances, options,
 * resizes, disposals); what the options contain is chart-options.test.ts's business.
 */
const charts = vi.hoisted(() => {
  type Fake = { el: HTMLElement; theme: unknown; options: unknown[]; resized: number; disposed: boolean };
  const made: Fake[] = [];
  return {
    made,
    init: (el: HTMLElement, theme?: unknown) => {
      const fake: Fake = { el, theme, options: [], resized: 0, disposed: false };
      made.push(fake);
      return {
        setOption: (o: unknown) => fake.options.push(o),
        resize: () => (fake.resized += 1),
        dispose: () => (fake.disposed = true),
      };
    },
  };
});
vi.mock('echarts/core', () => ({ use: () => undefined, init: charts.init }));
// The parts registered on the core are never drawn with here; the real ones are large to load.
vi.mock('echarts/charts', () => ({ BarChart: {}, LineChart: {}, PieChart: {} }));
vi.mock('echarts/components', () => ({ GridComponent: {}, LegendComponent: {}, TooltipComponent: {} }));
vi.mock('echarts/renderers', () => ({ CanvasRenderer: {} }));

/** Every ResizeObserver made during a test (antd makes its own too); the charts' are those watching a `.dash-chart`. */
let observers: FakeResizeObserver[] = [];
class FakeResizeObserver {
  targets: Element[] = [];
  live = true;
  constructor(readonly cb: () => void) {
    observers.push(this);
  }
  observe(el: Element) {
    this.targets.push(el);
  }
  unobserve(el: Element) {
    this.targets = this.targets.filter((t) => t !== el);
  }
  disconnect() {
    this.live = false;
    this.targets = [];
  }
}
const chartObservers = () => observers.filter((o) => o.live && o.targets.some((t) => t.classList.contains('dash-chart')));

const sales = (betCount: number, betAmount: string, memberWinLoss: string) => ({ betCount, betAmount, validBet: betAmount, memberWinLoss });
function statsOf(body: Record<string, unknown>): DashboardStats {
  const start = String(body.start);
  const only = body.providerCode as string | undefined;
  const byProvider = [
    { code: 'PG', name: 'PG Soft', ...sales(3, '1700.00', '-1600.00') },
    { code: 'EVO', name: 'Evolution', ...sales(1, '200.00', '300.00') },
  ].filter((p) => !only || p.code === only);
  return {
    root: { id: 1, accountNo: 'admin001' },
    start,
    end: String(body.end),
    providerCode: only ?? null,
    timeZone: 'Asia/Taipei',
    providers: [
      { code: 'EVO', name: 'Evolution' },
      { code: 'PG', name: 'PG Soft' },
    ],
    totals: only
      ? { ...sales(3, '1700.00', '-1600.00'), visits: 4, visitors: 2 }
      : { ...sales(4, '1900.00', '-1300.00'), visits: 4, visitors: 2 },
    byProvider,
    byCategory: [{ category: 'SLOT', ...sales(4, '1900.00', '-1300.00') }],
    trend: [{ date: start, ...sales(4, '1900.00', '-1300.00'), visits: 4, visitors: 2 }],
  };
}

let calls: { path: string; body: Record<string, unknown> }[] = [];
let failStats = false;

setUpStubbedApp({
  signedIn: true,
  reset: () => {
    calls = [];
    failStats = false;
    charts.made.length = 0;
    observers = [];
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  },
  server: (path, init) => {
    const url = new URL(path, 'http://localhost');
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    calls.push({ path: url.pathname, body });
    switch (url.pathname) {
      case '/api/manage/userinfo':
        return envelope(adminUser());
      case '/api/getPermCode':
        return envelope([]);
      case '/api/manage/dashboard/overview':
        return envelope(dashboardOverview());
      case '/api/manage/dashboard/stats':
        return failStats ? envelope(null, 1000, 'Some of the input is invalid', 400) : envelope(statsOf(body));
      default:
        return envelope(null, 404, 'not found', 404);
    }
  },
});

const statsCalls = () => calls.filter((c) => c.path === '/api/manage/dashboard/stats');
const live = () => charts.made.filter((c) => !c.disposed);

describe('dashboard statistics', { timeout: 20_000 }, () => {
  itAtEachInstant('opens on the current business day like every date filter, shows the KPIs and draws four charts', {}, async () => {
    const { startApp } = await import('../../../test/app-harness');
    await startApp('/dashboard');
    expect((await findTestId('dash-kpi-sales')).textContent).toBe('1,900.00');
    expect(screen.getByTestId('dash-kpi-count').textContent).toBe('4');
    expect(screen.getByTestId('dash-kpi-visits').textContent).toBe('4');
    expect(screen.getByTestId('dash-kpi-winloss').textContent).toBe('-1,300.00');
    // the overview above is still there
    expect(screen.getByTestId('dash-balance')).toBeTruthy();

    const today = businessDatesOf(businessRange('today', testNow(), 'Asia/Taipei'));
    expect(statsCalls()[0]!.body).toEqual(today);
    expect(screen.getByTestId('dash-stats-range').textContent).toContain(`${today.start} to ${today.end} (business days: 1,`);

    await waitFor(() => expect(live()).toHaveLength(4));
    for (const id of ['dash-chart-trend', 'dash-chart-visits', 'dash-chart-provider', 'dash-chart-category']) {
      const fake = live().find((c) => c.el === screen.getByTestId(id));
      expect(fake, id).toBeDefined();
      expect(fake!.theme).toBeUndefined();
      expect(fake!.options.length).toBeGreaterThan(0);
    }
    const pie = live().find((c) => c.el === screen.getByTestId('dash-chart-provider'))!;
    expect(JSON.stringify(pie.options.at(-1))).toContain('"name":"PG Soft","value":1700');
  });

  it('charts resize with their box, switch to the dark theme with the app, and are disposed with the page', async () => {
    const { startApp } = await import('../../../test/app-harness');
    await startApp('/dashboard');
    await findTestId('dash-chart-trend');
    await waitFor(() => expect(live()).toHaveLength(4));
    const first = [...live()];
    act(() => chartObservers().forEach((o) => o.cb()));
    expect(first.every((c) => c.resized === 1)).toBe(true);

    const { useAppStore } = await import('../../../stores/app-store');
    act(() => useAppStore.getState().setDarkMode(true));
    await waitFor(() => expect(first.every((c) => c.disposed)).toBe(true));
    expect(live()).toHaveLength(4);
    expect(live().every((c) => c.theme === 'dark' && c.options.length > 0)).toBe(true);
    expect(chartObservers()).toHaveLength(4); // the old observers are gone

    const { cleanup } = await import('@testing-library/react');
    cleanup();
    expect(live()).toHaveLength(0);
    expect(chartObservers()).toHaveLength(0);
  });

  it('charts grow in, unless the system asks for reduced motion: then they are drawn at once', async () => {
    const { startApp } = await import('../../../test/app-harness');
    await startApp('/dashboard');
    await waitFor(() => expect(live()).toHaveLength(4));
    expect(live().every((c) => (c.options.at(-1) as { animation?: boolean }).animation === true)).toBe(true);
    const { cleanup } = await import('@testing-library/react');
    cleanup();

    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '(prefers-reduced-motion: reduce)' });
    try {
      await startApp('/dashboard');
      await waitFor(() => expect(live()).toHaveLength(4));
      expect(live().every((c) => (c.options.at(-1) as { animation?: boolean }).animation === false)).toBe(true);
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('the provider filter asks again and redraws with one provider', async () => {
    const { startApp } = await import('../../../test/app-harness');
    await startApp('/dashboard');
    await findTestId('dash-chart-provider');
    const select = screen.getByTestId('dash-provider');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    fireEvent.click(await screen.findByTitle('PG Soft (PG)'));
    fireEvent.click(screen.getByTestId('dash-search'));
    await waitFor(() => expect(statsCalls().at(-1)!.body.providerCode).toBe('PG'));
    await waitFor(() => expect(screen.getByTestId('dash-kpi-sales').textContent).toBe('1,700.00'));
    const pie = live().find((c) => c.el === screen.getByTestId('dash-chart-provider'))!;
    expect(JSON.stringify(pie.options.at(-1))).not.toContain('Evolution');
  });

  it('a failure shows in the section with a retry, the overview stays', async () => {
    failStats = true;
    const { startApp } = await import('../../../test/app-harness');
    await startApp('/dashboard');
    const alert = await findTestId('dash-stats-error');
    expect(alert.textContent).toContain('The statistics could not be loaded');
    expect(screen.getByTestId('dash-balance')).toBeTruthy();
    failStats = false;
    fireEvent.click(within(alert).getByRole('button'));
    expect((await findTestId('dash-kpi-sales')).textContent).toBe('1,900.00');
  });
});
