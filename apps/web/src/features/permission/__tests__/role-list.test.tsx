import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findTestId, setUpStubbedApp } from '../../../test/app-harness';
import { backend, callsTo, click, failure, PAGE_PATH, resetBackend, role, roleServer } from './role-harness';

setUpStubbedApp({
  signedIn: true,
  reset: () =>
    resetBackend([
      role({ id: 1, holderCount: 3, builtinKey: 'content_editor' }),
      role({
        id: 2,
        name: { zh_TW: '只有中文', en: '', th: '', vi: '' },
        description: { zh_TW: '', en: '', th: '', vi: '' },
        codes: ['GAME_READ'],
        holderCount: 0,
        updatedBy: 'boss01',
      }),
    ]),
  server: roleServer,
});

async function start(path = PAGE_PATH) {
  const { startApp } = await import('../../../test/app-harness');
  await startApp(path);
  return findTestId('role-table');
}

describe('role list', { timeout: 30_000 }, () => {
  it('the menu shows the screen to a holder of ROLE_PERMISSION_WRITE', async () => {
    await start();
    expect(screen.getByTestId('side-menu').textContent).toContain('Role permissions');
  });

  it('has no menu entry without ROLE_PERMISSION_WRITE', async () => {
    backend.codes = ['ACTIVITY_READ'];
    const { startApp } = await import('../../../test/app-harness');
    await startApp('/dashboard');
    const menu = await findTestId('side-menu');
    await waitFor(() => expect(menu.textContent).toContain('Site content'));
    expect(menu.textContent).not.toContain('Role permissions');
  });

  it('shows names in the user’s language with the zh_TW fallback, counts and who updated each role', async () => {
    await start();
    await waitFor(() => expect(screen.getByTestId('role-name-cell-1').textContent).toBe('Content editor'));
    expect(screen.getByTestId('role-name-cell-2').textContent).toBe('只有中文');
    const first = screen.getByTestId('role-row-1');
    expect(first.textContent).toContain('Manages activities');
    expect(first.textContent).toContain('Built-in');
    expect(screen.getByTestId('role-codes-1').textContent).toBe('2');
    expect(screen.getByTestId('role-holders-1').textContent).toBe('3');
    expect(first.textContent).toContain('2029-12-02 11:00:00');
    expect(screen.getByTestId('role-row-2').textContent).toContain('boss01');
    expect(screen.getByTestId('role-codes-2').textContent).toBe('1');
    expect(callsTo('list').at(-1)?.body).toEqual({ page: 1, pageSize: 10 });
  });

  it('searches by name on the server', async () => {
    await start();
    await findTestId('role-row-2');
    const input = screen.getByTestId('role-filter-name').querySelector('input') ?? screen.getByTestId('role-filter-name');
    await act(async () => {
      fireEvent.change(input, { target: { value: ' 中文 ' } });
      fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    });
    await waitFor(() => expect(callsTo('list').at(-1)?.body).toEqual({ name: '中文', page: 1, pageSize: 10 }));
    await waitFor(() => expect(screen.queryByTestId('role-row-1')).toBeNull());
    expect(screen.getByTestId('role-row-2')).toBeTruthy();
  });

  it('deletes an unheld role after one confirmation', async () => {
    await start();
    await click(await findTestId('role-delete-2'));
    expect((await findTestId('role-delete-confirm')).textContent).toContain('cannot be undone');
    await click(screen.getByTestId('role-delete-ok'));
    await waitFor(() => expect(callsTo('delete')).toHaveLength(1));
    expect(callsTo('delete')[0]).toMatchObject({ method: 'DELETE', body: { id: 2, version: 1, confirm: false } });
    await waitFor(() => expect(screen.queryByTestId('role-row-2')).toBeNull());
  });

  it('a held role: the server asks for confirmation, the screen names the holders and resends with confirm', async () => {
    backend.answers.delete = [failure(6005, '3 accounts hold this role', 409)];
    await start();
    await click(await findTestId('role-delete-1'));
    await click(await findTestId('role-delete-ok'));
    const held = await findTestId('role-delete-held');
    expect(held.textContent).toContain('3 accounts hold this role');
    expect(held.textContent).toContain('its 3 holders lose the role');
    const again = screen.getByTestId('role-delete-held-ok');
    expect(again.textContent).toBe('Delete and remove from 3 holders');
    expect(callsTo('delete').map((c) => c.body?.confirm)).toEqual([false]);
    await click(again);
    await waitFor(() => expect(callsTo('delete').map((c) => c.body?.confirm)).toEqual([false, true]));
    expect(callsTo('delete')[1]?.body).toEqual({ id: 1, version: 1, confirm: true });
    expect(await screen.findByText('Role deleted and removed from 2 holders')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('role-row-1')).toBeNull());
  });

  it('a held role is kept when the second confirmation is cancelled', async () => {
    backend.answers.delete = [failure(6005, '3 accounts hold this role', 409)];
    await start();
    await click(await findTestId('role-delete-1'));
    await click(await findTestId('role-delete-ok'));
    const held = await findTestId('role-delete-held');
    const dialog = held.closest('.ant-modal') as HTMLElement;
    await click(within(dialog).getByText('Cancel'));
    expect(callsTo('delete')).toHaveLength(1);
    expect(screen.getByTestId('role-row-1')).toBeTruthy();
  });

  it('compares two roles: codes only in A, only in B and in both', async () => {
    backend.roles.push(role({ id: 3, name: { zh_TW: '讀者', en: 'Reader', th: '', vi: '' }, codes: ['ACTIVITY_READ', 'GAME_READ'] }));
    await start();
    await findTestId('role-row-3');
    await click(screen.getByTestId('role-compare-open'));
    const modal = await findTestId('role-compare');
    const pick = async (testId: string, label: string) => {
      const select = within(modal).getByTestId(testId);
      await act(async () => {
        fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
      });
      const options = await screen.findAllByTitle(label);
      await click(options.at(-1)!);
    };
    await waitFor(() => expect(callsTo('list').some((c) => c.body?.pageSize === 100)).toBe(true));
    await pick('role-compare-a', 'Content editor');
    await pick('role-compare-b', 'Reader');
    const codes = (key: string) =>
      [...within(modal).getByTestId(`role-compare-${key}`).querySelectorAll('[data-code]')].map((el) => el.getAttribute('data-code'));
    await waitFor(() => expect(codes('both')).toEqual(['ACTIVITY_READ']));
    expect(codes('onlyA')).toEqual(['ACTIVITY_WRITE']);
    expect(codes('onlyB')).toEqual(['GAME_READ']);
  });
});
