import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { businessDatesOf, businessRange, type AgentReport, type UserInfo } from '@agent-bo/shared';
import { adminUser } from '../../../test/fixtures';
import { envelope, findTestId, setUpStubbedApp } from '../../../test/app-harness';
import { reportPresets } from '../../../lib/date-range';
import { reportCsvName } from '../api/report-api';
import { runOnTestClock, testNow, itAtEachInstant } from '../../../test/clock';

// The page's clock is the test clock from the first hook on: "today" is TEST_NOW's (or the fixed instant's).
runOnTestClock();

describe('report helpers', () => {
  it('presets are the noon-based business dates of the site, whatever the browser zone', () => {
    // 2026-03-16 03:59:59Z is Monday 11:59:59 in Taipei: still business Sunday the 15th.
    const byName = Object.fromEntries(
      reportPresets('Asia/Taipei', new Date('2026-03-16T03:59:59Z')).map((p) => [p.name, [p.start, p.end]]),
    );
    expect(byName.today).toEqual(['2026-03-15', '2026-03-15']);
    expect(byName.tomorrow).toEqual(['2026-03-16', '2026-03-16']);
    expect(byName.thisWeek).toEqual(['2026-03-09', '2026-03-15']);
    expect(byName.lastMonth).toEqual(['2026-02-01', '2026-02-28']);
    // one second later the business day has turned
    expect(reportPresets('Asia/Taipei', new Date('2026-03-16T04:00:00Z'))[0]).toMatchObject({ start: '2026-03-16', end: '2026-03-16' });
  });

  it('names the CSV like the server', () => {
    expect(reportCsvName('agentA01', '2030-01-10', '2030-01-12')).toBe('agent-report-agentA01-20300110-20300112.csv');
  });
});

const figures = (
  betCount: number,
  betAmount: string,
  memberWinLoss: string,
  childShare: string,
  agentShare: string,
  upperShare: string,
) => ({
  betCount,
  betAmount,
  validBet: betAmount,
  payout: (Number(betAmount) + Number(memberWinLoss)).toFixed(2),
  memberWinLoss,
  childShare,
  agentShare,
  upperShare,
});

const PROVIDERS = [
  { code: 'EVO', name: 'Evolution' },
  { code: 'PG', name: 'PG Soft' },
];

/** The admin's report and agentA01's, as the server would answer them. */
function reportOf(agentId: number | undefined, body: Record<string, unknown>): AgentReport {
  const base = {
    start: String(body.start),
    end: String(body.end),
    providerCode: (body.providerCode as string) ?? null,
    providers: PROVIDERS,
  };
  if (agentId === 11) {
    return {
      ...base,
      agent: { id: 11, accountNo: 'agentA01', nickName: 'Agent A01', lvl: 1, ratio: '90.00' },
      chain: [
        { id: 1, accountNo: 'admin001', nickName: 'Administrator', lvl: 0 },
        { id: 11, accountNo: 'agentA01', nickName: 'Agent A01', lvl: 1 },
      ],
      rows: [
        {
          kind: 'AGENT',
          id: 21,
          accountNo: 'agentB01',
          nickName: 'Agent B01',
          ratio: '85.00',
          ...figures(3, '1280.00', '-760.00', '646.00', '38.00', '76.00'),
        },
        {
          kind: 'PLAYER',
          id: 91,
          accountNo: 'player091',
          nickName: 'Player 091',
          ratio: '0.00',
          ...figures(1, '400.00', '-300.00', '0.00', '270.00', '30.00'),
        },
      ],
      totals: figures(4, '1680.00', '-1060.00', '646.00', '308.00', '106.00'),
    };
  }
  return {
    ...base,
    agent: { id: 1, accountNo: 'admin001', nickName: 'Administrator', lvl: 0, ratio: '100.00' },
    chain: [{ id: 1, accountNo: 'admin001', nickName: 'Administrator', lvl: 0 }],
    rows: [
      {
        kind: 'AGENT',
        id: 11,
        accountNo: 'agentA01',
        nickName: 'Agent A01',
        ratio: '90.00',
        ...figures(4, '1680.00', '-1060.00', '954.00', '106.00', '0.00'),
      },
      {
        kind: 'AGENT',
        id: 12,
        accountNo: 'agentA02',
        nickName: 'Agent A02',
        ratio: '85.00',
        ...figures(1, '300.00', '300.00', '-255.00', '-45.00', '0.00'),
      },
    ],
    totals: figures(5, '1980.00', '-760.00', '699.00', '61.00', '0.00'),
  };
}

let user: UserInfo = adminUser();
let calls: { method: string; path: string; search: URLSearchParams; body: Record<string, unknown> | undefined }[] = [];

