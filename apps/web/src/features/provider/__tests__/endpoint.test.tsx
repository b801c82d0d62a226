import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProviderList, ProviderRow } from '@agent-bo/shared';
import { adminUser } from '../../../test/fixtures';
import { envelope, findTestId, setUpStubbedApp } from '../../../test/app-harness';

const row = (code: string, name: string, endpoint: string | null): ProviderRow => ({
  code,
  name,
  status: 'ACTIVE',
  offered: true,
  secretSet: true,
  secretRotatedAt: '2026-11-20 12:00:00',
  enabledPlayers: 3,
  endpoint,
});

let providers: ProviderRow[] = [];
let abilities: ProviderList['abilities'] = { maintain: true, offer: true, reconcile: false };
let calls: { path: string; body: Record<string, unknown> | undefined }[] = [];

setUpStubbedApp({
  signedIn: true,
  reset: () => {
    providers = [row('EVO', 'Evolution', 'https://evo.example.com/merchant'), row('SABA', 'SABA Sports', null)];
    abilities = { maintain: true, offer: true, reconcile: false };
    calls = [];
  },
  server: (path, init) => {
    const url = new URL(path, 'http://localhost');
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ path: url.pathname, body });
    switch (url.pathname) {
      case '/api/manage/userinfo':
        return envelope(adminUser());
      case '/api/getPermCode':
        return envelope(['PROVIDER_MAINTAIN', 'SITE_PROVIDER']);
      case '/api/manage/provider/list':
        // As the server: the endpoint only to callers who may maintain.
        return envelope({
          providers: abilities.maintain ? providers : providers.map(({ endpoint: _hidden, ...rest }) => rest),
          abilities,
        });
      case '/api/manage/provider/change_endpoint': {
        const endpoint = body!.endpoint as string | null;
        providers.find((p) => p.code === body!.code)!.endpoint = endpoint || null;
        return envelope(null);
      }
      default:
        return envelope(null, 404, 'not found', 404);
    }
  },
});

const writes = () => calls.filter((c) => c.path === '/api/manage/provider/change_endpoint');

async function start() {
  const { startApp } = await import('../../../test/app-harness');
  await startApp('/provider/index');
  await findTestId('provider-page');
  return within(await findTestId('provider-table')).findByTestId('provider-row-EVO', {}, { timeout: 5000 });
}

async function click(el: HTMLElement) {
  await act(async () => {
    fireEvent.click(el);
  });
}

async function typeAndSave(value: string) {
  const input = within(await findTestId('provider-endpoint-modal')).getByTestId('provider-endpoint-input');
  fireEvent.change(input, { target: { value } });
  await click(screen.getByTestId('provider-endpoint-save'));
}

describe('provider endpoint', { timeout: 20_000 }, () => {
  it('shows each provider’s endpoint, or that none is set, with an edit action', async () => {
    const evo = await start();
    expect(within(evo).getByTestId('provider-endpoint-EVO').textContent).toBe('https://evo.example.com/merchant');
    expect(screen.getByTestId('provider-endpoint-SABA').textContent).toBe('Not set');
    // Under the secret, in one merchant-account column.
    expect(screen.getByRole('columnheader', { name: 'Merchant account' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Shared secret' })).toBeNull();
    expect(screen.getByTestId('provider-endpoint-edit-SABA').getAttribute('aria-label')).toBe('Edit the endpoint of SABA');
  });

  it('refuses what the shared schema refuses before asking the server, then saves the trimmed URL and shows it', async () => {
    await start();
    await click(screen.getByTestId('provider-endpoint-edit-SABA'));
    const modal = await findTestId('provider-endpoint-modal');
    expect((within(modal).getByTestId('provider-endpoint-input') as HTMLInputElement).value).toBe('');
    // Nothing to remove yet.
    expect(screen.queryByTestId('provider-endpoint-clear')).toBeNull();

    for (const [value, message] of [
      ['', "Enter the provider's endpoint"],
      ['   ', "Enter the provider's endpoint"],
      ['ftp://saba.example.com', 'Enter a full address starting with http:// or https://'],
      ['saba.example.com/api', 'Enter a full address starting with http:// or https://'],
      ['https://merchant:pw@saba.example.com', 'The address may not contain a user name or password'],
      ['https://saba.example.com/api?key=1', 'The address may not contain a query (?) or a fragment (#)'],
      [`https://saba.example.com/${'x'.repeat(480)}`, 'The endpoint can have at most 500 characters'],
    ] as const) {
      await typeAndSave(value);
      expect(await within(modal).findByText(message, {}, { timeout: 5000 }), value).toBeTruthy();
    }
    expect(writes()).toHaveLength(0);

    await typeAndSave('  https://saba.example.com/api  ');
    await waitFor(() => expect(writes().map((c) => c.body)).toEqual([{ code: 'SABA', endpoint: 'https://saba.example.com/api' }]));
    await waitFor(() => expect(screen.queryByTestId('provider-endpoint-modal')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('provider-endpoint-SABA').textContent).toBe('https://saba.example.com/api'));
  });

  it('edits a set endpoint starting from its value, and removes it with its own button', async () => {
    await start();
    await click(screen.getByTestId('provider-endpoint-edit-EVO'));
    const modal = await findTestId('provider-endpoint-modal');
    expect((within(modal).getByTestId('provider-endpoint-input') as HTMLInputElement).value).toBe('https://evo.example.com/merchant');
    expect(modal.textContent).toContain('pull-backs from this provider are refused');
    await click(screen.getByTestId('provider-endpoint-clear'));
    await waitFor(() => expect(writes().map((c) => c.body)).toEqual([{ code: 'EVO', endpoint: null }]));
    await waitFor(() => expect(screen.getByTestId('provider-endpoint-EVO').textContent).toBe('Not set'));
  });

  it('is hidden from a caller who may not maintain the providers', async () => {
    abilities = { maintain: false, offer: true, reconcile: false };
    await start();
    expect(screen.queryByRole('columnheader', { name: 'Merchant account' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Shared secret' })).toBeTruthy();
    expect(screen.queryByTestId('provider-endpoint-EVO')).toBeNull();
    expect(screen.queryByTestId('provider-endpoint-edit-EVO')).toBeNull();
    expect(screen.queryByTestId('provider-endpoint-edit-SABA')).toBeNull();
  });
});
