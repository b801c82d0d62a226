import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findTestId, setUpStubbedApp } from '../../../test/app-harness';
import { backend, callsTo, click, materialServer, messages, pick, resetBackend, type, firstPage } from './material-harness';

setUpStubbedApp({ signedIn: true, reset: resetBackend, server: materialServer });

async function start() {
  const { startApp } = await import('../../../test/app-harness');
  await startApp('/material/game');
  await firstPage('game-table');
  await waitFor(() => expect(screen.getByTestId('game-name-11').textContent).toContain('Fortune Tiger'));
}

/** Ticks the selection box of a game's row. */
async function select(id: number) {
  const row = document.querySelector(`tr[data-row-key="${id}"]`)!;
  await click(row.querySelector('input[type="checkbox"]')!);
}

describe('game page', { timeout: 20_000 }, () => {
  it('shows names (the operator’s, else the provider’s), provider and code, tag, and the lobby state when it differs', async () => {
    await start();
    expect(screen.getByTestId('game-name-11').textContent).toContain("provider's name");
    expect(screen.getByTestId('game-name-12').textContent).toContain('Baccarat');
    expect(screen.getByTestId('game-name-12').textContent).toContain('your name');
    expect(screen.getByTestId('game-tag-12').textContent).toBe('Hot');
    expect(screen.getByTestId('game-status-11').textContent).toBe('Active');
    expect(screen.getByTestId('game-lobby-12').textContent).toBe('Lobby: maintenance');
    expect(screen.getByTestId('game-lobby-13').textContent).toBe('Lobby: delisted');
    const row = document.querySelector('tr[data-row-key="12"]')!;
    expect(row.textContent).toContain('Evolution');
    expect(row.textContent).toContain('baccarat');
    expect(callsTo('game/list').at(-1)?.body).toEqual({ page: 1, pageSize: 10 });
  });

  it('searches by provider, category, tag, status and text from page 1', async () => {
    await start();
    await pick(screen.getByTestId('game-filter-provider'), 'PG Soft');
    await pick(screen.getByTestId('game-filter-category'), 'Live');
    await pick(screen.getByTestId('game-filter-tag'), 'Recommended');
    await pick(screen.getByTestId('game-filter-status'), 'Maintenance');
    await type(screen.getByTestId('game-filter-text'), ' tiger ');
    await click(screen.getByTestId('game-search'));
    await waitFor(() =>
      expect(callsTo('game/list').at(-1)?.body).toEqual({
        providerCode: 'PG',
        categoryId: 2,
        tag: 3,
        status: 'MAINTAIN',
        text: 'tiger',
        page: 1,
        pageSize: 10,
      }),
    );
  });

  it('the edit drawer saves the operator’s fields with the version it read', async () => {
    await start();
    await click(screen.getByTestId('game-edit-11'));
    const drawer = await findTestId('game-drawer');
    expect(within(drawer).getByTestId('game-provider-facts').textContent).toContain('96.81%');
    await type(within(drawer).getByTestId('material-name-zh_TW'), '財神虎');
    await pick(within(drawer).getByTestId('game-category'), 'Live');
    await pick(within(drawer).getByTestId('game-tag'), 'New');
    await pick(within(drawer).getByTestId('game-status'), 'Maintenance');
    await click(within(drawer).getByTestId('game-visible'));
    await click(screen.getByTestId('material-save'));
    await waitFor(() => expect(callsTo('game/save')).toHaveLength(1));
    expect(callsTo('game/save')[0]!.body).toEqual({
      id: 11,
      version: 2,
      names: { zh_TW: '財神虎', en: '', th: '', vi: '' },
      imageId: null,
      categoryId: 2,
      tag: 2,
      status: 'MAINTAIN',
      sort: 0,
      visible: false,
    });
    await waitFor(() => expect(messages().join()).toContain('Saved successfully'));
  });

  it('bulk actions with nothing selected say so and send nothing', async () => {
    await start();
    await click(screen.getByTestId('game-bulk-status'));
    await waitFor(() => expect(messages().join()).toContain('Please select at least one record'));
    await click(screen.getByTestId('game-bulk-tag'));
    expect(screen.queryByTestId('bulk-tag-1')).toBeNull();
    expect(callsTo('game/bulk_status')).toHaveLength(0);
    expect(callsTo('game/bulk_tag')).toHaveLength(0);
  });

  it('bulk tag and status send the selected ids; no row changed says "data unchanged"', async () => {
    await start();
    await select(11);
    await select(13);
    expect(screen.getByTestId('game-selected').textContent).toBe('2 selected');
    await click(screen.getByTestId('game-bulk-tag'));
    await click(await findTestId('bulk-tag-3'));
    await waitFor(() => expect(callsTo('game/bulk_tag')).toHaveLength(1));
    expect(callsTo('game/bulk_tag')[0]!.body).toEqual({ ids: [11, 13], tag: 3 });
    await waitFor(() => expect(messages().join()).toContain('Saved successfully: 2 changed'));

    backend.changed = 0;
    await click(screen.getByTestId('game-bulk-status'));
    await click(await findTestId('bulk-status-DISABLE'));
    await waitFor(() => expect(callsTo('game/bulk_status')).toHaveLength(1));
    expect(callsTo('game/bulk_status')[0]!.body).toEqual({ ids: [11, 13], status: 'DISABLE' });
    await waitFor(() => expect(messages().join()).toContain('Data unchanged'));
  });

  it('a reader (GAME_READ only) sees the games and no write controls', async () => {
    backend.codes = ['GAME_READ'];
    await start();
    expect(screen.getByTestId('material-readonly')).toBeTruthy();
    expect(screen.queryByTestId('game-edit-11')).toBeNull();
    expect(screen.queryByTestId('game-bulk-status')).toBeNull();
    expect(screen.queryByTestId('game-bulk-tag')).toBeNull();
    expect(document.querySelector('tr[data-row-key="11"] input[type="checkbox"]')).toBeNull();
  });
});
