import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProviderList, ProviderRow } from '@agent-bo/shared';
import { adminUser } from '../../../test/fixtures';
import { envelope, findTestId, setUpStubbedApp } from '../../../test/app-harness';

const SECRET = 'ab'.repeat(32);

const row = (code: string, name: string, over: Partial<ProviderRow> = {}): ProviderRow => ({
  code,
  name,
  status: 'ACTIVE',
  offered: true,
  secretSet: true,
  secretRotatedAt: '2026-11-20 12:00:00',
  enabledPlayers: 120,
  ...over,
});

let providers: ProviderRow[] = [];
let abilities: ProviderList['abilities'] = { maintain: true, offer: true, reconcile: false };
let calls: { path: string; body: Record<string, unknown> | undefined }[] = [];
/** While set, the list answers only once it settles (a slow reload). */
let listHeld: Promise<void> | null = null;

setUpStubbedApp({
  signedIn: true,
  reset: () => {
    providers = [
      row('EVO', 'Evolution', { enabledPlayers: 1234 }),
      row('KY', 'Kaiyuan', { status: 'MAINTAIN' }),
      row('SABA', 'SABA Sports', { secretSet: false, secretRotatedAt: null }),
    ];
    abilities = { maintain: true, offer: true, reconcile: false };
    calls = [];
    listHeld = null;
  },
  server: (path, init) => {
    const url = new URL(path, 'http://localhost');
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ path: url.pathname, body });
    const find = () => providers.find((p) => p.code === body?.code)!;
    switch (url.pathname) {
      case '/api/manage/userinfo':
        return envelope(adminUser());
      case '/api/getPermCode':
        return envelope(['PROVIDER_MAINTAIN', 'SITE_PROVIDER']);
      case '/api/manage/provider/list':
        return listHeld ? listHeld.then(() => envelope({ providers, abilities })) : envelope({ providers, abilities });
      case '/api/manage/provider/change_status':
        find().status = body!.status as ProviderRow['status'];
        return envelope(null);
      case '/api/manage/provider/set_site_offering':
        find().offered = body!.offered as boolean;
        return envelope(null);
      case '/api/manage/provider/reconciliation':
        return envelope({
          code: body!.code,
          date: body!.date,
          from: `${String(body!.date)} 12:00:00`,
          to: 'next 12:00:00',
          ours: { count: 2, out: '10.00', in: '0.00', pullBack: '3.00' },
          theirs: { count: 1, out: '10.00', in: '0.00', pullBack: '0.00' },
          providerError: null,
          differences: [
            {
              transactionId: 'pb-1',
              type: 'PULL_BACK',
              difference: 'MISSING_AT_PROVIDER',
              playerAccountNo: 'player001',
              ours: '3.00',
              theirs: null,
              at: '2026-11-20 13:00:00',
            },
          ],
          held: [
            { transactionId: 'in-9', playerAccountNo: 'player002', amount: '50.00', position: '20.00', createdAt: '2026-11-20 14:00:00' },
          ],
          pending: [],
        });
      case '/api/manage/provider/rotate_secret':
        Object.assign(find(), { secretSet: true, secretRotatedAt: '2026-11-21 17:00:00' });
        return envelope({ code: body!.code, secret: SECRET, secretRotatedAt: '2026-11-21 17:00:00' });
      default:
        return envelope(null, 404, 'not found', 404);
    }
  },
});

const writes = (name: string) => calls.filter((c) => c.path === `/api/manage/provider/${name}`);

async function start() {
  const { startApp } = await import('../../../test/app-harness');
  await startApp('/provider/index');
  await findTestId('provider-page');
  return within(await findTestId('provider-table')).findByTestId('provider-row-KY', {}, { timeout: 5000 });
}

/** Opens an antd Select and picks the option with this test id. */
async function pick(select: HTMLElement, optionTestId: string) {
  const trigger = select.querySelector('.ant-select-selector') ?? select.querySelector('[role="combobox"]') ?? select;
  await act(async () => {
    fireEvent.mouseDown(trigger);
  });
  const options = await screen.findAllByTestId(optionTestId);
  await act(async () => {
    fireEvent.click(options[options.length - 1]!);
  });
}

async function okOf(testId: string) {
  const ok = await findTestId(testId);
  await act(async () => {
    fireEvent.click(ok);
  });
}

