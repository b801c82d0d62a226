import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

const AGENTS: AgentRow[] = [
  {
    ...restrictions,
    id: 2,
    parentId: 1,
    accountNo: 'agentA01',
    nickName: 'Agent A01',
    lvl: 1,
    ratio: '90.00',
    balance: '1234567.5',
    childAgents: 2,
    childPlayers: 4,
    providers: ['PG'],
    betLimits: ['A'],
    permissions: [],
    createdAt: '2026-01-01 00:00:00',
    lastLoginAt: null,
  },
  {
    ...restrictions,
    inheritedFullReadonly: true,
    id: 5,
    parentId: 1,
    accountNo: 'agentB01',
    nickName: 'Agent B01',
    lvl: 2,
    ratio: '85.00',
    balance: '-20',
    childAgents: 0,
    childPlayers: 0,
    providers: [],
    betLimits: [],
    permissions: [],
    createdAt: '2026-01-01 00:00:00',
    lastLoginAt: '2026-01-02 00:00:00',
  },
];

const PLAYERS: PlayerRow[] = [
  {
    ...restrictions,
    id: 9,
    parentId: 1,
    accountNo: 'player294',
    nickName: 'P',
    balance: '0',
    verifyStatus: 'PENDING',
    registered: true,
    providers: [],
    betLimits: [],
    createdAt: '2026-01-01 00:00:00',
    lastLoginAt: null,
  },
];

let user: UserInfo;
let bodies: Record<string, unknown[]>;
let agents: AgentRow[];
let codes: string[];
/** When set, the agent list answers with this server error instead of its rows. */
let agentListFails: boolean;

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
  (bodies[url.pathname] ??= []).push(body);
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(user);
    case '/api/getPermCode':
      return envelope(user.isShadow ? [] : codes);
    case '/api/manage/agent/lower_agents':
      return agentListFails ? envelope(null, 500, 'Database unavailable', 500) : page(agents);
    case '/api/manage/player/list':
      return page(PLAYERS);
    case '/api/manage/shadow/list':
      return page([]);
    case '/api/manage/agent/create_account_no':
      return envelope({ accountNo: 'ag12345678' });
    case '/api/manage/agent/check_account_no':
      return envelope({ available: (body as { accountNo: string }).accountNo !== 'takenOne1' });
    case '/api/manage/agent/providers':
      return envelope([{ code: 'PG', name: 'PG Soft', status: 'ACTIVE', enabled: true }]);
    case '/api/manage/agent/upper_agents':
      return envelope([{ id: 1, accountNo: 'admin001', nickName: 'A', lvl: 0 }]);
    case '/api/manage/agent/limits':
      return envelope({ ratio: '90.00', providers: ['PG'], betLimits: ['A'] });
    case '/api/manage/bet_limits':
      return envelope([{ code: 'A', name: 'A', min: '10', max: '5000' }]);
    case '/api/manage/agent/history':
      return page([
        {
          id: 41,
          action: 'MOVE_USER',
          operatorAccountNo: 'admin001',
          before: { parentId: 1, parentAccountNo: 'admin001', lvl: 1 },
          after: { parentId: 3, parentAccountNo: 'agentA02', lvl: 2 },
          accounts: { '1': 'admin001', '3': 'agentA02' },
          ip: '10.0.0.1',
          createdAt: '2026-11-21 13:00:00',
        },
        {
          id: 40,
          action: 'OPERATION',
          operatorAccountNo: 'admin001',
          before: { betLimits: ['A'] },
          after: { betLimits: ['A', 'B'], narrowedBelow: 1200 },
          ip: '10.0.0.1',
          createdAt: '2026-11-21 12:00:00',
        },
        {
          id: 39,
          action: 'OPERATION',
          operatorAccountNo: 'admin001',
          before: { roles: [2] },
          after: { roles: [2, 5] },
          names: { 'role:2': { zh_TW: '客服', en: 'Support', th: '', vi: '' }, 'role:5': { zh_TW: '稽核', en: 'Audit', th: '', vi: '' } },
          ip: '10.0.0.1',
          createdAt: '2026-11-21 11:00:00',
        },
      ]);
    default:
      return envelope(null, 404, 'not found', 404);
  }
}

