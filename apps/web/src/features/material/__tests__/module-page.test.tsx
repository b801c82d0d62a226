import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, findTestId, setUpStubbedApp } from '../../../test/app-harness';
import {
  backend,
  callsTo,
  click,
  keyboardMove,
  layOutSortableRowsInEachTest,
  materialServer,
  messages,
  resetBackend,
  type,
  firstPage,
} from './material-harness';

setUpStubbedApp({ signedIn: true, reset: resetBackend, server: materialServer });

layOutSortableRowsInEachTest();

async function start() {
  const { startApp } = await import('../../../test/app-harness');
  await startApp('/material/collection');
  await firstPage('module-table');
  // The title in the reader's language alone (the zh_TW title is not shown beside it).
  await waitFor(() => expect(screen.getByTestId('module-title-1').textContent).toBe('Hot slots'));
}

const gameOrder = (drawer: HTMLElement) =>
  [...within(drawer).getByTestId('module-games').querySelectorAll('li')].map((li) =>
    Number(li.getAttribute('data-testid')?.split('-').at(-1)),
  );

async function openEditor(id: number) {
  await click(screen.getByTestId(`module-edit-${id}`));
  const drawer = await findTestId('module-drawer');
  await waitFor(() => expect(within(drawer).getByTestId('module-games')).toBeTruthy());
  return drawer;
}

describe('module management page', { timeout: 30_000 }, () => {
  it("lists the modules with their title in the reader's language alone, status and game count, server-paged", async () => {
    await start();
    expect(callsTo('collection/list')[0]?.body).toEqual({ page: 1, pageSize: 10 });
    const row = document.querySelector('tr[data-row-key="2"]')!;
    expect(row.textContent).toContain('Live casino');
    expect(row.textContent).not.toContain('真人娛樂');
    // Layout and period are columns of wider screens than the test's.
    expect(row.textContent).toContain('Draft');
    expect(screen.getByTestId('module-count-1').textContent).toBe('3');
  });

  it('edits a module: games reordered by keyboard, one removed, one added; saved with the version it read', async () => {
    await start();
    const drawer = await openEditor(1);
    expect(callsTo('collection/detail').at(-1)?.body).toEqual({ id: 1 });
    expect(gameOrder(drawer)).toEqual([11, 12, 14]);
    expect((within(drawer).getByTestId('material-name-zh_TW') as HTMLInputElement).value).toBe('熱門老虎機');

    await keyboardMove(within(drawer).getByTestId('module-game-drag-11'), 'ArrowDown', 2);
    await waitFor(() => expect(gameOrder(drawer)).toEqual([12, 14, 11]));
    await click(within(drawer).getByTestId('module-game-remove-12'));
    expect(gameOrder(drawer)).toEqual([14, 11]);

    const add = within(drawer).getByTestId('module-add');
    await act(async () => {
      fireEvent.mouseDown(add.querySelector('.ant-select-selector') ?? add);
    });
    // Games already in the module and delisted ones are not offered.
    await click((await screen.findAllByTestId('module-add-option-12')).at(-1)!);
    expect(screen.queryByTestId('module-add-option-13')).toBeNull();
    expect(gameOrder(drawer)).toEqual([14, 11, 12]);

    await type(within(drawer).getByTestId('material-name-en'), 'Hot games');
    await click(screen.getByTestId('material-save'));
    await waitFor(() => expect(callsTo('collection/save')).toHaveLength(1));
    expect(callsTo('collection/save')[0]!.body).toEqual({
      id: 1,
      version: 5,
      title: { zh_TW: '熱門老虎機', en: 'Hot games', th: '', vi: '' },
      layout: 'carousel',
      status: 'Published',
      startAt: null,
      endAt: null,
      sort: 0,
      gameIds: [14, 11, 12],
    });
    await waitFor(() => expect(messages().join()).toContain('Saved successfully'));
    await waitFor(() => expect(screen.queryByTestId('module-drawer')).toBeNull());
  });

  it('a stale version shows the alert; the reload reads the module again and the next save carries the new version', async () => {
    backend.saveAnswer = envelope(null, 7002, 'Someone else changed this item: reload it before editing', 409);
    await start();
    const drawer = await openEditor(1);
    await click(screen.getByTestId('material-save'));
    const stale = await findTestId('material-stale');
    expect(stale.textContent).toContain('Someone else changed this item');

    backend.modules = backend.modules.map((m) => (m.id === 1 ? { ...m, version: 6, gameIds: [14] } : m));
    await click(within(stale).getByTestId('material-reload'));
    await waitFor(() => expect(screen.queryByTestId('material-stale')).toBeNull());
    expect(gameOrder(drawer)).toEqual([14]);
    backend.saveAnswer = null;
    await click(screen.getByTestId('material-save'));
    await waitFor(() => expect(callsTo('collection/save').at(-1)?.body).toMatchObject({ id: 1, version: 6, gameIds: [14] }));
  });

  it('a new module needs its zh-TW title and is created without an id', async () => {
    await start();
    await click(screen.getByTestId('module-create'));
    const drawer = await findTestId('module-drawer');
    await type(within(drawer).getByTestId('material-name-en'), 'Fishing');
    await click(screen.getByTestId('material-save'));
    expect(await within(drawer).findByText('Enter the Traditional Chinese name')).toBeTruthy();
    expect(callsTo('collection/save')).toHaveLength(0);
    await type(within(drawer).getByTestId('material-name-zh_TW'), '捕魚');
    await click(screen.getByTestId('material-save'));
    await waitFor(() => expect(callsTo('collection/save')).toHaveLength(1));
    expect(callsTo('collection/save')[0]!.body).toMatchObject({
      title: { zh_TW: '捕魚', en: 'Fishing' },
      layout: 'grid',
      status: 'Draft',
      gameIds: [],
    });
    expect(callsTo('collection/save')[0]!.body).not.toHaveProperty('id');
  });

  it('orders the modules in a dialog and saves with collection/sort; deletes after confirmation', async () => {
    await start();
    await click(screen.getByTestId('module-order'));
    const modal = await findTestId('module-order-modal');
    await waitFor(() => expect(within(modal).getByTestId('order-row-2')).toBeTruthy());
    await keyboardMove(within(modal).getByTestId('order-drag-2'), 'ArrowUp');
    await waitFor(() =>
      expect([...within(modal).getByTestId('order-list').querySelectorAll('li')].map((li) => li.getAttribute('data-testid'))).toEqual([
        'order-row-2',
        'order-row-1',
      ]),
    );
    await click(within(modal).getByTestId('order-save'));
    await waitFor(() => expect(callsTo('collection/sort').map((c) => c.body)).toEqual([{ ids: [2, 1] }]));

    await click(screen.getByTestId('module-delete-2'));
    await click(await findTestId('module-delete-ok'));
    await waitFor(() => expect(callsTo('collection/delete').map((c) => c.body)).toEqual([{ id: 2, version: 5 }]));
  });

  it('a reader (COLLECTION_READ only) sees the modules and no write controls', async () => {
    backend.codes = ['COLLECTION_READ'];
    await start();
    expect(screen.getByTestId('material-readonly')).toBeTruthy();
    expect(screen.queryByTestId('module-create')).toBeNull();
    expect(screen.queryByTestId('module-order')).toBeNull();
    expect(screen.queryByTestId('module-edit-1')).toBeNull();
    expect(screen.queryByTestId('module-delete-1')).toBeNull();
  });
});
