import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, findTestId, setUpStubbedApp } from '../../../test/app-harness';
import {
  backend,
  callsTo,
  click,
  keyboardMove,
  layOutSortableRows,
  materialServer,
  messages,
  pick,
  resetBackend,
  type,
  firstPage,
} from './material-harness';

setUpStubbedApp({ signedIn: true, reset: resetBackend, server: materialServer });

async function start(path = '/material/category') {
  const { startApp } = await import('../../../test/app-harness');
  await startApp(path);
  return firstPage('category-table');
}

describe('category page', { timeout: 20_000 }, () => {
  it('/material opens the first child the codes allow, and the menu lists only the allowed children', async () => {
    backend.codes = ['GAME_READ'];
    const { startApp } = await import('../../../test/app-harness');
    await startApp('/material');
    await waitFor(() => expect(window.location.pathname).toBe('/material/game'));
    const menu = screen.getByTestId('side-menu');
    expect(menu.textContent).toContain('Lobby material');
    await click(within(menu).getByText('Lobby material'));
    await waitFor(() => expect(menu.textContent).toContain('Games'));
    expect(menu.textContent).not.toContain('Game categories');
  });

  it('lists page 1 of 10, then searches by name and status from page 1', async () => {
    await start();
    // The name in the reader's language alone (the zh_TW name is not shown beside it).
    await waitFor(() => expect(screen.getByTestId('category-name-1').textContent).toBe('Slots'));
    // A name without an English text falls back to zh_TW.
    expect(screen.getByTestId('category-name-2').textContent).toBe('真人');
    expect(callsTo('category/list').at(-1)?.body).toEqual({ page: 1, pageSize: 10 });
    await type(screen.getByTestId('category-filter-name'), '  slot ');
    await pick(screen.getByTestId('category-filter-status'), 'Disabled');
    await click(screen.getByTestId('category-search'));
    await waitFor(() => expect(callsTo('category/list').at(-1)?.body).toEqual({ name: 'slot', status: 'DISABLE', page: 1, pageSize: 10 }));
  });

  it('creates a category with its names, provider categories, status and sort', async () => {
    await start();
    await click(await findTestId('category-create'));
    const drawer = await findTestId('category-drawer');
    // zh_TW is required: saving without it sends nothing.
    await click(within(drawer.ownerDocument.body).getByTestId('material-save'));
    await waitFor(() => expect(drawer.textContent).toContain('Enter the Traditional Chinese name'));
    expect(callsTo('category/save')).toHaveLength(0);

    await type(within(drawer).getByTestId('material-name-zh_TW'), '捕魚');
    await type(within(drawer).getByTestId('material-name-en'), 'Fishing');
    await pick(within(drawer).getByTestId('category-provider-categories'), 'Fishing');
    await click(within(drawer).getByTestId('category-status'));
    await click(screen.getByTestId('material-save'));
    await waitFor(() => expect(callsTo('category/save')).toHaveLength(1));
    expect(callsTo('category/save')[0]!.body).toEqual({
      name: { zh_TW: '捕魚', en: 'Fishing', th: '', vi: '' },
      iconImageId: null,
      sort: 0,
      status: 'DISABLE',
      providerCategories: ['FISH'],
    });
    await waitFor(() => expect(messages().join()).toContain('Saved successfully'));
  });

  it('an edit sends the version it read; a stale version offers a reload', async () => {
    backend.saveAnswer = envelope(null, 7002, 'Someone else changed this item: reload it before editing', 409);
    await start();
    await click(await findTestId('category-edit-1'));
    const drawer = await findTestId('category-drawer');
    await type(within(drawer).getByTestId('material-name-en'), 'Slot games');
    await click(screen.getByTestId('material-save'));
    await waitFor(() => expect(callsTo('category/save')).toHaveLength(1));
    expect(callsTo('category/save')[0]!.body).toMatchObject({ id: 1, version: 3, name: { zh_TW: '老虎機', en: 'Slot games' } });
    const stale = await findTestId('material-stale');
    expect(stale.textContent).toContain('Someone else changed this item');

    backend.categories = backend.categories.map((c) => (c.id === 1 ? { ...c, version: 4, name: { ...c.name, en: 'Fresh' } } : c));
    await click(within(stale).getByTestId('material-reload'));
    await waitFor(() => expect(screen.queryByTestId('material-stale')).toBeNull());
    expect((within(drawer).getByTestId('material-name-en') as HTMLInputElement).value).toBe('Fresh');
    backend.saveAnswer = null;
    await click(screen.getByTestId('material-save'));
    await waitFor(() => expect(callsTo('category/save').at(-1)?.body).toMatchObject({ id: 1, version: 4 }));
  });

  it('orders the categories by drag and drop (keyboard) in a dialog and saves with category/sort', async () => {
    const restore = layOutSortableRows();
    try {
      await start();
      await click(screen.getByTestId('category-order'));
      const modal = await findTestId('category-order-modal');
      await waitFor(() => expect(within(modal).getByTestId('order-row-2')).toBeTruthy());
      expect((within(modal).getByTestId('order-save') as HTMLButtonElement).disabled).toBe(true);
      await keyboardMove(within(modal).getByTestId('order-drag-1'), 'ArrowDown');
      await click(within(modal).getByTestId('order-save'));
      await waitFor(() => expect(callsTo('category/sort').map((c) => c.body)).toEqual([{ ids: [2, 1] }]));
      await waitFor(() => expect(messages().join()).toContain('Saved successfully'));
    } finally {
      restore();
    }
  });

  it('deletes after confirmation with the id and version', async () => {
    await start();
    await click(await findTestId('category-delete-1'));
    await click(await findTestId('category-delete-ok'));
    await waitFor(() => expect(callsTo('category/delete')).toHaveLength(1));
    expect(callsTo('category/delete')[0]).toMatchObject({ method: 'DELETE', body: { id: 1, version: 3 } });
  });

  it('a reader (CATEGORY_READ only) sees the list and no write controls', async () => {
    backend.codes = ['CATEGORY_READ'];
    await start();
    await waitFor(() => expect(screen.getByTestId('category-name-1').textContent).toContain('Slots'));
    expect(screen.getByTestId('material-readonly')).toBeTruthy();
    expect(screen.queryByTestId('category-create')).toBeNull();
    expect(screen.queryByTestId('category-order')).toBeNull();
    expect(screen.queryByTestId('category-edit-1')).toBeNull();
    expect(screen.queryByTestId('category-delete-1')).toBeNull();
  });
});