beforeEach(() => {
  vi.resetModules();
  seedStorage({ signedIn: true });
  user = ADMIN;
  bodies = {};
  agents = AGENTS;
  codes = ['MOVE_USER'];
  agentListFails = false;
  stubFetch(server);
});

afterEach(() => {
  cleanup();
  vi.stubGlobal('fetch', undefined);
});

describe('member screen', { timeout: 20_000 }, () => {
  it('lists agents with level labels, money as strings, and why an account is disabled', async () => {
    await startApp('/member/index');
    const table = await screen.findByTestId('agents-table', {}, { timeout: 5000 });
    await within(table).findByText('agentA01', {}, { timeout: 5000 });
    const rows = within(table).getAllByRole('row');
    const a01 = rows.find((r) => r.textContent?.includes('agentA01'))!;
    const b01 = rows.find((r) => r.textContent?.includes('agentB01'))!;
    expect(a01.textContent).toContain('General agent');
    expect(a01.textContent).toContain('1,234,567.50');
    expect(a01.textContent).toContain('90.00%');
    expect(b01.textContent).toContain('Level 1 agent');
    expect(b01.textContent).toContain('-20.00');
    expect(screen.getByTestId('status-agentA01').getAttribute('data-status')).toBe('active');
    expect(screen.getByTestId('status-agentB01').getAttribute('data-status')).toBe('disabled');
    expect(screen.getByTestId('status-agentB01').textContent).toContain('Read-only above');
    // Paging and sort reach the server in the contract's names.
    expect(bodies['/api/manage/agent/lower_agents']?.[0]).toMatchObject({ page: 1, pageSize: 10 });
    expect(screen.getByTestId('create-agent')).toBeTruthy();
    expect(screen.getAllByTestId(/^action-edit-/).length).toBe(2);
  });

  it('Search and Reset ask the server again even when the filters are unchanged', async () => {
    await startApp('/member/index');
    await screen.findByTestId('agent-open-agentA01', {}, { timeout: 5000 });
    const listCalls = () => bodies['/api/manage/agent/lower_agents']?.length ?? 0;
    const first = listCalls();
    fireEvent.click(screen.getByTestId('agents-search'));
    await waitFor(() => expect(listCalls()).toBe(first + 1));
    fireEvent.click(screen.getByTestId('agents-reset'));
    await waitFor(() => expect(listCalls()).toBe(first + 2));
  });

  it('a failed list says so with a retry instead of "No data"; a failed refresh keeps the rows with a notice', async () => {
    agentListFails = true;
    await startApp('/member/index');
    const failed = await screen.findByTestId('agents-failed', {}, { timeout: 5000 });
    expect(failed.textContent).toContain('The list could not be loaded');
    expect(screen.getByTestId('agents-table').textContent).not.toContain('No data');

    agentListFails = false;
    fireEvent.click(screen.getByTestId('agents-retry'));
    await screen.findByTestId('agent-open-agentA01', {}, { timeout: 5000 });
    expect(screen.queryByTestId('agents-failed')).toBeNull();

    // The rows stay when a refresh fails, with a notice that they may be out of date.
    agentListFails = true;
    fireEvent.click(screen.getByTestId('agents-search'));
    expect((await screen.findByTestId('agents-stale', {}, { timeout: 5000 })).textContent).toContain('may be out of date');
    expect(screen.getByTestId('agent-open-agentA01')).toBeTruthy();
    agentListFails = false;
    fireEvent.click(screen.getByTestId('agents-retry'));
    await waitFor(() => expect(screen.queryByTestId('agents-stale')).toBeNull());
  });

  it('says who set a restriction, hides a lift set above the viewer and the permission form without ROLE_PERMISSION_WRITE', async () => {
    user = { ...ADMIN, id: 2, lvl: 1, accountNo: 'agentA01' };
    agents = [
      {
        ...AGENTS[0]!,
        id: 6,
        accountNo: 'agentB02',
        isDisabled: true,
        disabledBy: { accountNo: 'admin001', liftable: false },
        isFullReadonly: true,
        fullReadonlyBy: { accountNo: 'agentA01', liftable: true },
      },
    ];
    await startApp('/member/index');
    await screen.findByTestId('agent-open-agentB02', {}, { timeout: 5000 });
    expect(screen.getByTestId('setby-agentB02-disabled').textContent).toContain('set by admin001');
    expect(screen.getByTestId('setby-agentB02-fullReadonly').textContent).toContain('set by agentA01');
    fireEvent.click(screen.getByTestId('action-more-agentB02'));
    await screen.findByTestId('menu-history', {}, { timeout: 5000 });
    expect(screen.queryByTestId('menu-status-ACTIVE')).toBeNull();
    expect(screen.getByTestId('menu-status-FULLY_DISABLE')).toBeTruthy();
    expect(screen.getByTestId('menu-status-FULLY_READ_ONLY_CANCEL')).toBeTruthy();
    expect(screen.queryByTestId('menu-permissions')).toBeNull();
  });

  it('offers the permission form to a holder of ROLE_PERMISSION_WRITE', async () => {
    codes = ['MOVE_USER', 'ROLE_PERMISSION_WRITE'];
    await startApp('/member/index');
    fireEvent.click(await screen.findByTestId('action-more-agentA01', {}, { timeout: 5000 }));
    expect(await screen.findByTestId('menu-permissions', {}, { timeout: 5000 })).toBeTruthy();
  });

  // Opens a menu, a drawer and a modal, then navigates: more steps than the file's other tests.
  it(
    'the history drawer reads as labels and words: an upper agent as a link, bet limits as tags, roles by name, the raw JSON on request',
    { timeout: 40_000 },
    async () => {
      await startApp('/member/index');
      await screen.findByTestId('agent-open-agentA01', {}, { timeout: 10_000 });
      fireEvent.click(screen.getByTestId('action-more-agentA01'));
      fireEvent.click(await screen.findByTestId('menu-history', {}, { timeout: 5000 }));
      const history = await screen.findByTestId('history', {}, { timeout: 5000 });
      await within(history).findAllByTestId('log-change', {}, { timeout: 5000 });
      const [moved, edited, roles] = within(history).getAllByTestId('log-change');
      expect(moved!.textContent).toBe('Upper agent: admin001 → agentA02Level: General agent → Level 1 agent');
      expect(within(moved!).getByText('agentA02').getAttribute('href')).toBe('/member/index?parent=3');
      expect([...edited!.querySelectorAll('.ant-tag')].map((t) => t.textContent)).toEqual(['A', 'A', 'B']);
      expect(edited!.textContent).toContain('Accounts below narrowed: 1,200');
      // Roles by their names (the server's `names`), not their ids.
      expect([...roles!.querySelectorAll('.ant-tag')].map((t) => t.textContent)).toEqual(['Support', 'Support', 'Audit']);
      expect(history.textContent).not.toMatch(/parentId|betLimits|narrowedBelow|#\d/);
      fireEvent.click(within(history).getByTestId('log-raw-41'));
      const raw = await screen.findByTestId('log-raw', {}, { timeout: 5000 });
      expect(JSON.parse(within(raw).getByTestId('log-raw-after').textContent!)).toEqual({
        parentId: 3,
        parentAccountNo: 'agentA02',
        lvl: 2,
      });
      fireEvent.keyDown(raw, { key: 'Escape' });
      // The account link opens that agent's level; the drawer closes to show it.
      fireEvent.click(within(moved!).getByText('agentA02'));
      await waitFor(() => expect(new URLSearchParams(window.location.search).get('parent')).toBe('3'));
      await waitFor(() => expect(screen.queryByTestId('history')).toBeNull());
    },
  );

  it('a shadow sees the tables without any create or edit control', async () => {
    user = { ...ADMIN, id: 3, accountNo: 'shadow00', isShadow: true, permission: { permissions: [] } };
    await startApp('/member/index');
    await screen.findByTestId('agent-open-agentA01', {}, { timeout: 5000 });
    expect(screen.queryByTestId('create-agent')).toBeNull();
    expect(screen.queryAllByTestId(/^action-edit-/)).toHaveLength(0);
    expect(screen.getByTestId('member-page').getAttribute('data-write')).toBe('no');
    fireEvent.click(screen.getByTestId('tab-players'));
    await screen.findByTestId('player-player294', {}, { timeout: 5000 });
    expect(screen.queryByTestId('create-player')).toBeNull();
  });

  it('a fully read-only user has no write controls either', async () => {
    user = { ...ADMIN, isFullReadonly: true };
    await startApp('/member/index');
    await screen.findByTestId('agent-open-agentA01', {}, { timeout: 5000 });
    expect(screen.queryByTestId('create-agent')).toBeNull();
  });

  it('drilling into an agent puts it in the URL and lists its children', async () => {
    await startApp('/member/index');
    fireEvent.click(await screen.findByTestId('agent-open-agentA01', {}, { timeout: 5000 }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('parent')).toBe('2'));
    await waitFor(() =>
      expect(bodies['/api/manage/agent/lower_agents']?.some((b) => (b as { parentId?: number }).parentId === 2)).toBe(true),
    );
    expect(bodies['/api/manage/userinfo']?.some((b) => (b as { id?: number } | undefined)?.id === 2)).toBe(true);
  });

  it('a viewed agent’s ratio and bet limits come from one agent/limits request', async () => {
    user = { ...ADMIN, lvl: 0 };
    await startApp('/member/index?parent=2');
    await screen.findByText('Share 90.00%', {}, { timeout: 5000 });
    expect(bodies['/api/manage/agent/limits']).toEqual([{ id: 2 }]);
    // No listing of the level's own row to learn them.
    expect(bodies['/api/manage/agent/lower_agents']?.every((b) => (b as { parentId?: number }).parentId === 2)).toBe(true);
  });

  it('the agent wizard will not leave a step with invalid fields', async () => {
    await startApp('/member/index');
    fireEvent.click(await screen.findByTestId('create-agent', {}, { timeout: 5000 }));
    const accountNo = (await screen.findByTestId('wizard-accountNo', {}, { timeout: 5000 })) as HTMLInputElement;
    await waitFor(() => expect(accountNo.value).toBe('ag12345678'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('wizard-next'));
    });
    expect(await screen.findByText('Please enter a nickname', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('wizard').getAttribute('data-step')).toBe('0');

    fireEvent.change(screen.getByTestId('wizard-nickName'), { target: { value: 'New agent' } });
    // The password field is named for assistive technology, not only by the label over its row.
    expect(screen.getByLabelText('Password', { selector: 'input' })).toBe(screen.getByTestId('wizard-password'));
    fireEvent.change(screen.getByTestId('wizard-password'), { target: { value: 'Abcdefg12' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('wizard-next'));
    });
    await waitFor(() => expect(screen.getByTestId('wizard').getAttribute('data-step')).toBe('1'));

    fireEvent.change(screen.getByTestId('wizard-ratio'), { target: { value: '100.5' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('wizard-next'));
    });
    expect(await screen.findByText('The ratio cannot exceed 100', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(screen.getByTestId('wizard-ratio'), { target: { value: '12.345' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('wizard-next'));
    });
    expect(await screen.findByText('The ratio is 0–100 with at most two decimals', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('wizard').getAttribute('data-step')).toBe('1');
    fireEvent.change(screen.getByTestId('wizard-ratio'), { target: { value: '40' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('wizard-next'));
    });
    await waitFor(() => expect(screen.getByTestId('wizard').getAttribute('data-step')).toBe('2'));
    expect(await screen.findByTestId('wizard-provider-PG', {}, { timeout: 5000 })).toBeTruthy();

    // Every allowed provider and limit is preselected; the review shows what will be sent.
    await act(async () => {
      fireEvent.click(screen.getByTestId('wizard-next'));
    });
    const limitA = await screen.findByTestId('wizard-betlimit-A', {}, { timeout: 5000 });
    expect(((limitA.tagName === 'INPUT' ? limitA : limitA.querySelector('input')) as HTMLInputElement).checked).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByTestId('wizard-next'));
    });
    const review = await screen.findByTestId('wizard-review', {}, { timeout: 5000 });
    expect(review.textContent).toContain('ag12345678');
    expect(review.textContent).toContain('New agent');
    expect(review.textContent).toContain('40%');
    expect(review.textContent).toContain('PG Soft');
    await act(async () => {
      fireEvent.click(screen.getByTestId('wizard-submit'));
    });
    // The server's refusal stays in the review step.
    expect((await screen.findByTestId('wizard-error', {}, { timeout: 5000 })).textContent).toContain('not found');
    expect(bodies['/api/manage/agent/create']).toEqual([
      { accountNo: 'ag12345678', nickName: 'New agent', password: 'Abcdefg12', ratio: '40', providers: ['PG'], betLimits: ['A'] },
    ]);
  });
});
