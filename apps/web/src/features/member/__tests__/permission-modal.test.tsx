import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@agent-bo/shared';
import { initI18n } from '../../../lib/i18n';
import { useLocaleStore } from '../../../stores/locale-store';
import { adminUser } from '../../../test/fixtures';
import { envelope, stubFetch } from '../../../test/app-harness';
import { PermissionModal } from '../components/dialogs/permission-modal';

/**
 * The permission form of an agent: its roles and the codes in effect come from `userinfo {id}`
 * (roles ∪ own grant, within the upper agent's codes); the own grant stays the editable part.
 */

const AGENT: UserInfo = adminUser({
  id: 7,
  lvl: 2,
  accountNo: 'agentB01',
  roles: ['agent'],
  assignedRoles: [
    { id: 3, name: { zh_TW: '財務', en: 'Finance', th: 'การเงิน', vi: 'Tài chính' } },
    { id: 4, name: { zh_TW: '內容編輯', en: 'Content editor', th: 'ผู้แก้ไขเนื้อหา', vi: 'Biên tập nội dung' } },
  ],
  permission: { permissions: [{ code: 'OPERATION_TRANSFER' }, { code: 'ACTIVITY_READ' }, { code: 'MOVE_USER' }] },
});

let answer: () => Response;
let calls: { path: string; body: unknown }[];

beforeAll(() => {
  initI18n('en');
});

beforeEach(() => {
  useLocaleStore.getState().setLocale('en');
  calls = [];
  answer = () => envelope(AGENT);
  stubFetch((path, init) => {
    const url = new URL(path, 'http://localhost');
    calls.push({ path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url.pathname === '/api/manage/userinfo') return answer();
    if (url.pathname === '/api/manage/agent/change_permissions') return envelope(null);
    return envelope(null, 404, 'not found', 404);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The checkbox of a code in the own grant (antd puts the test id on the input or its wrapper). */
function box(code: string): HTMLInputElement {
  const el = screen.getByTestId(`permission-${code}`);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')!) as HTMLInputElement;
}

function open(onClose = () => undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <PermissionModal
          target={{ id: 7, accountNo: 'agentB01' }}
          kind="agent"
          current={['MOVE_USER']}
          held={['MOVE_USER', 'ACTIVITY_READ']}
          onClose={onClose}
        />
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('the permission form', () => {
  it("shows the account's roles, its own grant and the codes in effect", async () => {
    open();
    const roles = await screen.findByTestId('permissions-roles', {}, { timeout: 5000 });
    expect(calls).toContainEqual({ path: '/api/manage/userinfo', body: { id: 7 } });
    expect(within(roles).getByTestId('permissions-role-3').textContent).toBe('Finance');
    expect(within(roles).getByTestId('permissions-role-4').textContent).toBe('Content editor');

    // The own grant: checked as given, editable.
    const own = box('MOVE_USER');
    expect(own.checked).toBe(true);
    expect(box('ACTIVITY_READ').checked).toBe(false);

    // In effect: read-only tags, the roles' codes included.
    const effective = screen.getByTestId('permissions-effective');
    expect(effective.querySelectorAll('input')).toHaveLength(0);
    for (const code of ['OPERATION_TRANSFER', 'ACTIVITY_READ', 'MOVE_USER'])
      expect(within(effective).getByTestId(`permissions-effective-${code}`)).toBeTruthy();
    expect(screen.getByText('Permissions in effect')).toBeTruthy();
    expect(screen.getByText('Own grant')).toBeTruthy();

    // Saving sends the own grant only.
    await act(async () => {
      fireEvent.click(box('ACTIVITY_READ'));
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('permissions-save'));
    });
    expect(calls.find((c) => c.path === '/api/manage/agent/change_permissions')?.body).toEqual({
      id: 7,
      permissions: ['MOVE_USER', 'ACTIVITY_READ'],
    });
  });

  it('names the roles in the chosen language, and says when there are none', async () => {
    useLocaleStore.getState().setLocale('th');
    answer = () => envelope({ ...AGENT, assignedRoles: [AGENT.assignedRoles![0]] });
    open();
    expect((await screen.findByTestId('permissions-role-3', {}, { timeout: 5000 })).textContent).toBe('การเงิน');

    cleanup();
    useLocaleStore.getState().setLocale('en');
    answer = () => envelope({ ...AGENT, assignedRoles: [], permission: { permissions: [] } });
    open();
    expect((await screen.findByTestId('permissions-roles', {}, { timeout: 5000 })).textContent).toBe('No role assigned');
    expect(screen.getByTestId('permissions-effective').textContent).toBe('No permission in effect');
  });

  it('keeps the grant editable when the roles cannot be loaded', async () => {
    answer = () => envelope(null, 1005, 'Account not found', 400);
    open();
    expect(await screen.findByTestId('permissions-info-failed', {}, { timeout: 5000 })).toBeTruthy();
    expect(box('MOVE_USER').checked).toBe(true);
    expect(screen.queryByTestId('permissions-effective')).toBeNull();
  });
});
