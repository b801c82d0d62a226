import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddressListPicture } from '@agent-bo/shared';
import { initI18n } from '../../../lib/i18n';
import { useLocaleStore } from '../../../stores/locale-store';
import { envelope, stubFetch } from '../../../test/app-harness';
import { AddressListDrawer } from '../components/address-list-drawer';
import { parseEntries, tooManyEntries } from '../address-list';

/**
 * An agent's address list: the lists above it read-only with who set them, its own list as one
 * entry per line, the caller's own address as a hint, and the server's refusal of an entry on the field.
 */

const PICTURE: AddressListPicture = {
  id: 12,
  accountNo: 'agentC02',
  above: [
    {
      accountId: 3,
      accountNo: 'agentA01',
      cidrs: ['203.0.113.0/24', '2001:db8::/32'],
      updatedBy: 'admin001',
      updatedAt: '2026-12-03 10:00:00',
    },
  ],
  own: { accountId: 12, accountNo: 'agentC02', cidrs: ['203.0.113.7/32'], updatedBy: 'agentA01', updatedAt: '2026-12-03 11:00:00' },
  callerAddress: '198.51.100.4',
};

let calls: { path: string; body: unknown }[];
let onChange: (body: { id: number; cidrs: string[] }) => Response;

beforeAll(() => {
  initI18n('en');
});

beforeEach(() => {
  useLocaleStore.getState().setLocale('en');
  calls = [];
  onChange = (body) => envelope({ ...PICTURE, own: body.cidrs.length ? { ...PICTURE.own!, cidrs: body.cidrs } : null });
  stubFetch((path, init) => {
    const url = new URL(path, 'http://localhost');
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path: url.pathname, body });
    if (url.pathname === '/api/manage/agent/address_list') return envelope(PICTURE);
    if (url.pathname === '/api/manage/agent/change_address_list') return onChange(body);
    return envelope(null, 404, 'not found', 404);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <AddressListDrawer target={{ id: 12, accountNo: 'agentC02' }} kind="agent" onClose={() => undefined} />
      </AntApp>
    </QueryClientProvider>,
  );
}

const entries = () => screen.getByTestId('address-list-entries') as HTMLTextAreaElement;

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByTestId('address-list-save'));
  });
}

describe('the address list drawer', () => {
  it('shows the lists above with who set them, the own list one per line, and the caller address', async () => {
    open();
    const above = await screen.findByTestId('address-list-above-agentA01', {}, { timeout: 5000 });
    expect(above.textContent).toContain('On agentA01, set by admin001 at 2026-12-03 10:00:00');
    expect(within(above).getByText('203.0.113.0/24')).toBeTruthy();
    expect(within(above).getByText('2001:db8::/32')).toBeTruthy();
    expect(screen.getByTestId('address-list-your-address').textContent).toContain('198.51.100.4');
    expect(entries().value).toBe('203.0.113.7/32');
    expect(screen.getByTestId('address-list-own-state').textContent).toBe('Last set by agentA01 at 2026-12-03 11:00:00');
    expect(calls[0]).toEqual({ path: '/api/manage/agent/address_list', body: { id: 12 } });
  });

  it('sends the typed entries; an empty field removes the own list', async () => {
    open();
    await screen.findByTestId('address-list-above-agentA01', {}, { timeout: 5000 });
    fireEvent.change(entries(), { target: { value: '203.0.113.7\n\n  10.0.0.0/8, 2001:db8::1 ' } });
    await save();
    await vi.waitFor(() => expect(calls.at(-1)?.path).toBe('/api/manage/agent/change_address_list'));
    expect(calls.at(-1)!.body).toEqual({ id: 12, cidrs: ['203.0.113.7', '10.0.0.0/8', '2001:db8::1'] });

    fireEvent.change(entries(), { target: { value: '' } });
    await save();
    await vi.waitFor(() => expect(calls.at(-1)!.body).toEqual({ id: 12, cidrs: [] }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('address-list-own-state').textContent).toBe('No list of its own: the lists above apply.'),
    );
  });

  it("shows the server's refusal of an entry on the field, and clears it when the field changes", async () => {
    onChange = () => envelope(null, 2015, 'The address list holds an entry that is not an IPv4 or IPv6 address or block: office', 400);
    open();
    await screen.findByTestId('address-list-above-agentA01', {}, { timeout: 5000 });
    fireEvent.change(entries(), { target: { value: 'office' } });
    await save();
    const error = await screen.findByTestId('address-list-error');
    expect(error.textContent).toBe('The address list holds an entry that is not an IPv4 or IPv6 address or block: office');
    fireEvent.change(entries(), { target: { value: '203.0.113.9' } });
    await vi.waitFor(() => expect(screen.queryByTestId('address-list-error')).toBeNull());
  });

  it('refuses more than fifty entries before asking the server', async () => {
    open();
    await screen.findByTestId('address-list-above-agentA01', {}, { timeout: 5000 });
    fireEvent.change(entries(), { target: { value: Array.from({ length: 51 }, (_, i) => `10.0.0.${i}`).join('\n') } });
    await save();
    expect(await screen.findByText('At most 50 addresses or blocks')).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('change_address_list'))).toEqual([]);
  });
});

describe('the typed list', () => {
  it('reads one entry per line, commas, semicolons and spaces separating too', () => {
    expect(parseEntries(' 203.0.113.7 \n\n10.0.0.0/8,2001:db8::1; 192.0.2.1\t192.0.2.2\r\n')).toEqual([
      '203.0.113.7',
      '10.0.0.0/8',
      '2001:db8::1',
      '192.0.2.1',
      '192.0.2.2',
    ]);
    expect(parseEntries('   ')).toEqual([]);
    expect(tooManyEntries(Array.from({ length: 50 }, () => '10.0.0.1').join('\n'))).toBe(false);
    expect(tooManyEntries(Array.from({ length: 51 }, () => '10.0.0.1').join('\n'))).toBe(true);
  });
});
