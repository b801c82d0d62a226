import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, findTestId, setUpStubbedApp } from '../../../test/app-harness';
import { backend, callsTo, click, goods, messages, pick, resetBackend, storeServer, type } from './store-harness';

setUpStubbedApp({ signedIn: true, reset: resetBackend, server: storeServer });

/** The page's table; the first page of a run loads the app's chunks cold, which can pass 5 s on a busy machine. */
const findTable = (id: string) => screen.findByTestId(id, {}, { timeout: 20_000 });

async function start(path = '/store/goods') {
  const { startApp } = await import('../../../test/app-harness');
  await startApp(path);
  return findTable('goods-table');
}

describe('goods page', { timeout: 30_000 }, () => {
  it('/store opens the goods and the menu lists the four store pages', async () => {
    const { startApp } = await import('../../../test/app-harness');
    await startApp('/store');
    await findTable('goods-table');
    expect(window.location.pathname).toBe('/store/goods');
    const menu = screen.getByTestId('side-menu');
    await click(within(menu).getByText('Points store'));
    await waitFor(() => expect(menu.textContent).toContain('Points orders'));
    for (const title of ['Store categories', 'Goods', 'Points detail']) expect(menu.textContent).toContain(title);
  });

  it('lists page 1 of 10 with price, stock (sold out said) and status, and searches from page 1', async () => {
    await start();
    await waitFor(() => expect(screen.getByTestId('goods-name-21').textContent).toContain('Bluetooth earbuds'));
    expect(callsTo('goods/list').at(-1)?.body).toEqual({ page: 1, pageSize: 10 });
    expect(screen.getByTestId('goods-price-21').textContent).toBe('1,200');
    expect(screen.getByTestId('goods-stock-21').textContent).toBe('8');
    expect(screen.getByTestId('goods-stock-22').textContent).toBe('Sold out');
    expect(screen.getByTestId('goods-status-22').textContent).toBe('Draft');

    await type(screen.getByTestId('goods-filter-name'), ' ear ');
    await pick(screen.getByTestId('goods-filter-status'), 'Published');
    await click(screen.getByTestId('goods-search'));
    await waitFor(() => expect(callsTo('goods/list').at(-1)?.body).toEqual({ name: 'ear', status: 'Published', page: 1, pageSize: 10 }));
    // Search again with the same filters still asks the server.
    const before = callsTo('goods/list').length;
    await click(screen.getByTestId('goods-search'));
    await waitFor(() => expect(callsTo('goods/list').length).toBe(before + 1));
  });

  it('creates goods with per-locale names, category, points price, stock and limit', async () => {
    await start();
    await click(await findTestId('goods-create'));
    const drawer = await findTestId('goods-drawer');
    // zh_TW is required: saving without it sends nothing and shows its tab.
    await click(screen.getByTestId('store-save'));
    await waitFor(() => expect(drawer.textContent).toContain('Enter the Traditional Chinese name'));
    expect(callsTo('goods/save')).toHaveLength(0);

    await type(within(drawer).getByTestId('store-name-zh_TW'), '保溫杯');
    await type(within(drawer).getByTestId('store-name-en'), 'Thermos');
    await type(within(drawer).getByTestId('store-description-en'), 'Keeps tea hot');
    await pick(within(drawer).getByTestId('goods-category'), 'Vouchers');
    await type(within(drawer).getByTestId('goods-price'), '350');
    await type(within(drawer).getByTestId('goods-stock'), '25');
    await type(within(drawer).getByTestId('goods-limit'), '3');
    await pick(within(drawer).getByTestId('goods-status'), 'Published');
    await click(screen.getByTestId('store-save'));
    await waitFor(() => expect(callsTo('goods/save')).toHaveLength(1));
    expect(callsTo('goods/save')[0]!.body).toEqual({
      categoryId: 2,
      name: { zh_TW: '保溫杯', en: 'Thermos', th: '', vi: '' },
      description: { zh_TW: '', en: 'Keeps tea hot', th: '', vi: '' },
      imageIds: [],
      price: 350,
      stock: 25,
      perPlayerLimit: 3,
      status: 'Published',
      sort: 0,
    });
    await waitFor(() => expect(messages().join()).toContain('Saved successfully'));
  });

  it('a number out of range is kept as typed and refused with the range, never changed on blur', async () => {
    await start();
    await click(await findTestId('goods-create'));
    const drawer = await findTestId('goods-drawer');
    const price = within(drawer).getByTestId('goods-price') as HTMLInputElement;
    for (const typed of ['-5', '99999999999']) {
      await type(price, typed);
      await click(screen.getByTestId('store-save'));
      await waitFor(() => expect(drawer.textContent).toContain('Enter a whole number from 1 to 1,000,000,000'));
      expect(price.value.replaceAll(',', '')).toBe(typed);
    }
    expect(callsTo('goods/save')).toHaveLength(0);
  });

  it('an edit sends the version it read and the new stock; a stale version offers a reload', async () => {
    backend.answer = envelope(null, 8002, 'Someone else changed this item: reload it before editing', 409);
    await start();
    await click(await findTestId('goods-edit-21'));
    const drawer = await findTestId('goods-drawer');
    expect((within(drawer).getByTestId('store-name-zh_TW') as HTMLInputElement).value).toBe('藍牙耳機');
    await type(within(drawer).getByTestId('goods-stock'), '30');
    await click(screen.getByTestId('store-save'));
    await waitFor(() => expect(callsTo('goods/save')).toHaveLength(1));
    expect(callsTo('goods/save')[0]!.body).toMatchObject({ id: 21, version: 4, stock: 30, price: 1200, perPlayerLimit: 2 });
    const stale = await findTestId('store-stale');
    expect(stale.textContent).toContain('Someone else changed this item');

    backend.goods = backend.goods.map((g) => (g.id === 21 ? goods({ version: 5, stock: 6 }) : g));
    await click(within(stale).getByTestId('store-reload'));
    await waitFor(() => expect(screen.queryByTestId('store-stale')).toBeNull());
    expect((within(drawer).getByTestId('goods-stock') as HTMLInputElement).value).toBe('6');
    backend.answer = null;
    await click(screen.getByTestId('store-save'));
    await waitFor(() => expect(callsTo('goods/save').at(-1)?.body).toMatchObject({ id: 21, version: 5, stock: 6 }));
  });

  it('deletes after confirmation with the id and version', async () => {
    await start();
    await click(await findTestId('goods-delete-22'));
    await click(await findTestId('goods-delete-ok'));
    await waitFor(() => expect(callsTo('goods/delete')).toHaveLength(1));
    expect(callsTo('goods/delete')[0]).toMatchObject({ method: 'DELETE', body: { id: 22, version: 4 } });
  });

  it('a reader (STORE_GOODS_READ only) sees the list and no write controls', async () => {
    backend.codes = ['STORE_GOODS_READ'];
    await start();
    await waitFor(() => expect(screen.getByTestId('goods-name-21').textContent).toContain('Bluetooth earbuds'));
    expect(screen.getByTestId('store-readonly')).toBeTruthy();
    expect(screen.queryByTestId('goods-create')).toBeNull();
    expect(screen.queryByTestId('goods-edit-21')).toBeNull();
    expect(screen.queryByTestId('goods-delete-21')).toBeNull();
  });

  it('a failed list shows the failure with a retry, not "No data"', async () => {
    backend.failing.add('goods/list');
    await start();
    const failed = await findTestId('goods-failed');
    expect(failed.textContent).toContain('The database is not answering');
    expect(screen.getByTestId('goods-table').textContent).not.toContain('No data');
    backend.failing.clear();
    await click(screen.getByTestId('goods-retry'));
    await waitFor(() => expect(screen.getByTestId('goods-name-21').textContent).toContain('Bluetooth earbuds'));
  });

  it("shows the site's points rate and a writer changes it with the version read; a stale save reads the rate again", async () => {
    await start();
    expect((await findTestId('points-rate-text')).textContent).toBe('Players earn 1 points per 100.00 of valid bet');
    await click(screen.getByTestId('points-rate-edit'));
    await type(screen.getByTestId('points-rate-input'), '5');
    await click(screen.getByTestId('points-rate-save'));
    await waitFor(() => expect(screen.getByTestId('points-rate-text').textContent).toBe('Players earn 5 points per 100.00 of valid bet'));
    expect(callsTo('settings').find((c) => c.method === 'POST')?.body).toEqual({ pointsPer100: 5, version: 1 });

    // Someone else sets 3 in between: the save is refused and the page shows their rate.
    backend.settings = { pointsPer100: 3, version: 5 };
    await click(screen.getByTestId('points-rate-edit'));
    await type(screen.getByTestId('points-rate-input'), '9');
    await click(screen.getByTestId('points-rate-save'));
    await waitFor(() => expect(messages().join()).toContain('Changed by someone else'));
    await waitFor(() => expect(screen.getByTestId('points-rate-text').textContent).toBe('Players earn 3 points per 100.00 of valid bet'));
    expect(backend.settings).toEqual({ pointsPer100: 3, version: 5 });
  });

  it('a reader of the goods sees the rate without the change button', async () => {
    backend.codes = ['STORE_GOODS_READ'];
    await start();
    await findTestId('points-rate-text');
    expect(screen.queryByTestId('points-rate-edit')).toBeNull();
  });
});
