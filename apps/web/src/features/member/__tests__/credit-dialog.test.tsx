import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentRow, PlayerRow, UserInfo } from '@agent-bo/shared';
import { adminUser } from '../../../test/fixtures';
import { envelope, page, startApp, seedStorage, stubFetch } from '../../../test/app-harness';

const ADMIN: UserInfo = adminUser();

const restrictions = {
  isDisabled: false,
  isFullDisabled: false,
  isFullReadonly: false,
  inheritedFullDisabled: false,
  inheritedFullReadonly: false,
  disabledBy: null,
  fullDisabledBy: null,
  fullReadonlyBy: null,
};

const agent = (id: number, accountNo: string, balance: string, extra: Partial<AgentRow> = {}): AgentRow => ({
  ...restrictions,
  id,
  parentId: 1,
  accountNo,
  nickName: accountNo,
  lvl: 1,
  ratio: '90.00',
  balance,
  childAgents: 0,
  childPlayers: 0,
  providers: [],
  betLimits: [],
  permissions: [],
  createdAt: '2026-01-01 00:00:00',
  lastLoginAt: null,
  ...extra,
});

const AGENTS: AgentRow[] = [agent(2, 'agentA01', '100.00'), agent(5, 'agentA02', '50.00', { inheritedFullReadonly: true })];
const PLAYERS: PlayerRow[] = [
  {
    ...restrictions,
    id: 9,
    parentId: 1,
    accountNo: 'player001',
    nickName: 'P',
    balance: '3.00',
    verifyStatus: 'VERIFIED',
    registered: false,
    providers: [],
    betLimits: [],
    createdAt: '2026-01-01 00:00:00',
    lastLoginAt: null,
  },
];

let user: UserInfo;
type Credit = { path: string; key: string | undefined; body: Record<string, unknown> };
let credits: Credit[];
/** What the next credit calls answer, in order: 'network' throws, otherwise a Response. */
let creditAnswers: ('network' | Response)[];

const RESULT = {
  transactionId: '77',
  kind: 'RECHARGE',
  amount: '10.50',
  from: { id: 1, accountNo: 'admin001', balanceBefore: '-1000.00', balanceAfter: '-1010.50' },
  to: { id: 2, accountNo: 'agentA01', balanceBefore: '100.00', balanceAfter: '110.50' },
  createdAt: '2026-11-21 14:00:00',
  replayed: false,
};

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
  if (/\/(agent|player)\/(recharge|withdraw|poor)$/.test(url.pathname)) {
    const headers = (init.headers ?? {}) as Record<string, string>;
    credits.push({ path: url.pathname, key: headers['Idempotency-Key'], body });
    const answer = creditAnswers.shift() ?? envelope(RESULT);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return answer;
  }
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(user);
    case '/api/getPermCode':
      return envelope(user.isShadow ? [] : ['MOVE_USER']);
    case '/api/manage/dashboard/overview':
      return envelope({
        accountNo: user.accountNo,
        nickName: 'A',
        lvl: user.lvl,
        isShadow: user.isShadow,
        balance: '-1000.00',
        directAgents: 2,
        directPlayers: 1,
        subtreeAgents: 2,
        subtreePlayers: 1,
        lastLoginAt: null,
        lastLoginIp: null,
      });
    case '/api/manage/agent/lower_agents':
      return page(AGENTS);
    case '/api/manage/player/list':
      return page(PLAYERS);
    case '/api/manage/shadow/list':
      return page([]);
    case '/api/manage/ledger/relief_rule':
      return envelope({ threshold: '5.00', maxAmount: '20.00', dailyCount: 1 });
    default:
      return envelope(null, 404, 'not found', 404);
  }
}

beforeEach(() => {
  vi.resetModules();
  seedStorage({ signedIn: true });
  user = ADMIN;
  credits = [];
  creditAnswers = [];
  stubFetch(server);
});

afterEach(() => {
  cleanup();
  vi.stubGlobal('fetch', undefined);
});

const value = (testId: string) => screen.getByTestId(testId).getAttribute('data-value');
const step = () => screen.getByTestId('credit-dialog').getAttribute('data-step');

async function openRecharge() {
  await startApp('/member/index');
  fireEvent.click(await screen.findByTestId('action-recharge-agentA01', {}, { timeout: 5000 }));
  await screen.findByTestId('credit-dialog', {}, { timeout: 5000 });
  await waitFor(() => expect(value('credit-balance-from-before')).toBe('-1000.00'));
}

