import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutboxMessage, UserInfo } from '@agent-bo/shared';
import { adminUser } from '../../../test/fixtures';
import { envelope, findTestId, setUpStubbedApp, startApp } from '../../../test/app-harness';

const MESSAGES: OutboxMessage[] = [
  {
    id: 12,
    channel: 'sms',
    destination: '+886912000222',
    accountNo: 'agentB04',
    subject: null,
    body: 'Your code is 123456 (valid 5 minutes); it confirms this contact for your account.',
    createdAt: '2026-12-03 12:00:05',
  },
  {
    id: 11,
    channel: 'email',
    destination: 'b04@example.com',
    accountNo: null,
    subject: 'Your password reset code',
    body: 'Your password reset code is 654321 (valid 5 minutes).',
    createdAt: '2026-12-03 11:59:00',
  },
];

let user: UserInfo;
let bodies: unknown[];

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(user);
    case '/api/getPermCode':
      return envelope([]);
    case '/api/manage/outbox/list': {
      const body = JSON.parse(String(init.body)) as { page: number; pageSize: number };
      bodies.push(body);
      return envelope({ page: body.page, pageSize: body.pageSize, total: 31, list: MESSAGES });
    }
    default:
      return envelope(null);
  }
}

setUpStubbedApp({
  signedIn: true,
  server,
  reset: () => {
    user = adminUser();
    bodies = [];
  },
});

/** The texts of the table's data cells, row by row. */
const rows = () =>
  [...screen.getByTestId('outbox-table').querySelectorAll('tbody tr.ant-table-row')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );

describe('outbox', { timeout: 20_000 }, () => {
  it('shows the site admin what the demo driver kept, newest first, paged by the server, with a note on what it is', async () => {
    await startApp('/outbox');
    await findTestId('outbox-table');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toEqual([
      '2026-12-03 12:00:05',
      'Text message',
      '+886912000222',
      'agentB04',
      '—',
      'Your code is 123456 (valid 5 minutes); it confirms this contact for your account.',
    ]);
    // An e-mail has a subject; a message with no account says so.
    expect(rows()[1]).toEqual([
      '2026-12-03 11:59:00',
      'E-mail',
      'b04@example.com',
      '—',
      'Your password reset code',
      'Your password reset code is 654321 (valid 5 minutes).',
    ]);
    expect(screen.getByTestId('outbox-note').textContent).toContain('demo’s message driver');
    expect(screen.getByTestId('outbox-page').textContent).toContain('31 in total');
    expect(bodies[0]).toEqual({ page: 1, pageSize: 10 });

    // The next page is the server's.
    fireEvent.click(within(screen.getByTestId('outbox-page')).getByTitle('2'));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ page: 2, pageSize: 10 }));
  });

  it('is reached from the admin’s user menu', async () => {
    await startApp('/about');
    await findTestId('app-header');
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await findTestId('outbox-open'));
    await findTestId('outbox-table');
    expect(window.location.pathname).toBe('/outbox');
  });

  it.each([
    ['a lower agent', { id: 5, lvl: 1, accountNo: 'agentA01' }],
    ['a shadow of the admin', { id: 9, lvl: 0, accountNo: 'shadow00', isShadow: true }],
  ])('is not offered to %s, and its address asks the server nothing', async (_who, who) => {
    user = adminUser(who);
    await startApp('/about');
    await findTestId('app-header');
    fireEvent.click(screen.getByTestId('user-menu'));
    await findTestId('about-page');
    expect(screen.queryByTestId('outbox-open')).toBeNull();

    window.history.pushState(null, '', '/outbox');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect((await findTestId('outbox-admin-only')).textContent).toContain('Only the site’s admin can read the outbox');
    expect(screen.queryByTestId('outbox-table')).toBeNull();
    expect(bodies).toEqual([]);
  });
});