describe('provider page', { timeout: 20_000 }, () => {
  it('lists every provider with status, offering, enabled players and whether a secret is set — never a secret', async () => {
    const ky = await start();
    expect(within(ky).getByTestId('provider-status-KY').textContent).toBe('Maintenance');
    expect(screen.getByTestId('provider-status-EVO').textContent).toBe('Active');
    expect(screen.getByTestId('provider-players-EVO').textContent).toBe('1,234');
    expect(screen.getByTestId('provider-secret-KY').textContent).toContain('Set');
    expect(screen.getByTestId('provider-secret-KY').textContent).toContain('2026-11-20 12:00:00');
    expect(screen.getByTestId('provider-secret-SABA').getAttribute('data-set')).toBe('no');
    expect(screen.getByTestId('provider-rotate-SABA').textContent).toBe('Issue');
    expect(screen.getByTestId('provider-offered-EVO').getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByTestId('provider-readonly')).toBeNull();
  });

  it('changes a status only after the confirmation, then shows the new one', async () => {
    await start();
    await pick(screen.getByTestId('provider-status-select-KY'), 'provider-status-option-ACTIVE');
    const confirm = await findTestId('provider-status-confirm');
    expect(confirm.textContent).toContain('Maintenance');
    expect(confirm.textContent).toContain('this site only');
    expect(writes('change_status')).toHaveLength(0);
    await okOf('provider-status-ok');
    await waitFor(() => expect(writes('change_status').map((c) => c.body)).toEqual([{ code: 'KY', status: 'ACTIVE' }]));
    await waitFor(() => expect(screen.getByTestId('provider-status-KY').getAttribute('data-status')).toBe('ACTIVE'));
  });

  it('switching an offering off asks first; switching it on does not', async () => {
    await start();
    await act(async () => {
      fireEvent.click(screen.getByTestId('provider-offered-EVO'));
    });
    expect((await findTestId('provider-offering-confirm')).textContent).toContain('Players keep the provider');
    expect(writes('set_site_offering')).toHaveLength(0);
    await okOf('provider-offering-ok');
    await waitFor(() => expect(screen.getByTestId('provider-offered-EVO').getAttribute('aria-checked')).toBe('false'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('provider-offered-EVO'));
    });
    await waitFor(() => expect(screen.getByTestId('provider-offered-EVO').getAttribute('aria-checked')).toBe('true'));
    expect(writes('set_site_offering').map((c) => c.body)).toEqual([
      { code: 'EVO', offered: false },
      { code: 'EVO', offered: true },
    ]);
  });

  it('rotates a secret after the confirmation and shows it once, with copy; closed, it is gone', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await start();
    await act(async () => {
      fireEvent.click(screen.getByTestId('provider-rotate-KY'));
    });
    expect((await findTestId('provider-rotate-confirm')).textContent).toContain('stops working at once');
    await okOf('provider-rotate-ok');
    expect(writes('rotate_secret').map((c) => c.body)).toEqual([{ code: 'KY' }]);
    const modal = await findTestId('provider-secret-modal');
    expect(within(modal).getByTestId('provider-secret-value').textContent).toBe(SECRET);
    expect(modal.textContent).toContain('Shown only once');
    await act(async () => {
      fireEvent.click(within(modal).getByTestId('provider-secret-copy'));
    });
    expect(writeText).toHaveBeenCalledWith(SECRET);
    await act(async () => {
      fireEvent.click(within(modal).getByTestId('provider-secret-done'));
    });
    await waitFor(() => expect(screen.queryByTestId('provider-secret-value')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    await waitFor(() => expect(screen.getByTestId('provider-secret-KY').textContent).toContain('2026-11-21 17:00:00'));
  });

  it('shows the new secret as soon as the server answers, while the list is still reloading', async () => {
    await start();
    let release = () => {};
    listHeld = new Promise((resolve) => (release = resolve));
    await act(async () => {
      fireEvent.click(screen.getByTestId('provider-rotate-KY'));
    });
    await okOf('provider-rotate-ok');
    const modal = await findTestId('provider-secret-modal');
    expect(within(modal).getByTestId('provider-secret-value').textContent).toBe(SECRET);
    // The reload was asked for and is still out.
    expect(calls.filter((c) => c.path === '/api/manage/provider/list').length).toBeGreaterThan(1);
    expect(screen.getByTestId('provider-secret-KY').textContent).not.toContain('2026-11-21 17:00:00');
    await act(async () => {
      release();
    });
    await waitFor(() => expect(screen.getByTestId('provider-secret-KY').textContent).toContain('2026-11-21 17:00:00'));
  });

  it('offers the secret for copying by hand when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async () => {
          throw new Error('denied');
        },
      },
    });
    await start();
    await act(async () => {
      fireEvent.click(screen.getByTestId('provider-rotate-EVO'));
    });
    await okOf('provider-rotate-ok');
    await act(async () => {
      fireEvent.click(await findTestId('provider-secret-copy'));
    });
    expect(((await findTestId('manual-copy-text')) as HTMLTextAreaElement).value).toBe(SECRET);
  });

  it('without abilities shows the list read-only: no status select, no switch, no rotate button', async () => {
    abilities = { maintain: false, offer: false, reconcile: false };
    const ky = await start();
    expect(await findTestId('provider-readonly')).toBeTruthy();
    expect(within(ky).getByTestId('provider-status-KY').textContent).toBe('Maintenance');
    expect(screen.queryByTestId('provider-status-select-KY')).toBeNull();
    expect(screen.queryByTestId('provider-rotate-KY')).toBeNull();
    const offered = screen.getByTestId('provider-offered-EVO');
    expect(offered.getAttribute('role')).not.toBe('switch');
    expect(offered.textContent).toBe('Offered');
  });

  it('with only the offering ability: the switch but no status select or rotate button', async () => {
    abilities = { maintain: false, offer: true, reconcile: false };
    await start();
    expect(screen.getByTestId('provider-offered-KY').getAttribute('role')).toBe('switch');
    expect(screen.queryByTestId('provider-status-select-KY')).toBeNull();
    expect(screen.queryByTestId('provider-rotate-KY')).toBeNull();
    expect(screen.queryByTestId('provider-readonly')).toBeNull();
  });
});

describe('reconciliation', () => {
  it('is shown to whoever may read it, asks for the chosen provider and business day, and lists differences and held transfers', async () => {
    abilities = { maintain: true, offer: true, reconcile: true };
    await start();
    const card = await findTestId('provider-reconciliation');
    await act(async () => {
      fireEvent.click(within(card).getByTestId('reconciliation-run'));
    });
    await findTestId('reconciliation-result');
    const asked = writes('reconciliation');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toMatchObject({ code: 'EVO' });
    expect(String(asked[0]!.body!.date)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByTestId('reconciliation-difference-pb-1').textContent).toBe('Not at the provider');
    expect(within(screen.getByTestId('reconciliation-held')).getByText('in-9')).toBeTruthy();
  });

  it('is absent without the ability', async () => {
    await start();
    expect(screen.queryByTestId('provider-reconciliation')).toBeNull();
  });
});
