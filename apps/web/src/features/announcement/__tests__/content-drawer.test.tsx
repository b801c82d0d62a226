import { screen, waitFor, within, fireEvent } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { findTestId, envelope, setUpStubbedApp } from '../../../test/app-harness';
import { runOnTestClock, testNow, itAtEachInstant } from '../../../test/clock';
import { siteNow } from '../../../lib/time-range';
import {
  backend,
  callsTo,
  click,
  contentItem,
  contentServer,
  PAGE_PATHS,
  pasteHtml,
  resetBackend,
  stubRangeLayout,
  typeDate,
} from './content-harness';

stubRangeLayout();
runOnTestClock();

const EMPTY = { zh_TW: '', en: '', th: '', vi: '' };

setUpStubbedApp({
  signedIn: true,
  reset: () =>
    resetBackend([
      contentItem({
        id: 5,
        type: 'ANNOUNCEMENT',
        version: 3,
        title: { zh_TW: '維護公告', en: 'Maintenance', th: '', vi: '' },
        body: { zh_TW: '<p>維護</p>', en: '', th: '', vi: '' },
        sort: 2,
      }),
    ]),
  server: contentServer,
});

async function open(path: string, button: string) {
  const { startApp } = await import('../../../test/app-harness');
  await startApp(path);
  await click(await screen.findByTestId(button, {}, { timeout: 10_000 }));
  return findTestId('content-drawer');
}

const field = (drawer: HTMLElement, id: string) => within(drawer).getByTestId(id) as HTMLInputElement;
const pickerInput = (drawer: HTMLElement, id: string) => within(drawer).getByTestId(id).querySelector('input') ?? field(drawer, id);
const saves = () => callsTo('save').map((c) => c.body);

