import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findTestId, setUpStubbedApp } from '../../../test/app-harness';
import { backend, callsTo, click, messages, pick, resetBackend, storeServer, type } from './store-harness';

setUpStubbedApp({ signedIn: true, reset: resetBackend, server: storeServer });

/** The page's table; the first page of a run loads the app's chunks cold, which can pass 5 s on a busy machine. */
const findTable = (id: string) => screen.findByTestId(id, {}, { timeout: 20_000 });

async function start() {
  const { startApp } = await import('../../../test/app-harness');
  await startApp('/store/category');
  await findTable('category-table');
  await waitFor(() => expect(screen.getByTestId('category-name-1').textContent).toBe('Physical goods'));
}

describe('store category page', { timeout: 30_000 }, () => {
  it('creates a category with its names, status and sort; zh_TW is required', async () => {
    await start();
    await click(screen.getByTestId('category-create'));
    const drawer = await findTestId('category-drawer');
    await click(screen.getByTestId('store-save'));
    await waitFor(() => expect(drawer.textContent).toContain('Enter the Traditional Chinese name'));
    expect(callsTo('category/save')).toHaveLength(0);

    await type(within(drawer).getByTestId('store-name-zh_TW'), ' 生活用品 ');
    await type(within(drawer).getByTestId('store-name-th'), 'ของใช้');
    await pick(within(drawer).getByTestId('category-status'), 'Disabled');
    await type(within(drawer).getByTestId('category-sort'), '3');
    await click(screen.getByTestId('store-save'));
    await waitFor(() => expect(callsTo('category/save')).toHaveLength(1));
    expect(callsTo('category/save')[0]!.body).toEqual({
      name: { zh_TW: '生活用品', en: '', th: 'ของใช้', vi: '' },
      status: 'DISABLE',
      sort: 3,
    });
    await waitFor(() => expect(messages().join()).toContain('Saved successfully'));
  });

  it('deletes after confirmation with the id and version it read', async () => {
    await start();
    await click(screen.getByTestId('category-delete-1'));
    await click(await findTestId('category-delete-ok'));
    await waitFor(() => expect(callsTo('category/delete')).toHaveLength(1));
    expect(callsTo('category/delete')[0]).toMatchObject({ method: 'DELETE', body: { id: 1, version: 1 } });
  });

  it('a reader (STORE_CATEGORY_READ only) sees the list and no write controls', async () => {
    backend.codes = ['STORE_CATEGORY_READ'];
    await start();
    expect(screen.getByTestId('store-readonly')).toBeTruthy();
    expect(screen.queryByTestId('category-create')).toBeNull();
    expect(screen.queryByTestId('category-edit-1')).toBeNull();
    expect(screen.queryByTestId('category-delete-1')).toBeNull();
  });

  it('a failed list shows the failure with a retry', async () => {
    backend.failing.add('category/list');
    const { startApp } = await import('../../../test/app-harness');
    await startApp('/store/category');
    expect((await findTable('category-failed')).textContent).toContain('The database is not answering');
    backend.failing.clear();
    await click(screen.getByTestId('category-retry'));
    await waitFor(() => expect(screen.getByTestId('category-name-1').textContent).toBe('Physical goods'));
  });
});