describe('credit dialogs', { timeout: 20_000 }, () => {
  it('are offered on direct, unrestricted children of a writer only', async () => {
    await startApp('/member/index');
    await screen.findByTestId('action-recharge-agentA01', {}, { timeout: 5000 });
    expect(screen.getByTestId('action-withdraw-agentA01')).toBeTruthy();
    expect(screen.queryByTestId('action-relief-agentA01')).toBeNull();
    // agentA02 is read-only through an ancestor: no credit moves.
    expect(screen.queryByTestId('action-recharge-agentA02')).toBeNull();
    fireEvent.click(screen.getByTestId('tab-players'));
    expect(await screen.findByTestId('action-relief-player001', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('a shadow gets none', async () => {
    user = { ...ADMIN, id: 3, accountNo: 'shadow00', isShadow: true, permission: { permissions: [] } };
    await startApp('/member/index');
    await screen.findByTestId('agent-open-agentA01', {}, { timeout: 5000 });
    expect(screen.queryAllByTestId(/^action-(recharge|withdraw|relief)-/)).toHaveLength(0);
  });

  it('previews both balances, confirms, and retries a lost answer with the same idempotency key', async () => {
    await openRecharge();
    fireEvent.change(screen.getByTestId('credit-amount'), { target: { value: '10.5' } });
    expect(value('credit-balance-from-after')).toBe('-1010.50');
    expect(value('credit-balance-to-before')).toBe('100.00');
    expect(value('credit-balance-to-after')).toBe('110.50');
    fireEvent.click(screen.getByTestId('credit-next'));
    await waitFor(() => expect(step()).toBe('confirm'));

    creditAnswers = ['network'];
    await act(async () => {
      fireEvent.click(screen.getByTestId('credit-confirm'));
    });
    await screen.findByTestId('credit-error', {}, { timeout: 5000 });
    expect(step()).toBe('confirm');
    await act(async () => {
      fireEvent.click(screen.getByTestId('credit-confirm'));
    });
    await waitFor(() => expect(step()).toBe('done'));
    expect(credits).toHaveLength(2);
    expect(credits[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(credits[1]!.key).toBe(credits[0]!.key);
    expect(credits[0]!.path).toBe('/api/manage/agent/recharge');
    expect(credits[0]!.body).toEqual({ id: 2, amount: '10.50' });
    // The server's answer is what the dialog shows now.
    expect(value('credit-balance-from-after')).toBe('-1010.50');
    expect(value('credit-balance-to-after')).toBe('110.50');

    // A new opening gets a new key.
    fireEvent.click(screen.getByTestId('credit-close'));
    fireEvent.click(await screen.findByTestId('action-recharge-agentA01'));
    await screen.findByTestId('credit-dialog', {}, { timeout: 5000 });
    fireEvent.change(screen.getByTestId('credit-amount'), { target: { value: '10.5' } });
    fireEvent.click(screen.getByTestId('credit-next'));
    await waitFor(() => expect(step()).toBe('confirm'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('credit-confirm'));
    });
    await waitFor(() => expect(credits).toHaveLength(3));
    expect(credits[2]!.key).not.toBe(credits[0]!.key);
  });

  it('refuses bad amounts and overdrafts before asking the server, and shows the server’s refusal inline', async () => {
    await openRecharge();
    fireEvent.click(screen.getByTestId('action-withdraw-agentA01'));
    fireEvent.change(screen.getByTestId('credit-amount'), { target: { value: '1.234' } });
    fireEvent.click(screen.getByTestId('credit-next'));
    expect(await screen.findByText('Enter a positive amount with at most two decimals', {}, { timeout: 5000 })).toBeTruthy();
    expect(step()).toBe('form');
    fireEvent.change(screen.getByTestId('credit-amount'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('credit-next'));
    expect(await screen.findByText('The amount must be above zero', {}, { timeout: 5000 })).toBeTruthy();
    expect(credits).toHaveLength(0);

    // The server refuses (its balance moved meanwhile): the catalogue message, inline.
    fireEvent.change(screen.getByTestId('credit-amount'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('credit-next'));
    await waitFor(() => expect(step()).toBe('confirm'));
    creditAnswers = [envelope(null, 3001, 'Insufficient balance', 400)];
    await act(async () => {
      fireEvent.click(screen.getByTestId('credit-confirm'));
    });
    expect((await screen.findByTestId('credit-error', {}, { timeout: 5000 })).textContent).toContain('Insufficient balance');
    expect(step()).toBe('confirm');

    // The refusal spent its key (the server binds a key to its first outcome): trying the same
    // amount again, e.g. once the balance has been topped up, is a new request with a new key.
    await act(async () => {
      fireEvent.click(screen.getByTestId('credit-confirm'));
    });
    await waitFor(() => expect(step()).toBe('done'));
    expect(credits).toHaveLength(2);
    expect(credits[1]!.key).not.toBe(credits[0]!.key);
  });

  it('a withdrawal beyond the child’s balance is stopped with the catalogue message', async () => {
    await startApp('/member/index');
    fireEvent.click(await screen.findByTestId('action-withdraw-agentA01', {}, { timeout: 5000 }));
    await screen.findByTestId('credit-dialog', {}, { timeout: 5000 });
    await waitFor(() => expect(value('credit-balance-from-before')).toBe('100.00'));
    fireEvent.change(screen.getByTestId('credit-amount'), { target: { value: '100.01' } });
    expect(value('credit-balance-from-after')).toBe('-0.01');
    fireEvent.click(screen.getByTestId('credit-next'));
    expect((await screen.findByTestId('credit-error', {}, { timeout: 5000 })).textContent).toContain('Insufficient balance');
    expect(step()).toBe('form');
    expect(credits).toHaveLength(0);
  });

  it('relief shows the site’s rule', async () => {
    await startApp('/member/index');
    fireEvent.click(await screen.findByTestId('tab-players', {}, { timeout: 5000 }));
    fireEvent.click(await screen.findByTestId('action-relief-player001', {}, { timeout: 5000 }));
    const rule = await screen.findByTestId('credit-relief-rule', {}, { timeout: 5000 });
    expect(rule.textContent).toContain('5.00');
    expect(rule.textContent).toContain('20.00');
  });
});
