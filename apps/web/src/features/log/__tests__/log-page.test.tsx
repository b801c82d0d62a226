import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessRange, type UserInfo } from '@agent-bo/shared';
import { businessPresets, fromRange, siteNow } from '../../../lib/time-range';
import { csvFileName } from '../api/log-api';
import { adminUser } from '../../../test/fixtures';
import { envelope, page, startApp, seedStorage, stubFetch } from '../../../test/app-harness';
import { csvBlob } from '../../../lib/download';
import { testNow, runOnTestClock, itAtEachInstant } from '../../../test/clock';

// The page's clock is the test clock from the first hook on (stored sessions are stamped by it too):
// "today" and "this week" are those of TEST_NOW or the fixed instant.
runOnTestClock();

const ADMIN: UserInfo = adminUser();

describe('log helpers', () => {
  it('presets are noon-based site wall clocks, whatever the browser zone', () => {
    // 2026-03-16 03:59:59Z is Monday 11:59:59 in Taipei: still business Sunday.
    const presets = businessPresets(new Date('2026-03-16T03:59:59Z'), 'Asia/Taipei');
    expect(presets.map((p) => p.name)).toEqual(['today', 'yesterday', 'tomorrow', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth']);
    const byName = Object.fromEntries(presets.map((p) => [p.name, fromRange(p.value)]));
    expect(byName.today).toEqual({ start: '2026-03-15 12:00:00', end: '2026-03-16 11:59:59' });
    expect(byName.thisWeek).toEqual({ start: '2026-03-09 12:00:00', end: '2026-03-16 11:59:59' });
    expect(byName.lastMonth).toEqual({ start: '2026-02-01 12:00:00', end: '2026-03-01 11:59:59' });
    expect(fromRange(null)).toEqual({ start: undefined, end: undefined });
  });

  it('names and wraps the CSV for Excel', async () => {
    expect(csvFileName('cash', siteNow('Asia/Taipei', new Date('2026-03-16T03:59:59Z')))).toBe('cash-log-20260316-115959.csv');
    const blob = csvBlob('id,kind\r\n1,RECHARGE\r\n');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect((await csvBlob('\uFEFFa\r\n').arrayBuffer()).byteLength).toBe(6);
  });
});

let user: UserInfo;
/** The operation tab's rows the stub answers (a test about records sets its own). */
let operationRows: unknown[];
let calls: { method: string; path: string; search: URLSearchParams; body: Record<string, unknown> | undefined }[];

const CASH = [
  {
    id: 2,
    transactionId: '9',
    kind: 'RECHARGE',
    accountNo: 'agentA01',
    counterpartyAccountNo: 'admin001',
    amount: '1234.50',
    balanceAfter: '2000.00',
    operatorAccountNo: 'admin001',
    memo: 'top-up',
    createdAt: '2026-11-21 14:00:00',
  },
  {
    id: 1,
    transactionId: '9',
    kind: 'RECHARGE',
    accountNo: 'admin001',
    counterpartyAccountNo: 'agentA01',
    amount: '-1234.50',
    balanceAfter: '-2000.00',
    operatorAccountNo: 'admin001',
    memo: 'top-up',
    createdAt: '2026-11-21 14:00:00',
  },
];

const DISABLE_ROW = {
  id: 1,
  action: 'DISABLE',
  operatorAccountNo: 'admin001',
  targetAccountNo: 'agentB01',
  before: { isDisabled: false },
  after: { isDisabled: true },
  ip: '10.0.0.1',
  createdAt: '2026-11-21 13:00:00',
};

const GOODS_TARGET = { kind: 'storeGoods', id: 21, name: { zh_TW: '水壺', en: 'Flask', th: '', vi: '' } };

/** A row about goods: the goods as target, no target account, the ids of before/after named by the server. */
const GOODS_ROW = {
  id: 7,
  action: 'OPERATION',
  operatorAccountNo: 'admin001',
  targetAccountNo: null,
  target: GOODS_TARGET,
  before: { storeGoods: 21, name: { zh_TW: '水壺', en: 'Bottle', th: '', vi: '' }, category: 3, images: [] },
  after: { storeGoods: 21, name: { zh_TW: '水壺', en: 'Flask', th: '', vi: '' }, category: 5, images: [] },
  accounts: {},
  names: {
    'storeGoods:21': { zh_TW: '水壺', en: 'Flask', th: '', vi: '' },
    'storeCategory:3': { zh_TW: '生活', en: 'Home', th: '', vi: '' },
    'storeCategory:5': { zh_TW: '廚房', en: 'Kitchen', th: '', vi: '' },
  },
  ip: '10.0.0.1',
  createdAt: '2026-11-21 13:00:00',
};

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
  calls.push({ method: init.method ?? 'GET', path: url.pathname, search: url.searchParams, body });
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(user);
    case '/api/getPermCode':
      return envelope([]);
    case '/api/manage/log/operation':
      return page(operationRows);
    case '/api/manage/log/cash':
      return page(CASH);
    case '/api/manage/log/ratio':
    case '/api/manage/log/transfer':
      return page([]);
    case '/api/manage/log/operation/export':
      return new Response(
        'id,createdAt,action,operatorAccountNo,targetAccountNo,target,before,after,ip\r\n' +
          `7,2026-11-21 13:00:00,OPERATION,admin001,,"${JSON.stringify(GOODS_TARGET).replace(/"/g, '""')}",,,10.0.0.1\r\n` +
          '1,2026-11-21 12:00:00,DISABLE,admin001,agentB01,,,,10.0.0.1\r\n',
        { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } },
      );
    case '/api/manage/log/cash/export':
      return new Response('id,kind\r\n2,RECHARGE\r\n', { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    default:
      return envelope(null, 404, 'not found', 404);
  }
}

beforeEach(() => {
  vi.resetModules();
  seedStorage({ signedIn: true });
  user = ADMIN;
  operationRows = [DISABLE_ROW];
  calls = [];
  stubFetch(server);
});

afterEach(() => {
  cleanup();
  vi.stubGlobal('fetch', undefined);
});

describe('log page', { timeout: 20_000 }, () => {
  // The first test of the file loads the page's chunks, then opens the raw view: more than the file's 20 s on a busy machine.
  itAtEachInstant(
    'lists the operation log for today’s business day, switches tabs, colours signed amounts, exports CSV',
    { timeout: 40_000 },
    async () => {
      await startApp('/log/index');
      const table = await screen.findByTestId('log-table-operation', {}, { timeout: 15_000 });
      await within(table).findByText('agentB01', {}, { timeout: 5000 });
      expect(table.textContent).toContain('Sign-in disabled');
      // The change reads as labels and words; the raw before/after stay one click away.
      expect(within(table).getByTestId('log-change').textContent).toBe('Sign-in locked: No → Yes');
      expect(table.textContent).not.toContain('isDisabled');
      fireEvent.click(within(table).getByTestId('log-raw-1'));
      const raw = await screen.findByTestId('log-raw', {}, { timeout: 5000 });
      expect(JSON.parse(within(raw).getByTestId('log-raw-before').textContent!)).toEqual({ isDisabled: false });
      expect(JSON.parse(within(raw).getByTestId('log-raw-after').textContent!)).toEqual({ isDisabled: true });
      fireEvent.keyDown(raw, { key: 'Escape' });
      const first = calls.find((c) => c.path === '/api/manage/log/operation')!;
      expect(first.body).toMatchObject({ page: 1, pageSize: 10 });
      // Today's business day of the page's clock (the test clock), noon to noon in Asia/Taipei.
      expect({ start: first.body?.start, end: first.body?.end }).toEqual(businessRange('today', testNow(), 'Asia/Taipei'));

      fireEvent.click(screen.getByTestId('log-tab-cash'));
      const cash = await screen.findByTestId('log-table-cash', {}, { timeout: 5000 });
      await within(cash).findByText('+1,234.50', {}, { timeout: 5000 });
      expect(within(cash).getByText('+1,234.50').closest('[data-sign]')?.getAttribute('data-sign')).toBe('credit');
      expect(within(cash).getByText('-1,234.50').closest('[data-sign]')?.getAttribute('data-sign')).toBe('debit');
      expect(cash.textContent).toContain('Recharge');
      await waitFor(() => expect(new URLSearchParams(window.location.search).get('tab')).toBe('cash'));

      const created: Blob[] = [];
      URL.createObjectURL = vi.fn((b: Blob) => {
        created.push(b);
        return 'blob:x';
      });
      URL.revokeObjectURL = vi.fn();
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      await act(async () => {
        fireEvent.click(screen.getByTestId('log-export-cash'));
      });
      await waitFor(() => expect(created).toHaveLength(1));
      const exported = calls.find((c) => c.path === '/api/manage/log/cash/export')!;
      expect(exported.method).toBe('GET');
      expect(exported.search.get('start')).toMatch(/ 12:00:00$/);
      expect(exported.search.has('page')).toBe(false);
      expect([...new Uint8Array(await created[0]!.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      // The file reads in the screen's words: the table's field names, the kinds of move (the API's keys and codes are the machine-readable form).
      expect(new TextDecoder().decode(await created[0]!.arrayBuffer())).toBe('ID,Type\r\n2,Recharge\r\n');
      expect(click).toHaveBeenCalled();
      click.mockRestore();
    },
  );

  it('a row about a record names it as the target and its ids by name; the CSV says it in words', async () => {
    operationRows = [GOODS_ROW, DISABLE_ROW];
    await startApp('/log/index');
    const table = await screen.findByTestId('log-table-operation', {}, { timeout: 15_000 });
    const target = await within(table).findByTestId('log-target', {}, { timeout: 5000 });
    expect(target.textContent).toBe('Goods Flask');
    const goodsRow = target.closest('tr')!;
    const change = within(goodsRow as HTMLElement).getByTestId('log-change');
    expect(change.querySelector('[data-field="storeGoods"]')?.textContent).toBe('Goods: Flask');
    expect(change.querySelector('[data-field="category"]')?.textContent).toBe('Category: Home → Kitchen');
    expect(change.textContent).not.toMatch(/#\d/);
    // The account row keeps its target account.
    expect(within(table).getByText('agentB01')).toBeTruthy();

    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      created.push(b);
      return 'blob:x';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await act(async () => {
      fireEvent.click(screen.getByTestId('log-export-operation'));
    });
    await waitFor(() => expect(created).toHaveLength(1));
    const [header, goodsLine, accountLine] = new TextDecoder()
      .decode(await created[0]!.arrayBuffer())
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(header).toBe('ID,Time,Action,Operator,Target account,Target,Before,After,IP');
    expect(goodsLine).toBe('7,2026-11-21 13:00:00,Operation,admin001,,Goods Flask,,,10.0.0.1');
    expect(accountLine).toBe('1,2026-11-21 12:00:00,Sign-in disabled,admin001,agentB01,,,,10.0.0.1');
    click.mockRestore();
  });

  it('pages on the server', async () => {
    await startApp('/log/index?tab=cash');
    await screen.findByTestId('log-table-cash', {}, { timeout: 5000 });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/manage/log/cash')).toBe(true));
    expect(calls.find((c) => c.path === '/api/manage/log/cash')?.body).toMatchObject({ page: 1, pageSize: 10 });
  });
});
