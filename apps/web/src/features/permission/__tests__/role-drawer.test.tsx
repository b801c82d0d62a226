import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findTestId, setUpStubbedApp } from '../../../test/app-harness';
import { backend, callsTo, click, failure, holder, PAGE_PATH, resetBackend, role, roleServer } from './role-harness';

setUpStubbedApp({
  signedIn: true,
  reset: () => resetBackend([role({ id: 1, holderCount: 1 })]),
  server: roleServer,
});

async function start() {
  const { startApp } = await import('../../../test/app-harness');
  await startApp(PAGE_PATH);
  return findTestId('role-table');
}

const box = (code: string) => screen.getByTestId(`role-code-${code}`) as HTMLInputElement;

async function type(testId: string, value: string) {
  await act(async () => {
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
  });
}

describe('role drawer', { timeout: 30_000 }, () => {
  it('a code the caller does not hold is disabled and says why; READ/WRITE pairs share a row', async () => {
    await start();
    await click(screen.getByTestId('role-create'));
    await findTestId('role-code-tree');
    expect(box('DEVELOPER').disabled).toBe(true);
    expect(box('ACTIVITY_READ').disabled).toBe(false);
    expect(box('GAME_WRITE').disabled).toBe(true);
    // A pair side by side in one row.
    const row = screen.getByTestId('role-code-ACTIVITY_READ').closest('.perm-row')!;
    expect(row.contains(screen.getByTestId('role-code-ACTIVITY_WRITE'))).toBe(true);

    await act(async () => {
      fireEvent.mouseEnter(screen.getByTestId('role-code-locked-DEVELOPER'));
    });
    const tip = await screen.findByText('You do not hold this code, so you cannot put it in a role.');
    expect(tip.closest('[role="tooltip"]')).toBeTruthy();
  });

  it('creates a role with names and the chosen codes; the area box takes only the codes the caller holds', async () => {
    await start();
    await click(screen.getByTestId('role-create'));
    await findTestId('role-code-tree');
    await click(screen.getByTestId('role-save'));
    expect(await screen.findByText('Enter the Traditional Chinese name')).toBeTruthy();
    expect(callsTo('save')).toHaveLength(0);

    await type('role-name-zh_TW', '內容編輯二');
    await type('role-name-en', 'Content editor 2');
    await click(screen.getByTestId('role-area-all-content'));
    await click(screen.getByTestId('role-area-all-material'));
    // Its holders must sign in with a second factor.
    await click(screen.getByTestId('role-require-two-factor'));
    await click(screen.getByTestId('role-save'));
    await waitFor(() => expect(callsTo('save')).toHaveLength(1));
    expect(callsTo('save')[0]?.body).toEqual({
      name: { zh_TW: '內容編輯二', en: 'Content editor 2', th: '', vi: '' },
      description: { zh_TW: '', en: '', th: '', vi: '' },
      codes: ['ACTIVITY_READ', 'ACTIVITY_WRITE', 'GAME_READ'],
      requireTwoFactor: true,
    });
    expect(await screen.findByText('Role saved')).toBeTruthy();
  });

  it('an edit sends the version; a stale answer shows the message and reads the role again', async () => {
    backend.answers.save = [failure(6002, 'Someone else changed this role', 409)];
    await start();
    await click(await findTestId('role-edit-1'));
    await findTestId('role-code-tree');
    expect(box('ACTIVITY_WRITE').checked).toBe(true);
    // Meanwhile someone took ACTIVITY_WRITE out and renamed the role.
    backend.roles = [
      role({ id: 1, version: 2, holderCount: 1, codes: ['ACTIVITY_READ'], name: { zh_TW: '新名稱', en: 'Renamed', th: '', vi: '' } }),
    ];
    await click(box('ACTIVITY_READ'));
    await click(screen.getByTestId('role-save'));
    await waitFor(() => expect(callsTo('save')).toHaveLength(1));
    expect(callsTo('save')[0]?.body).toMatchObject({ id: 1, version: 1, codes: ['ACTIVITY_WRITE'] });
    expect((await findTestId('role-stale')).textContent).toContain('Someone else changed this role');
    await waitFor(() => expect((screen.getByTestId('role-name-zh_TW') as HTMLInputElement).value).toBe('新名稱'));
    expect(box('ACTIVITY_READ').checked).toBe(true);
    expect(box('ACTIVITY_WRITE').checked).toBe(false);

    await click(screen.getByTestId('role-save'));
    await waitFor(() => expect(callsTo('save')).toHaveLength(2));
    expect(callsTo('save')[1]?.body).toMatchObject({ id: 1, version: 2, codes: ['ACTIVITY_READ'] });
  });

  it('a role with codes the caller lacks opens read-only', async () => {
    backend.roles = [role({ id: 5, editable: false, codes: ['DEVELOPER'] })];
    await start();
    expect(screen.queryByTestId('role-edit-5')).toBeNull();
    await click(await findTestId('role-view-5'));
    expect(await findTestId('role-not-editable')).toBeTruthy();
    await findTestId('role-code-tree');
    expect(box('DEVELOPER').checked).toBe(true);
    expect(box('ACTIVITY_READ').disabled).toBe(true);
    expect(screen.queryByTestId('role-save')).toBeNull();
  });

  it('lists the holders, unassigns one and assigns an account found by number', async () => {
    backend.holders = [holder({ id: 11, accountNo: 'agent01', lvl: 2 }), holder({ id: 12, accountNo: 'shadow01', lvl: 0, isShadow: true })];
    await start();
    await click(await findTestId('role-holders-1'));
    const row = await findTestId('role-holder-11');
    expect(row.textContent).toContain('agent01');
    // Levels in words: a shadow is a shadow account, never "0".
    expect(row.textContent).toContain('Level 1 agent');
    const shadow = screen.getByTestId('role-holder-12');
    expect(shadow.textContent).toContain('Shadow account');
    expect(shadow.querySelectorAll('td')[1]?.textContent).not.toBe('0');
    expect(callsTo('detail').at(-1)?.body).toEqual({ id: 1, page: 1, pageSize: 10 });

    await click(within(row).getByTestId('role-unassign-11'));
    await click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsTo('unassign')).toHaveLength(1));
    expect(callsTo('unassign')[0]?.body).toEqual({ accountId: 11, roleIds: [1] });

    const search = screen.getByTestId('role-assign-search');
    const input = search.querySelector('input')!;
    backend.assignable = [
      { id: 21, accountNo: 'agent21', nickName: 'Twenty-one', lvl: 3, isShadow: false, parentAccountNo: 'agent02', holds: false },
      { id: 22, accountNo: 'agent22', nickName: 'Twenty-two', lvl: 3, isShadow: false, parentAccountNo: 'agent02', holds: true },
    ];
    await act(async () => {
      fireEvent.mouseDown(search.querySelector('.ant-select-selector') ?? search);
      fireEvent.change(input, { target: { value: 'agent2' } });
    });
    const option = await screen.findByText('agent21 · Twenty-one — under agent02', {}, { timeout: 3000 });
    expect(callsTo('assignable').at(-1)?.body).toEqual({ text: 'agent2', roleId: 1 });
    // an account holding the role already is shown but cannot be chosen
    const held = screen.getByText('agent22 · Twenty-two — under agent02 — holds it already');
    expect(
      held.closest('.ant-select-item-option')?.getAttribute('aria-disabled') ??
        held.closest('[aria-disabled]')?.getAttribute('aria-disabled'),
    ).toBe('true');
    await click(option);
    await click(screen.getByTestId('role-assign'));
    await waitFor(() => expect(callsTo('assign')).toHaveLength(1));
    expect(callsTo('assign')[0]?.body).toEqual({ accountId: 21, roleIds: [1] });
  });
});