setUpStubbedApp({
  signedIn: true,
  reset: () => {
    user = adminUser();
    calls = [];
  },
  server: (path, init) => {
    const url = new URL(path, 'http://localhost');
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ method: init.method ?? 'GET', path: url.pathname, search: url.searchParams, body });
    switch (url.pathname) {
      case '/api/manage/userinfo':
        return envelope(user);
      case '/api/getPermCode':
        return envelope([]);
      case '/api/manage/report/agent':
        return envelope(reportOf(body?.agentId as number | undefined, body ?? {}));
      case '/api/manage/report/agent/export':
        return new Response('kind,accountNo\r\nAGENT,agentB01\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        });
      default:
        return envelope(null, 404, 'not found', 404);
    }
  },
});

const reportCalls = () => calls.filter((c) => c.path === '/api/manage/report/agent');
const cell = (root: HTMLElement, col: string) => root.querySelector(`[data-col="${col}"]`)?.getAttribute('data-value');

describe('agent report page', { timeout: 20_000 }, () => {
  itAtEachInstant('/report opens the agent report for today’s business date: rows, totals, coloured win/loss', {}, async () => {
    const { startApp } = await import('../../../test/app-harness');
    await startApp('/report');
    const table = await findTestId('report-table');
    await waitFor(() => expect(window.location.pathname).toBe('/report/agent'));
    const row = await within(table).findByTestId('report-row-agentA01', {}, { timeout: 5000 });
    expect(row.textContent).toContain('1,680.00');
    expect(row.textContent).toContain('90.00%');
    expect(cell(row, 'memberWinLoss')).toBe('-1060.00');
    expect(row.querySelector('[data-col="memberWinLoss"]')?.getAttribute('data-sign')).toBe('loss');
    expect(within(table).getByTestId('report-row-agentA02').querySelector('[data-col="memberWinLoss"]')?.getAttribute('data-sign')).toBe(
      'win',
    );

    const totals = await within(table).findByTestId('report-totals');
    expect(totals.textContent).toContain('Total');
    expect(cell(totals, 'betAmount')).toBe('1980.00');
    expect(cell(totals, 'betCount')).toBe('5');
    expect(totals.textContent).toContain('1,980.00');

    const first = reportCalls()[0]!;
    expect(first.body?.agentId).toBeUndefined();
    expect({ start: first.body?.start, end: first.body?.end }).toEqual(businessDatesOf(businessRange('today', testNow(), 'Asia/Taipei')));
    expect(screen.getByTestId('report-breadcrumb').textContent).toBe('admin001');
    expect(screen.getByTestId('report-title').textContent).toBe('admin001 · Administrator');
    // reached through the redirect, the menu still opens Reports to show the current entry
    await waitFor(() => expect(screen.getByTestId('side-menu').querySelector('.ant-menu-item-selected')?.textContent).toBe('Agent report'));
  });

  it('drills into a sub-agent through the URL and comes back through the breadcrumb', async () => {
    const { startApp } = await import('../../../test/app-harness');
    await startApp('/report/agent');
    fireEvent.click(await findTestId('report-drill-agentA01'));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('agent')).toBe('11'));
    const table = await findTestId('report-table');
    const b01 = await within(table).findByTestId('report-row-agentB01', {}, { timeout: 5000 });
    expect(b01.textContent).toContain('646.00');
    expect(within(table).getByTestId('report-row-player091').textContent).toContain('Player');
    expect(reportCalls().at(-1)?.body).toMatchObject({ agentId: 11 });
    const crumbs = screen.getByTestId('report-breadcrumb');
    expect(crumbs.textContent).toContain('admin001');
    expect(within(crumbs).getByTestId('report-crumb-agentA01').getAttribute('data-current')).toBe('yes');
    // a player row is not a link
    expect(screen.queryByTestId('report-drill-player091')).toBeNull();

    fireEvent.click(within(crumbs).getByTestId('report-crumb-admin001'));
    await waitFor(() => expect(window.location.search).toBe(''));
    await within(await findTestId('report-table')).findByTestId('report-row-agentA02', {}, { timeout: 5000 });
  });

  it('a click on a sub-agent’s row drills down too', async () => {
    const { startApp } = await import('../../../test/app-harness');
    await startApp('/report/agent');
    fireEvent.click(await findTestId('report-row-agentA01'));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('agent')).toBe('11'));
  });

  it('exports the shown report as CSV with a BOM', async () => {
    const { startApp } = await import('../../../test/app-harness');
    await startApp('/report/agent?agent=11');
    await findTestId('report-row-agentB01');
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      created.push(b);
      return 'blob:x';
    });
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('report-export'));
    });
    await waitFor(() => expect(created).toHaveLength(1));
    const exported = calls.find((c) => c.path === '/api/manage/report/agent/export')!;
    expect(exported.method).toBe('GET');
    expect(exported.search.get('agentId')).toBe('11');
    expect(exported.search.get('start')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([...new Uint8Array(await created[0]!.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(names[0]).toMatch(/^agent-report-agentA01-\d{8}-\d{8}\.csv$/);
    click.mockRestore();
  });
});
