import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { businessRange, type BetDetail, type BetPage, type BetRow } from '@agent-bo/shared';
import { adminUser } from '../../../test/fixtures';
import { envelope, findTestId, setUpStubbedApp } from '../../../test/app-harness';
import { betCsvName } from '../api/bet-api';
import { runOnTestClock, testNow, itAtEachInstant } from '../../../test/clock';

// The page's clock is the test clock from the first hook on: "today" is TEST_NOW's (or the fixed instant's).
runOnTestClock();

const PROVIDERS = [
  { code: 'EVO', name: 'Evolution' },
  { code: 'PG', name: 'PG Soft' },
];

function bet(over: Partial<BetRow>): BetRow {
  return {
    id: 1,
    providerBetId: 'evo-1',
    version: 1,
    playerAccountNo: 'player001',
    providerCode: 'EVO',
    gameCode: 'baccarat-1',
    gameNames: null,
    gameCategory: 'LIVE',
    roundId: 'r-1',
    betAmount: '100.00',
    validBet: '100.00',
    payout: '250.00',
    winLoss: '150.00',
    status: 'Settled',
    placedAt: '2030-01-10 13:00:00',
    settledAt: '2030-01-10 13:05:00',
    businessDate: '2030-01-10',
    ...over,
  };
}

const ROWS: BetRow[] = [
  bet({
    id: 3,
    providerBetId: 'evo-3',
    placedAt: '2030-01-10 15:00:00',
    betAmount: '200.00',
    validBet: '200.00',
    payout: '0.00',
    winLoss: '-200.00',
  }),
  bet({ id: 2, providerBetId: 'evo-2', version: 2, placedAt: '2030-01-10 14:00:00', payout: '0.00', winLoss: '-100.00' }),
  bet({
    id: 1,
    providerBetId: 'pg-1',
    providerCode: 'PG',
    gameCode: 'fortune-ox',
    gameNames: { zh_TW: '金牛', en: 'Fortune Ox', th: '', vi: '' },
    gameCategory: 'SLOT',
    status: 'Unsettled',
    validBet: '0.00',
    payout: '0.00',
    winLoss: '0.00',
    settledAt: null,
  }),
];

let capped = false;
let calls: { method: string; path: string; search: URLSearchParams; body: Record<string, unknown> | undefined }[] = [];

function pageOf(body: Record<string, unknown>): BetPage {
  return {
    page: Number(body.page ?? 1),
    pageSize: Number(body.pageSize ?? 10),
    total: capped ? 10_000 : ROWS.length,
    totalCapped: capped,
    list: ROWS,
    pageTotals: { betAmount: '400.00', validBet: '300.00', payout: '0.00', winLoss: '-300.00' },
    totals: capped ? null : { betAmount: '400.00', validBet: '300.00', payout: '0.00', winLoss: '-300.00' },
    start: String(body.start),
    end: String(body.end),
    providers: PROVIDERS,
  };
}

const DETAIL: BetDetail = {
  bet: { ...ROWS[1]!, recordedAt: '2030-01-10 18:00:01' },
  versions: [
    {
      ...ROWS[1]!,
      id: 20,
      version: 1,
      status: 'Superseded',
      payout: '250.00',
      winLoss: '150.00',
      settledAt: '2030-01-10 14:05:00',
      recordedAt: '2030-01-10 14:00:01',
    },
    { ...ROWS[1]!, recordedAt: '2030-01-10 18:00:01', settledAt: '2030-01-10 18:00:00' },
  ],
  agentChain: ['admin001', 'agentA01', 'agentB01'],
};

setUpStubbedApp({
  signedIn: true,
  reset: () => {
    calls = [];
    capped = false;
  },
  server: (path, init) => {
    const url = new URL(path, 'http://localhost');
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ method: init.method ?? 'GET', path: url.pathname, search: url.searchParams, body });
    switch (url.pathname) {
      case '/api/manage/userinfo':
        return envelope(adminUser());
      case '/api/getPermCode':
        return envelope([]);
      case '/api/manage/bet/list':
        return envelope(pageOf(body ?? {}));
      case '/api/manage/bet/detail':
        return envelope(DETAIL);
      case '/api/manage/bet/export':
        return new Response('id,placedAt\r\n3,2030-01-10 15:00:00\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        });
      default:
        return envelope(null, 404, 'not found', 404);
    }
  },
});

const listCalls = () => calls.filter((c) => c.path === '/api/manage/bet/list');
const WALL = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

async function open() {
  const { startApp } = await import('../../../test/app-harness');
  await startApp('/bet/index');
  // The page is a lazy chunk: its first load waits as long as a busy machine needs.
  const table = await screen.findByTestId('bet-table', {}, { timeout: 15_000 });
  await within(table).findByTestId('bet-row-evo-3', {}, { timeout: 10_000 });
  return table;
}

async function pick(select: HTMLElement, title: string) {
  await act(async () => {
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select.querySelector('[role="combobox"]') ?? select);
  });
  const options = await screen.findAllByTitle(title);
  await act(async () => {
    fireEvent.click(options[options.length - 1]!);
  });
}

