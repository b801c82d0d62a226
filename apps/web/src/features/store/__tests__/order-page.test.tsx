import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessRange } from '@agent-bo/shared';
import { envelope, findTestId, setUpStubbedApp } from '../../../test/app-harness';
import { runOnTestClock, testNow, itAtEachInstant } from '../../../test/clock';
import { backend, callsTo, click, messages, pick, resetBackend, storeServer, type } from './store-harness';

// The test clock first: the signed-in session the stubbed app starts with is stamped with the
// clock's now, which must be the instant the test runs at (TEST_NOW), not today's.
runOnTestClock();
setUpStubbedApp({ signedIn: true, reset: resetBackend, server: storeServer });

/** The page's table; the first page of a run loads the app's chunks cold, which can pass 5 s on a busy machine. */
const findTable = (id: string) => screen.findByTestId(id, {}, { timeout: 20_000 });

async function start() {
  const { startApp } = await import('../../../test/app-harness');
  await startApp('/store/order');
  await findTable('order-table');
  await waitFor(() => expect(screen.getByTestId('order-goods-501').textContent).toContain('Bluetooth earbuds × 1'));
}

describe('order page', { timeout: 30_000 }, () => {
  itAtEachInstant("opens on today's business day in the site's zone and searches by status, player and goods", {}, async () => {
    await start();
    const today = businessRange('today', testNow(), 'Asia/Taipei');
    expect(callsTo('order/list')[0]!.body).toEqual({ ...today, page: 1, pageSize: 10 });
    expect(screen.getByTestId('order-note-502').textContent).toContain('DHL 123');

    await pick(screen.getByTestId('order-filter-status'), 'Unshipped');
    await type(screen.getByTestId('order-filter-player'), ' 9000001 ');
    await pick(screen.getByTestId('order-filter-goods'), 'Bluetooth earbuds');
    await click(screen.getByTestId('order-search'));
    await waitFor(() =>
      expect(callsTo('order/list').at(-1)?.body).toEqual({
        ...today,
        status: 'Unshipped',
        accountNo: '9000001',
        goodsId: 21,
        page: 1,
        pageSize: 10,
      }),
    );
  });

  it('ships an unshipped order with a note after confirmation', async () => {
    await start();
    expect(screen.queryByTestId('order-ship-502')).toBeNull();
    await click(screen.getByTestId('order-ship-501'));
    const modal = await findTestId('order-action-modal');
    expect(modal.textContent).toContain('Ship order #501?');
    await type(within(modal).getByTestId('order-note'), '  DHL 987654  ');
    await click(screen.getByTestId('order-action-ok'));
    await waitFor(() => expect(callsTo('order/ship')).toHaveLength(1));
    expect(callsTo('order/ship')[0]!.body).toEqual({ id: 501, version: 1, note: 'DHL 987654' });
    await waitFor(() => expect(messages().join()).toContain('Order shipped'));
    await waitFor(() => expect(screen.getByTestId('order-status-501').textContent).toBe('Shipped'));
    expect(screen.queryByTestId('order-ship-501')).toBeNull();
  });

  it('cancels after a confirmation that says the points go back', async () => {
    await start();
    await click(screen.getByTestId('order-cancel-501'));
    const modal = await findTestId('order-action-modal');
    expect(modal.textContent).toContain('1,200 points go back to 9000001');
    await click(screen.getByTestId('order-action-ok'));
    await waitFor(() => expect(callsTo('order/cancel')).toHaveLength(1));
    expect(callsTo('order/cancel')[0]!.body).toEqual({ id: 501, version: 1, note: '' });
    await waitFor(() => expect(screen.getByTestId('order-status-501').textContent).toBe('Cancelled'));
  });

  it("a refused action (someone shipped it meanwhile) says the server's words and reads the list again", async () => {
    backend.answer = envelope(null, 8009, 'This order is no longer unshipped', 409);
    await start();
    const before = callsTo('order/list').length;
    await click(screen.getByTestId('order-ship-501'));
    await click(await findTestId('order-action-ok'));
    await waitFor(() => expect(messages().join()).toContain('This order is no longer unshipped'));
    await waitFor(() => expect(callsTo('order/list').length).toBeGreaterThan(before));
  });

  itAtEachInstant('a reader (STORE_ORDER_READ only) sees the orders and exports them, without ship or cancel', {}, async () => {
    backend.codes = ['STORE_ORDER_READ'];
    await start();
    expect(screen.getByTestId('store-readonly')).toBeTruthy();
    expect(screen.queryByTestId('order-ship-501')).toBeNull();
    expect(screen.queryByTestId('order-cancel-501')).toBeNull();
    await click(screen.getByTestId('order-export'));
    await waitFor(() => expect(callsTo('order/export')).toHaveLength(1));
    const today = businessRange('today', testNow(), 'Asia/Taipei');
    expect(callsTo('order/export')[0]!.query).toMatchObject({ start: today.start, end: today.end });
  });

  it('without a goods code the goods filter is left out and the goods list is never asked for', async () => {
    backend.codes = ['STORE_ORDER_READ'];
    await start();
    expect(screen.getByTestId('order-filter-status')).toBeTruthy();
    expect(screen.queryByTestId('order-filter-goods')).toBeNull();
    expect(callsTo('goods/list')).toEqual([]);
    expect(messages()).toEqual([]);
  });
});
