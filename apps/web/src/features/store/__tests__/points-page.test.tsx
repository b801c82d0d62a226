import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessRange } from '@agent-bo/shared';
import { setUpStubbedApp } from '../../../test/app-harness';
import { runOnTestClock, testNow, itAtEachInstant } from '../../../test/clock';
import { backend, callsTo, click, pick, resetBackend, storeServer, type } from './store-harness';

// The test clock first: the signed-in session the stubbed app starts with is stamped with the
// clock's now, which must be the instant the test runs at (TEST_NOW), not today's.
runOnTestClock();
setUpStubbedApp({ signedIn: true, reset: resetBackend, server: storeServer });

/** The page's table; the first page of a run loads the app's chunks cold, which can pass 5 s on a busy machine. */
const findTable = (id: string) => screen.findByTestId(id, {}, { timeout: 20_000 });

async function start() {
  const { startApp } = await import('../../../test/app-harness');
  await startApp('/store/points');
  await findTable('points-table');
  await waitFor(() => expect(screen.getByTestId('points-balance-1')).toBeTruthy());
}

describe('points detail page', { timeout: 30_000 }, () => {
  it('shows each entry with its signed amount and the balance after it (the running balance)', async () => {
    await start();
    const rows = [...screen.getByTestId('points-table').querySelectorAll('tbody tr.ant-table-row')];
    const cells = (id: string) => [
      screen.getByTestId(`points-amount-${id}`).textContent,
      screen.getByTestId(`points-balance-${id}`).textContent,
    ];
    expect(rows).toHaveLength(3);
    // Newest first: 150 earned, 100 spent, 40 refunded → 150, 50, 90.
    expect([cells('3'), cells('2'), cells('1')]).toEqual([
      ['+40', '90'],
      ['−100', '50'],
      ['+150', '150'],
    ]);
    expect(screen.getByTestId('points-table').textContent).toContain('Refund of a cancelled order');
  });

  itAtEachInstant("searches one player and type from today's business day; the player's balance is said", {}, async () => {
    await start();
    const today = businessRange('today', testNow(), 'Asia/Taipei');
    expect(callsTo('points/list')[0]!.body).toEqual({ ...today, page: 1, pageSize: 10 });
    await type(screen.getByTestId('points-filter-player'), '9000001');
    await click(screen.getByTestId('points-search'));
    await waitFor(() => expect(callsTo('points/list').at(-1)?.body).toEqual({ ...today, accountNo: '9000001', page: 1, pageSize: 10 }));
    await waitFor(() => expect(screen.getByTestId('points-zone').textContent).toContain('9000001: 90 points'));
    await pick(screen.getByTestId('points-filter-type'), 'Store redemption');
    await click(screen.getByTestId('points-search'));
    await waitFor(() => expect(callsTo('points/list').at(-1)?.body).toMatchObject({ accountNo: '9000001', type: 'PointsStore' }));
  });

  itAtEachInstant('exports the filters shown as CSV', {}, async () => {
    await start();
    await click(screen.getByTestId('points-export'));
    await waitFor(() => expect(callsTo('points/export')).toHaveLength(1));
    const today = businessRange('today', testNow(), 'Asia/Taipei');
    expect(callsTo('points/export')[0]!.query).toMatchObject({ start: today.start, end: today.end });
    expect(callsTo('points/export')[0]!.query.accountNo).toBeUndefined();
  });

  it('a failed list shows the failure with a retry', async () => {
    backend.failing.add('points/list');
    const { startApp } = await import('../../../test/app-harness');
    await startApp('/store/points');
    expect((await findTable('points-failed')).textContent).toContain('The database is not answering');
    expect(screen.getByTestId('points-retry')).toBeTruthy();
  });
});