describe('bet page', { timeout: 40_000 }, () => {
  itAtEachInstant('opens on today’s business day: rows newest first, coloured win/loss, page and overall totals', {}, async () => {
    const table = await open();
    const first = listCalls()[0]!.body!;
    expect({ start: first.start, end: first.end }).toEqual(businessRange('today', testNow(), 'Asia/Taipei'));
    expect(first.status).toBeUndefined();
    expect(first.account).toBeUndefined();
    expect(first).toMatchObject({ page: 1, pageSize: 10 });

    const rows = table.querySelectorAll('tbody tr[data-testid^="bet-row-"]');
    expect([...rows].map((r) => r.getAttribute('data-testid'))).toEqual(['bet-row-evo-3', 'bet-row-evo-2', 'bet-row-pg-1']);
    const lost = within(table).getByTestId('bet-row-evo-3');
    expect(lost.querySelector('[data-col="winLoss"]')?.getAttribute('data-sign')).toBe('loss');
    expect(lost.textContent).toContain('-200.00');
    expect(lost.textContent).toContain('Settled');
    const pg = within(table).getByTestId('bet-row-pg-1');
    expect(pg.querySelector('[data-col="winLoss"]')?.getAttribute('data-sign')).toBeNull();
    expect(pg.textContent).toContain('Unsettled');
    expect(pg.textContent).toContain('Slot');
    // the game's catalogue name in the user's language, its code on hover; a code the catalogue lacks alone
    expect(pg.textContent).toContain('Fortune Ox');
    expect(pg.textContent).not.toContain('fortune-ox');
    expect(lost.textContent).toContain('baccarat-1');
    await act(async () => {
      fireEvent.mouseEnter(within(pg).getByText('Fortune Ox'));
    });
    expect((await screen.findByRole('tooltip', {}, { timeout: 5_000 })).textContent).toBe('fortune-ox');
    // a resettled bet shows its version
    expect(within(table).getByTestId('bet-row-evo-2').textContent).toContain('v2');

    expect(within(table).getByTestId('bet-page-totals').querySelector('[data-col="betAmount"]')?.getAttribute('data-value')).toBe('400.00');
    const all = within(table).getByTestId('bet-totals');
    expect(all.textContent).toContain('All 3 bets');
    expect(all.querySelector('[data-col="winLoss"]')?.getAttribute('data-sign')).toBe('loss');
    expect(screen.queryByTestId('bet-capped')).toBeNull();
  });

  it('searches with the filters: account, provider, game code prefix and status', async () => {
    await open();
    fireEvent.change(screen.getByTestId('bet-account'), { target: { value: ' agentA01 ' } });
    fireEvent.change(screen.getByTestId('bet-game'), { target: { value: 'bacc' } });
    await pick(screen.getByTestId('bet-provider'), 'Evolution (EVO)');
    await pick(screen.getByTestId('bet-status'), 'Superseded');
    await act(async () => {
      fireEvent.click(screen.getByTestId('bet-search'));
    });
    await waitFor(() =>
      expect(listCalls().at(-1)!.body).toMatchObject({
        account: 'agentA01',
        gameCode: 'bacc',
        providerCode: 'EVO',
        status: 'Superseded',
        page: 1,
      }),
    );
  });

  it('the detail lists every version with its status, the superseded one included', async () => {
    const table = await open();
    await act(async () => {
      fireEvent.click(within(table).getByTestId('bet-row-evo-2'));
    });
    const versions = await findTestId('bet-versions');
    expect(calls.find((c) => c.path === '/api/manage/bet/detail')!.body).toEqual({ id: 2 });
    const v1 = within(versions).getByTestId('bet-version-1');
    const v2 = within(versions).getByTestId('bet-version-2');
    expect(v1.textContent).toContain('Superseded');
    expect(v1.className).toContain('bet-version--superseded');
    expect(v1.querySelector('[data-col="winLoss"]')?.getAttribute('data-sign')).toBe('win');
    expect(v2.textContent).toContain('Settled');
    expect(v2.getAttribute('data-current')).toBe('yes');
    expect(screen.getByTestId('bet-detail-chain').textContent).toBe('admin001 › agentA01 › agentB01');
    expect(screen.getByText('Versions (2)')).toBeTruthy();
  });

  it('a capped count says so and leaves out the overall totals', async () => {
    capped = true;
    const table = await open();
    expect((await findTestId('bet-capped')).textContent).toContain('More than 10,000 bets');
    expect(within(table).queryByTestId('bet-totals')).toBeNull();
    expect(within(table).getByTestId('bet-page-totals')).toBeTruthy();
  });

  it('exports the current filters as CSV with a BOM', async () => {
    await open();
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
      fireEvent.click(screen.getByTestId('bet-export'));
    });
    await waitFor(() => expect(created).toHaveLength(1));
    const exported = calls.find((c) => c.path === '/api/manage/bet/export')!;
    expect(exported.method).toBe('GET');
    expect(exported.search.get('start')).toMatch(WALL);
    expect(exported.search.get('page')).toBeNull();
    expect([...new Uint8Array(await created[0]!.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(names[0]).toMatch(/^bets-\d{14}-\d{14}\.csv$/);
    click.mockRestore();
  });

  it('names the CSV like the server', () => {
    expect(betCsvName('2030-01-10 12:00:00', '2030-01-11 11:59:59')).toBe('bets-20300110120000-20300111115959.csv');
  });
});
