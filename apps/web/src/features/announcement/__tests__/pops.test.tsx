import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findTestId, setUpStubbedApp } from '../../../test/app-harness';
import { backend, callsTo, click, contentItem, contentServer, PAGE_PATHS, resetBackend } from './content-harness';

const title = (zh_TW: string, en: string) => ({ zh_TW, en, th: '', vi: '' });

setUpStubbedApp({
  signedIn: true,
  reset: () =>
    resetBackend([
      contentItem({ id: 1, title: title('春節', 'Spring festival'), popOrder: 0 }),
      contentItem({ id: 2, title: title('首儲', 'First deposit'), popOrder: 1 }),
      contentItem({ id: 3, title: title('抽獎', 'Lucky draw'), popOrder: null }),
    ]),
  server: contentServer,
});

async function openPops() {
  const { startApp } = await import('../../../test/app-harness');
  await startApp(PAGE_PATHS.ACTIVITY);
  await click(await screen.findByTestId('content-pops', {}, { timeout: 10_000 }));
  return findTestId('pops-modal');
}

const order = (modal: HTMLElement) =>
  [...within(modal).getByTestId('pops-list').querySelectorAll('li')].map((li) => li.getAttribute('data-testid'));

describe('pop-up order', { timeout: 30_000 }, () => {
  it('reads the chosen pop-ups in order, then moves, adds and removes, and saves the new order with set_pops', async () => {
    const modal = await openPops();
    await waitFor(() => expect(order(modal)).toEqual(['pop-row-1', 'pop-row-2']));
    expect(callsTo('list').some((c) => c.body?.popsOnly === true)).toBe(true);
    expect(callsTo('list').find((c) => c.body?.popsOnly)?.body).toEqual({
      type: 'ACTIVITY',
      popsOnly: true,
      sortBy: 'popOrder',
      order: 'asc',
      pageSize: 100,
    });
    expect((within(modal).getByTestId('pops-save') as HTMLButtonElement).disabled).toBe(true);

    // The drag handle is keyboard-operable (dnd-kit's sortable attributes), with translated instructions.
    const handle = within(modal).getByTestId('pop-drag-2');
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
    expect(document.getElementById(handle.getAttribute('aria-describedby')!)?.textContent).toContain('press space or enter');

    await click(within(modal).getByTestId('pop-down-1'));
    expect(order(modal)).toEqual(['pop-row-2', 'pop-row-1']);

    const add = within(modal).getByTestId('pop-add');
    await act(async () => {
      fireEvent.mouseDown(add.querySelector('.ant-select-selector') ?? add);
    });
    const option = (await screen.findAllByTestId('pop-candidate-3')).at(-1)!;
    expect(screen.queryByTestId('pop-candidate-1')).toBeNull();
    await click(option);
    expect(order(modal)).toEqual(['pop-row-2', 'pop-row-1', 'pop-row-3']);

    await click(within(modal).getByTestId('pop-up-3'));
    await click(within(modal).getByTestId('pop-remove-2'));
    expect(order(modal)).toEqual(['pop-row-3', 'pop-row-1']);

    await click(within(modal).getByTestId('pops-save'));
    await waitFor(() => expect(callsTo('set_pops').map((c) => c.body)).toEqual([{ ids: [3, 1] }]));
    expect(await screen.findByText('Saved successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('pops-modal')).toBeNull());
    expect(backend.items.map((i) => [i.id, i.popOrder])).toEqual([
      [1, 1],
      [2, null],
      [3, 0],
    ]);
  });
});