describe('content drawer', { timeout: 30_000 }, () => {
  itAtEachInstant(
    'creates an announcement: zh_TW title, the editor’s HTML, the window in site time and the status; then the list reloads',
    {},
    async () => {
      const drawer = await open(PAGE_PATHS.ANNOUNCEMENT, 'content-create');
      // A new item starts as a draft running a week from the site's wall clock.
      const now = dayjs(siteNow('Asia/Taipei', testNow())).second(0);
      expect(pickerInput(drawer, 'content-start').value).toBe(now.format('YYYY-MM-DD HH:mm:ss'));
      expect(pickerInput(drawer, 'content-end').value).toBe(now.add(7, 'day').format('YYYY-MM-DD HH:mm:ss'));
      expect(field(drawer, 'content-published').getAttribute('aria-checked')).toBe('false');
      expect(within(drawer).getByTestId('content-locale-en').textContent).toContain('Optional: left empty, 繁體中文 is shown instead');

      fireEvent.change(field(drawer, 'content-title-zh_TW'), { target: { value: '新年公告' } });
      await pasteHtml(await within(drawer).findByTestId('content-body-zh_TW-content'), '<p>Hello <strong>world</strong></p>');
      await typeDate(pickerInput(drawer, 'content-start'), '2030-03-01 10:00:00');
      await typeDate(pickerInput(drawer, 'content-end'), '2030-03-08 10:00:00');
      await click(field(drawer, 'content-published'));
      fireEvent.change(field(drawer, 'content-sort'), { target: { value: '3' } });
      const listsBefore = callsTo('list').length;
      await click(within(drawer).getByTestId('content-save'));

      await waitFor(() =>
        expect(saves()).toEqual([
          {
            type: 'ANNOUNCEMENT',
            title: { ...EMPTY, zh_TW: '新年公告' },
            body: { ...EMPTY, zh_TW: '<p>Hello <strong>world</strong></p>' },
            imageId: null,
            startAt: '2030-03-01 10:00:00',
            endAt: '2030-03-08 10:00:00',
            status: 'Published',
            sort: 3,
          },
        ]),
      );
      expect(await screen.findByText('Saved successfully')).toBeTruthy();
      await waitFor(() => expect(callsTo('list').length).toBeGreaterThan(listsBefore));
    },
  );

  it('names each editor button that shows text with a label that starts with that text (label in name)', async () => {
    const drawer = await open(PAGE_PATHS.ANNOUNCEMENT, 'content-create');
    for (const id of ['editor-h2', 'editor-h3']) {
      const [button] = await within(drawer).findAllByTestId(id);
      const visible = button!.textContent!.trim();
      expect(visible).toMatch(/^H[23]$/);
      expect(button!.getAttribute('aria-label')!.startsWith(`${visible} `), button!.getAttribute('aria-label')!).toBe(true);
    }
  });

  it('checks on the client first: zh_TW title required (its tab is shown) and the end after the start', async () => {
    const drawer = await open(PAGE_PATHS.ANNOUNCEMENT, 'content-create');
    await click(within(drawer).getByTestId('content-tab-vi'));
    await typeDate(pickerInput(drawer, 'content-end'), '2020-01-01 00:00:00');
    await click(within(drawer).getByTestId('content-save'));
    expect(await within(drawer).findByText('Please enter the Traditional Chinese title')).toBeTruthy();
    expect(await within(drawer).findByText('The end must be after the start')).toBeTruthy();
    await waitFor(() => expect(within(drawer).getByRole('tab', { selected: true }).textContent).toContain('繁體中文'));
    expect(saves()).toEqual([]);
  });

  it('an edit sends the version it read; a stale answer shows the server’s message and reloads the item', async () => {
    const drawer = await open(PAGE_PATHS.ANNOUNCEMENT, 'content-edit-5');
    expect(field(drawer, 'content-title-zh_TW').value).toBe('維護公告');
    fireEvent.change(field(drawer, 'content-title-en'), { target: { value: 'Planned maintenance' } });
    backend.saveAnswer = envelope(null, 5002, 'Someone else changed this content; reload it before editing', 409);
    await click(within(drawer).getByTestId('content-save'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ id: 5, version: 3, title: { zh_TW: '維護公告', en: 'Planned maintenance' } });
    expect((await within(drawer).findByTestId('content-stale')).textContent).toContain('Someone else changed this content');

    // Someone else's save: a new title and version 4.
    backend.items = [{ ...backend.items[0]!, version: 4, title: { zh_TW: '系統維護', en: 'System upgrade', th: '', vi: '' } }];
    backend.saveAnswer = null;
    await click(within(drawer).getByTestId('content-reload'));
    await waitFor(() => expect(field(drawer, 'content-title-zh_TW').value).toBe('系統維護'));
    expect(callsTo('list').at(-1)?.body).toMatchObject({ type: 'ANNOUNCEMENT', sortBy: 'updatedAt', order: 'desc' });
    expect(within(drawer).queryByTestId('content-stale')).toBeNull();
    await click(within(drawer).getByTestId('content-save'));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]).toMatchObject({ id: 5, version: 4, title: { zh_TW: '系統維護', en: 'System upgrade' } });
  });

  it('a field the server refuses is marked on the form with the translated rule, and the message is shown', async () => {
    const drawer = await open(PAGE_PATHS.ANNOUNCEMENT, 'content-edit-5');
    backend.saveAnswer = envelope([{ path: 'title.zh_TW', message: 'content.titleRequired' }], 1000, 'Some of the input is invalid', 400);
    await click(within(drawer).getByTestId('content-save'));
    expect(await within(drawer).findByText('Please enter the Traditional Chinese title')).toBeTruthy();
    expect(await screen.findByText('Some of the input is invalid')).toBeTruthy();
    expect(within(drawer).queryByTestId('content-stale')).toBeNull();
  });

  it('a broadcast has one single-line text per locale (200 at most), no editor and no image', async () => {
    const drawer = await open(PAGE_PATHS.BROADCAST, 'content-create');
    const text = field(drawer, 'content-title-zh_TW');
    expect(text.tagName).toBe('INPUT');
    expect(text.maxLength).toBe(200);
    expect(within(drawer).queryByTestId('content-body-zh_TW')).toBeNull();
    expect(within(drawer).queryByRole('toolbar')).toBeNull();
    expect(within(drawer).queryByTestId('content-image')).toBeNull();
    fireEvent.change(text, { target: { value: '今晚十點維護' } });
    await click(within(drawer).getByTestId('content-save'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    const body = saves()[0]!;
    expect(body).toMatchObject({ type: 'BROADCAST', title: { ...EMPTY, zh_TW: '今晚十點維護' }, status: 'Draft' });
    expect(body).not.toHaveProperty('body');
    expect(body).not.toHaveProperty('imageId');
  });
});
