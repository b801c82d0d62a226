import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findTestId, setUpStubbedApp } from '../../../test/app-harness';
import { backend, callsTo, contentItem, contentServer, PAGE_PATHS, resetBackend, typeDate } from './content-harness';

setUpStubbedApp({
  signedIn: true,
  reset: () =>
    resetBackend([
      contentItem({ id: 1, title: { zh_TW: '春節活動', en: 'Spring festival', th: '', vi: '' }, popOrder: 0 }),
      contentItem({ id: 2, title: { zh_TW: '只有中文', en: '', th: '', vi: '' }, status: 'Draft', sort: 5 }),
    ]),
  server: contentServer,
});

async function start(path = PAGE_PATHS.ACTIVITY) {
  const { startApp } = await import('../../../test/app-harness');
  await startApp(path);
  return findTestId('content-table');
}

const lastList = () => callsTo('list').at(-1)?.body;

/** The text of a row's cell under the column titled `column`. */
function cellOf(column: string, id: number): string | null | undefined {
  const headers = [...screen.getByTestId('content-table').querySelectorAll('thead th')];
  const index = headers.findIndex((th) => th.textContent === column);
  return screen.getByTestId(`content-row-${id}`).querySelectorAll('td')[index]?.textContent;
}

describe('content list', { timeout: 20_000 }, () => {
  it('the menu shows the content screens to a holder of ACTIVITY_READ; /announcement opens activities', async () => {
    backend.codes = ['ACTIVITY_READ'];
    await start('/announcement');
    await waitFor(() => expect(window.location.pathname).toBe('/announcement/activity'));
    const menu = screen.getByTestId('side-menu');
    expect(menu.textContent).toContain('Site content');
    await act(async () => {
      fireEvent.click(within(menu).getByText('Site content'));
    });
    await waitFor(() => expect(menu.textContent).toContain('Broadcasts (marquee)'));
    expect(menu.textContent).toContain('Activities');
    expect(menu.textContent).toContain('Announcements');
  });

  it('shows titles in the user’s language with the zh_TW fallback, status, window and pop-up position', async () => {
    await start();
    await waitFor(() => expect(screen.getByTestId('content-title-cell-1').textContent).toBe('Spring festival'));
    expect(screen.getByTestId('content-title-cell-2').textContent).toBe('只有中文');
    const row = screen.getByTestId('content-row-1');
    expect(row.textContent).toContain('Published');
    expect(row.textContent).toContain('2030-01-01 00:00:00');
    expect(row.textContent).toContain('2030-02-01 00:00:00');
    expect(screen.getByTestId('content-row-2').textContent).toContain('Draft');
    // Pop-up positions count from 1 on the screen; a non-pop-up shows a dash.
    expect(cellOf('Pop-up order', 1)).toBe('1');
    expect(cellOf('Pop-up order', 2)).toBe('—');
    expect(lastList()).toEqual({ type: 'ACTIVITY', sortBy: 'sort', order: 'asc', page: 1, pageSize: 10 });
  });

  it('a reader sees the table and a view action, and no write control at all', async () => {
    backend.codes = ['ACTIVITY_READ'];
    await start();
    await findTestId('content-row-1');
    expect(screen.getByTestId('content-readonly')).toBeTruthy();
    for (const id of ['content-create', 'content-delete-selected', 'content-pops', 'content-edit-1', 'content-delete-1']) {
      expect(screen.queryByTestId(id)).toBeNull();
    }
    expect(screen.getByTestId('content-table').querySelector('input[type="checkbox"]')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTestId('content-view-1'));
    });
    const drawer = await findTestId('content-drawer');
    expect((within(drawer).getByTestId('content-title-zh_TW') as HTMLInputElement).value).toBe('春節活動');
    expect(within(drawer).queryByTestId('content-save')).toBeNull();
    expect(within(drawer).queryByRole('toolbar')).toBeNull();
    expect(within(drawer).queryByTestId('content-image-upload')).toBeNull();
  });

  it('searches on the server by title, status and a site-time range, and pages and sorts there', async () => {
    backend.total = 120;
    await start(PAGE_PATHS.ANNOUNCEMENT);
    await waitFor(() => expect(lastList()).toMatchObject({ type: 'ANNOUNCEMENT' }));
    fireEvent.change(screen.getByTestId('content-filter-title'), { target: { value: ' 春節 ' } });
    const status = screen.getByTestId('content-filter-status');
    await act(async () => {
      fireEvent.mouseDown(status.querySelector('.ant-select-selector') ?? status);
    });
    await act(async () => {
      fireEvent.click((await screen.findAllByTestId('content-filter-status-Draft')).at(-1)!);
    });
    const range = screen.getByTestId('content-filters').querySelectorAll<HTMLInputElement>('.filter-line__wide input');
    await typeDate(range[0]!, '2030-01-05 00:00:00');
    await typeDate(range[1]!, '2030-01-20 23:59:59');
    await act(async () => {
      fireEvent.click(screen.getByTestId('content-search'));
    });
    await waitFor(() =>
      expect(lastList()).toEqual({
        type: 'ANNOUNCEMENT',
        title: '春節',
        status: 'Draft',
        start: '2030-01-05 00:00:00',
        end: '2030-01-20 23:59:59',
        sortBy: 'sort',
        order: 'asc',
        page: 1,
        pageSize: 10,
      }),
    );

    const table = screen.getByTestId('content-table');
    await act(async () => {
      fireEvent.click(within(table).getByTitle('2'));
    });
    await waitFor(() => expect(lastList()).toMatchObject({ page: 2, pageSize: 10, title: '春節' }));

    await act(async () => {
      fireEvent.click([...table.querySelectorAll('th.ant-table-column-has-sorters')].find((th) => th.textContent === 'End')!);
    });
    await waitFor(() => expect(lastList()).toMatchObject({ sortBy: 'endAt', order: 'asc', page: 1 }));
  });

  it('deleting with nothing selected says so; with a selection it asks, then deletes those ids', async () => {
    await start();
    await findTestId('content-row-2');
    await act(async () => {
      fireEvent.click(screen.getByTestId('content-delete-selected'));
    });
    expect(await screen.findByText('Please select at least one record')).toBeTruthy();
    expect(screen.queryByTestId('content-delete-confirm')).toBeNull();

    for (const id of [1, 2]) {
      await act(async () => {
        fireEvent.click(within(screen.getByTestId(`content-row-${id}`)).getByRole('checkbox'));
      });
    }
    await act(async () => {
      fireEvent.click(screen.getByTestId('content-delete-selected'));
    });
    expect((await findTestId('content-delete-confirm')).textContent).toContain('2');
    expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('Delete the selected records?');
    expect(callsTo('delete')).toHaveLength(0);
    await act(async () => {
      fireEvent.click(await findTestId('content-delete-ok'));
    });
    await waitFor(() => expect(callsTo('delete').map((c) => [c.method, c.body])).toEqual([['DELETE', { ids: [1, 2] }]]));
    expect(await screen.findByText('Deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('content-row-1')).toBeNull());
  });
});
