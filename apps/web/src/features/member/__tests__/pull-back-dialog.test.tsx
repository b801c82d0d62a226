import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerRow, UserInfo } from '@agent-bo/shared';
import { adminUser } from '../../../test/fixtures';
import { envelope, page, startApp, seedStorage, stubFetch } from '../../../test/app-harness';

const ADMIN: UserInfo = adminUser();

const PLAYER: PlayerRow = {
  isDisabled: false,
  isFullDisabled: false,
  isFullReadonly: false,
  inheritedFullDisabled: false,
  inheritedFullReadonly: false,
  disabledBy: null,
  fullDisabledBy: null,
  fullReadonlyBy: null,
  id: 9,
  parentId: 1,
  accountNo: 'player001',
  nickName: 'P',
  balance: '3.00',
  verifyStatus: 'VERIFIED',
  registered: false,
  providers: ['EVO', 'PG'],
  betLimits: [],
  createdAt: '2026-01-01 00:00:00',
  lastLoginAt: null,
};

const POSITIONS = {
  id: 9,
  accountNo: 'player001',
  balance: '3.00',
  positions: [
    { providerCode: 'EVO', providerName: 'Evolution', status: 'ACTIVE', position: '250.00' },
    { providerCode: 'PG', providerName: 'PG Soft', status: 'ACTIVE', position: '0.00' },
  ],
};

const RESULT = {
  transactionId: '88',
  kind: 'TRANSFER_IN',
  providerCode: 'EVO',
  amount: '250.00',
  player: { id: 9, accountNo: 'player001', balanceBefore: '3.00', balanceAfter: '253.00' },
  positionBefore: '250.00',
  positionAfter: '0.00',
  createdAt: '2026-11-21 14:00:00',
  replayed: false,
};

let codes: string[];
type Call = { key: string | undefined; body: Record<string, unknown> };
let calls: Call[];
let positionReads: string[];
/** What the positions answer says awaits the provider at EVO (undefined: the field is absent). */
let evoPending: string | undefined;
/** What the next transfer_back calls answer, in order: 'network' throws, otherwise a Response. */
let answers: ('network' | Response)[];

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(ADMIN);
    case '/api/getPermCode':
      return envelope(codes);
    case '/api/manage/dashboard/overview':
      return envelope({
        accountNo: 'admin001',
        nickName: 'A',
        lvl: 0,
        isShadow: false,
        balance: '-1000.00',
        directAgents: 0,
        directPlayers: 1,
        subtreeAgents: 0,
        subtreePlayers: 1,
        lastLoginAt: null,
        lastLoginIp: null,
      });
    case '/api/manage/agent/lower_agents':
      return page([]);
    case '/api/manage/player/list':
      return page([PLAYER]);
    case '/api/manage/shadow/list':
      return page([]);
    case '/api/manage/player/provider_positions':
      positionReads.push(url.searchParams.get('id') ?? '');
      return envelope({
        ...POSITIONS,
        positions: POSITIONS.positions.map((p) =>
          p.providerCode === 'EVO' ? (evoPending === undefined ? p : { ...p, pending: evoPending }) : { ...p, pending: '0.00' },
        ),
      });
    case '/api/manage/player/transfer_back': {
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ key: headers['Idempotency-Key'], body: JSON.parse(String(init.body)) as Record<string, unknown> });
      const answer = answers.shift() ?? envelope(RESULT);
      if (answer === 'network') throw new TypeError('Failed to fetch');
      return answer;
    }
    default:
      return envelope(null, 404, 'not found', 404);
  }
}

beforeEach(() => {
  vi.resetModules();
  seedStorage({ signedIn: true });
  codes = ['OPERATION_TRANSFER'];
  calls = [];
  positionReads = [];
  answers = [];
  evoPending = undefined;
  stubFetch(server);
});

afterEach(() => {
  cleanup();
  vi.stubGlobal('fetch', undefined);
});

async function openMenu() {
  await startApp('/member/index');
  fireEvent.click(await screen.findByTestId('tab-players', {}, { timeout: 5000 }));
  fireEvent.click(await screen.findByTestId('action-more-player001', {}, { timeout: 5000 }));
}

async function openDialog() {
  await openMenu();
  fireEvent.click(await screen.findByTestId('menu-pull-back', {}, { timeout: 5000 }));
  await screen.findByTestId('pull-back-dialog', {}, { timeout: 5000 });
  await waitFor(() => expect(screen.getByTestId('pull-back-position').getAttribute('data-value')).toBe('250.00'));
}

