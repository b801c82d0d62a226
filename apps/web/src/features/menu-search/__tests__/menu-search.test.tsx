import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toMenuItems } from '../../../components/menu-items';
import type { AppRoute } from '../../../lib/route-types';
import { useAppStore } from '../../../stores/app-store';
import { usePermissionStore } from '../../../stores/permission-store';
import { i18n, initI18n } from '../../../lib/i18n';
import { useLockStore } from '../../../stores/lock-store';
import { MenuSearchButton } from '../components/menu-search-button';
import { filterEntries, flattenMenuItems } from '../menu-entries';

/**
 * A menu with every visibility case: a plain entry, a group with a visible and a hidden child,
 * a parent whose children are hidden in the menu, and a hidden route.
 */
const ROUTES: AppRoute[] = [
  {
    name: 'Dashboard',
    path: '/dashboard',
    page: 'Dashboard',
    meta: { titleKey: 'routes.dashboard', hideChildrenInMenu: true },
    children: [{ name: 'Workbench', path: '/dashboard/workbench', page: 'Workbench', meta: { titleKey: 'routes.workbench' } }],
  },
  {
    name: 'Log',
    path: '/log',
    redirect: '/log/member',
    meta: { titleKey: 'routes.log' },
    children: [
      { name: 'Member', path: '/log/member', page: 'Member', meta: { titleKey: 'routes.member' } },
      { name: 'Register', path: '/log/register', page: 'Register', meta: { titleKey: 'routes.register', hideMenu: true } },
    ],
  },
  { name: 'ErrorLog', path: '/error-log/list', page: 'ErrorLog', meta: { titleKey: 'routes.errorLog', hideMenu: true } },
];

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderSearch() {
  return render(
    // No motion: a closing dialog leaves the DOM at once instead of after its animation.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <MenuSearchButton />
        <Where />
      </MemoryRouter>
    </ConfigProvider>,
  );
}

const items = () => screen.queryAllByTestId('menu-search-item');
const titles = () => items().map((item) => item.textContent);
const input = () => screen.getByTestId('menu-search-input');
const selected = () => items().findIndex((item) => item.getAttribute('aria-selected') === 'true');

beforeAll(() => {
  initI18n('en');
});

