import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findTestId, setUpStubbedApp } from '../../../test/app-harness';
import {
  backend,
  callsTo,
  click,
  keyboardMove,
  layOutSortableRowsInEachTest,
  materialServer,
  messages,
  resetBackend,
  firstPage,
} from './material-harness';

setUpStubbedApp({ signedIn: true, reset: resetBackend, server: materialServer });

layOutSortableRowsInEachTest();

async function start() {
  const { startApp } = await import('../../../test/app-harness');
  await startApp('/material/tag');
  const list = await firstPage('recommend-list');
  return list;
}

const order = () => [...screen.getByTestId('recommend-list').querySelectorAll('li')].map((li) => li.getAttribute('data-testid'));

describe('recommend management page', { timeout: 30_000 }, () => {
  it('lists the hot games in order with names, provider and code; a keyboard move is saved with tag/sort', async () => {
    await start();
    expect(callsTo('tag/list')[0]?.body).toEqual({ tag: 1 });
    expect(order()).toEqual(['recommend-row-12', 'recommend-row-14']);
    const first = screen.getByTestId('recommend-row-12');
    expect(first.textContent).toContain('Baccarat');
    expect(first.textContent).toContain('Evolution · baccarat');
    expect(screen.getByTestId('game-line-name-14').textContent).toBe('Mahjong Ways');
    expect((screen.getByTestId('recommend-save') as HTMLButtonElement).disabled).toBe(true);

    // The handle has an accessible name and dnd-kit's translated instructions.
    const handle = screen.getByTestId('recommend-drag-12');
    expect(handle.getAttribute('aria-label')).toBe('Drag to reorder “Baccarat”');
    expect(document.getElementById(handle.getAttribute('aria-describedby')!)?.textContent).toContain('press space or enter');

    await keyboardMove(handle, 'ArrowDown');
    await waitFor(() => expect(order()).toEqual(['recommend-row-14', 'recommend-row-12']));
    await click(screen.getByTestId('recommend-save'));
    await waitFor(() => expect(callsTo('tag/sort').map((c) => c.body)).toEqual([{ tag: 1, ids: [14, 12] }]));
    await waitFor(() => expect(messages().join()).toContain('Saved successfully'));
  });

  it('another tag lists its own games; reset puts the server’s order back', async () => {
    await start();
    await click(screen.getByTestId('recommend-down-12'));
    expect(order()).toEqual(['recommend-row-14', 'recommend-row-12']);
    await click(screen.getByTestId('recommend-reset'));
    expect(order()).toEqual(['recommend-row-12', 'recommend-row-14']);
    await click(screen.getByTestId('recommend-tag-3'));
    await waitFor(() => expect(callsTo('tag/list').at(-1)?.body).toEqual({ tag: 3 }));
    await waitFor(() => expect(order()).toEqual(['recommend-row-11']));
    await click(screen.getByTestId('recommend-tag-2'));
    expect(await screen.findByText('No game is tagged New')).toBeTruthy();
  });

  it('adds games to the tag with bulk_tag (nothing picked: the grid notice) and removes one after confirmation', async () => {
    await start();
    await click(screen.getByTestId('recommend-add-apply'));
    await waitFor(() => expect(messages().join()).toContain('Please select at least one record'));
    expect(callsTo('game/bulk_tag')).toHaveLength(0);

    const add = screen.getByTestId('recommend-add');
    await act(async () => {
      fireEvent.mouseDown(add.querySelector('.ant-select-selector') ?? add);
    });
    // The games already carrying the tag are not offered.
    await click((await screen.findAllByTestId('recommend-add-option-11')).at(-1)!);
    expect(screen.queryByTestId('recommend-add-option-12')).toBeNull();
    await click(screen.getByTestId('recommend-add-apply'));
    await waitFor(() => expect(callsTo('game/bulk_tag').map((c) => c.body)).toEqual([{ ids: [11], tag: 1 }]));
    await waitFor(() => expect(messages().join()).toContain('Saved successfully: 1 changed'));

    await click(screen.getByTestId('recommend-remove-14'));
    await click(await findTestId('recommend-remove-ok'));
    await waitFor(() => expect(callsTo('game/bulk_tag').at(-1)?.body).toEqual({ ids: [14], tag: 0 }));
  });

  it('TAG_WRITE without GAME_WRITE orders the games but does not add or remove any', async () => {
    backend.codes = ['TAG_WRITE', 'GAME_READ'];
    await start();
    expect(screen.getByTestId('recommend-drag-12')).toBeTruthy();
    expect(screen.getByTestId('recommend-save')).toBeTruthy();
    expect(screen.queryByTestId('recommend-add')).toBeNull();
    expect(screen.queryByTestId('recommend-remove-12')).toBeNull();
  });

  it('a reader (TAG_READ only) sees the ordered games and no write controls', async () => {
    backend.codes = ['TAG_READ'];
    const list = await start();
    expect(screen.getByTestId('material-readonly')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByTestId('recommend-drag-12')).toBeNull();
    expect(screen.queryByTestId('recommend-down-12')).toBeNull();
    expect(screen.queryByTestId('recommend-save')).toBeNull();
    expect(screen.queryByTestId('recommend-add')).toBeNull();
    // Without a game code the provider's code stands for its name.
    expect(screen.getByTestId('recommend-row-12').textContent).toContain('EVO · baccarat');
  });
});