describe('pull back from provider', { timeout: 20_000 }, () => {
  it('is offered only to a writer holding OPERATION_TRANSFER', async () => {
    codes = ['MOVE_USER'];
    await openMenu();
    await screen.findByTestId('menu-history', {}, { timeout: 5000 });
    expect(screen.queryByTestId('menu-pull-back')).toBeNull();
  });

  it('shows the outstanding position, refuses more than it before asking, and sends the amount with one key per opening', async () => {
    await openDialog();
    expect(positionReads).toEqual(['9']);
    expect(screen.getByTestId('pull-back-balance').textContent).toContain('3.00');

    fireEvent.change(screen.getByTestId('pull-back-amount'), { target: { value: '250.01' } });
    fireEvent.click(screen.getByTestId('pull-back-confirm'));
    expect(
      await screen.findByText('The amount is more than the player has outstanding at this provider', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(calls).toHaveLength(0);

    // "All" fills the position; a lost answer is retried with the same key.
    fireEvent.click(screen.getByTestId('pull-back-all'));
    expect((screen.getByTestId('pull-back-amount') as HTMLInputElement).value).toBe('250.00');
    answers = ['network'];
    await act(async () => {
      fireEvent.click(screen.getByTestId('pull-back-confirm'));
    });
    await screen.findByTestId('pull-back-error', {}, { timeout: 5000 });
    await act(async () => {
      fireEvent.click(screen.getByTestId('pull-back-confirm'));
    });
    await screen.findByTestId('pull-back-success', {}, { timeout: 5000 });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.body).toEqual({ id: 9, providerCode: 'EVO', amount: '250.00' });
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[1]!.key).toBe(calls[0]!.key);
    expect(screen.getByTestId('pull-back-success').textContent).toContain('253.00');

    // A new opening gets a new key.
    fireEvent.click(screen.getByTestId('pull-back-close'));
    await waitFor(() => expect(screen.queryByTestId('pull-back-dialog')).toBeNull());
    fireEvent.click(screen.getByTestId('action-more-player001'));
    fireEvent.click(await screen.findByTestId('menu-pull-back', {}, { timeout: 5000 }));
    await waitFor(() => expect(screen.getByTestId('pull-back-position').getAttribute('data-value')).toBe('250.00'));
    fireEvent.change(screen.getByTestId('pull-back-amount'), { target: { value: '1' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('pull-back-confirm'));
    });
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.body).toEqual({ id: 9, providerCode: 'EVO', amount: '1.00' });
    expect(calls[2]!.key).not.toBe(calls[0]!.key);
  });

  it('shows the server’s refusal inline and takes a new key for the next try', async () => {
    await openDialog();
    fireEvent.change(screen.getByTestId('pull-back-amount'), { target: { value: '10' } });
    answers = [envelope(null, 3008, 'The amount is more than the player has outstanding at this provider', 400)];
    await act(async () => {
      fireEvent.click(screen.getByTestId('pull-back-confirm'));
    });
    expect((await screen.findByTestId('pull-back-error', {}, { timeout: 5000 })).textContent).toContain('outstanding');
    await act(async () => {
      fireEvent.click(screen.getByTestId('pull-back-confirm'));
    });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.key).not.toBe(calls[0]!.key);
  });

  it('shows what awaits the provider next to the position; PULL_BACK_PENDING is a warning, and the resend is the same request', async () => {
    evoPending = '10.00';
    await openDialog();
    expect(screen.getByTestId('pull-back-pending').getAttribute('data-value')).toBe('10.00');
    expect(screen.getByTestId('pull-back-pending').textContent).toBe('(awaiting the provider: 10.00)');
    expect(screen.getByTestId('pull-back-provider').textContent).toContain('250.00 outstanding · awaiting the provider: 10.00');

    // The provider does not confirm: nothing was credited, the amount is reserved.
    fireEvent.change(screen.getByTestId('pull-back-amount'), { target: { value: '20' } });
    answers = [
      envelope(null, 4015, 'The provider has not confirmed the pull-back yet and nothing was credited; retry the same request later', 502),
    ];
    await act(async () => {
      evoPending = '30.00';
      fireEvent.click(screen.getByTestId('pull-back-confirm'));
    });
    const warning = await screen.findByTestId('pull-back-awaiting', {}, { timeout: 5000 });
    expect(warning.className).toContain('ant-alert-warning');
    expect(warning.textContent).toContain('completes when the provider confirms');
    expect(warning.textContent).toContain('resends the same request');
    expect(screen.queryByTestId('pull-back-error')).toBeNull();
    expect(screen.queryByTestId('pull-back-success')).toBeNull();
    // The positions are read again and show the reservation.
    await waitFor(() => expect(screen.getByTestId('pull-back-pending').getAttribute('data-value')).toBe('30.00'));
    expect(positionReads).toHaveLength(2);

    // Sending it again is the same request (same key); the provider confirms this time.
    await act(async () => {
      fireEvent.click(screen.getByTestId('pull-back-confirm'));
    });
    await screen.findByTestId('pull-back-success', {}, { timeout: 5000 });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual({ id: 9, providerCode: 'EVO', amount: '20.00' });
    expect(calls[1]!.key).toBe(calls[0]!.key);
    expect(screen.queryByTestId('pull-back-awaiting')).toBeNull();
  });

  it('shows nothing awaiting when the answer has no pending amount or zero', async () => {
    await openDialog();
    expect(screen.queryByTestId('pull-back-pending')).toBeNull();
    expect(screen.getByTestId('pull-back-provider').textContent).not.toContain('awaiting');
  });
});