beforeEach(() => {
  void i18n.changeLanguage('en');
  usePermissionStore.getState().setBuiltRoutes([], ROUTES);
  useAppStore.getState().resetProjectConfig();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('menu search entries', () => {
  it('are the leaves the side menu shows, with their parent chain; hidden routes and hidden children are left out', () => {
    const entries = flattenMenuItems(toMenuItems(ROUTES, i18n.t));
    expect(entries).toEqual([
      { path: '/dashboard', title: 'Dashboard', parents: [] },
      { path: '/log/member', title: 'Members', parents: ['Logs'] },
    ]);
  });

  it('match the title or the path, case-insensitively; a blank query keeps all', () => {
    const entries = flattenMenuItems(toMenuItems(ROUTES, i18n.t));
    expect(filterEntries(entries, 'MEMB').map((e) => e.path)).toEqual(['/log/member']);
    expect(filterEntries(entries, '/dash').map((e) => e.path)).toEqual(['/dashboard']);
    expect(filterEntries(entries, 'workbench')).toEqual([]);
    expect(filterEntries(entries, '  ')).toHaveLength(2);
  });
});

describe('menu search dialog', () => {
  it('opens with Ctrl+K and with the header button, and closes with Escape', async () => {
    renderSearch();
    expect(screen.queryByTestId('menu-search-modal')).toBeNull();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(await screen.findByTestId('menu-search-modal')).toBeTruthy();
    fireEvent.change(input(), { target: { value: 'dash' } });
    fireEvent.keyDown(input(), { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByTestId('menu-search-input')).toBeNull());

    // Reopened, it starts empty.
    fireEvent.click(screen.getByTestId('menu-search-open'));
    expect(((await screen.findByTestId('menu-search-input')) as HTMLInputElement).value).toBe('');
  });

  it('opens with ⌘K as well', async () => {
    renderSearch();
    fireEvent.keyDown(window, { key: 'K', metaKey: true });
    expect(await screen.findByTestId('menu-search-modal')).toBeTruthy();
  });

  it('is absent, shortcut included, when the header search is switched off', () => {
    useAppStore.getState().setProjectConfig({ headerSetting: { showSearch: false } } as never);
    renderSearch();
    expect(screen.queryByTestId('menu-search-open')).toBeNull();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(screen.queryByTestId('menu-search-modal')).toBeNull();
  });

  it('does not open under the lock screen, and closes when the screen locks', async () => {
    renderSearch();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    await screen.findByTestId('menu-search-input');
    act(() => useLockStore.getState().lock());
    await vi.waitFor(() => expect(screen.queryByTestId('menu-search-input')).toBeNull());
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(screen.queryByTestId('menu-search-modal')).toBeNull();
    act(() => useLockStore.getState().unlock());
  });

  it('searches only after the input has rested 200 ms', async () => {
    renderSearch();
    fireEvent.click(screen.getByTestId('menu-search-open'));
    await screen.findByTestId('menu-search-input');
    expect(titles()).toEqual(['Dashboard', 'Logs / Members']);

    vi.useFakeTimers();
    fireEvent.change(input(), { target: { value: 'mem' } });
    act(() => vi.advanceTimersByTime(199));
    expect(titles()).toHaveLength(2);
    // Typing again restarts the wait.
    fireEvent.change(input(), { target: { value: 'memb' } });
    act(() => vi.advanceTimersByTime(199));
    expect(titles()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(titles()).toEqual(['Logs / Members']);

    fireEvent.change(input(), { target: { value: 'nothing like it' } });
    act(() => vi.advanceTimersByTime(200));
    expect(items()).toHaveLength(0);
    expect(screen.getByTestId('menu-search-empty')).toBeTruthy();
  });

  it('moves the active entry with the arrow keys (wrapping) and opens it with Enter', async () => {
    renderSearch();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    await screen.findByTestId('menu-search-input');
    expect(selected()).toBe(0);
    expect(input().getAttribute('aria-activedescendant')).toBe(items()[0]!.id);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(selected()).toBe(1);
    expect(input().getAttribute('aria-activedescendant')).toBe(items()[1]!.id);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(selected()).toBe(0);
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(selected()).toBe(1);

    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/log/member');
    await vi.waitFor(() => expect(screen.queryByTestId('menu-search-input')).toBeNull());
  });

  it('opens what the typed text finds when Enter comes before the 200 ms rest', async () => {
    renderSearch();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    await screen.findByTestId('menu-search-input');
    vi.useFakeTimers();
    fireEvent.change(input(), { target: { value: 'members' } });
    act(() => vi.advanceTimersByTime(50));
    // The list on screen is still the unfiltered one, the dashboard first.
    expect(titles()).toEqual(['Dashboard', 'Logs / Members']);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/log/member');
  });

  it('leaves Enter to an input method that is composing', async () => {
    renderSearch();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    await screen.findByTestId('menu-search-input');
    fireEvent.keyDown(input(), { key: 'Enter', isComposing: true });
    expect(screen.getByTestId('where').textContent).toBe('/dashboard');
    expect(screen.getByTestId('menu-search-input')).toBeTruthy();
  });

  it('follows the pointer: hover activates, click opens', async () => {
    renderSearch();
    fireEvent.click(screen.getByTestId('menu-search-open'));
    await screen.findByTestId('menu-search-input');
    fireEvent.mouseEnter(items()[1]!);
    expect(selected()).toBe(1);
    fireEvent.click(items()[1]!);
    expect(screen.getByTestId('where').textContent).toBe('/log/member');
  });

  it('is a combobox over a listbox of options', async () => {
    renderSearch();
    fireEvent.click(screen.getByTestId('menu-search-open'));
    await screen.findByTestId('menu-search-input');
    expect(screen.getByRole('combobox')).toBe(input());
    const list = screen.getByRole('listbox');
    expect(input().getAttribute('aria-controls')).toBe(list.id);
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });
});
