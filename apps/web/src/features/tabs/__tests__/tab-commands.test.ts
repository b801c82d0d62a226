import { waitFor } from '@testing-library/react';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindNavigate } from '../../../stores/navigation';
import { allRoutes, ASYNC_ROUTES } from '../../../config/routes';
import { useAppStore } from '../../../stores/app-store';
import { initI18n } from '../../../lib/i18n';
import { closeAllTabs, clearTabCache, resetTabState } from '../../../stores/tab-actions';
import {
  closeAll,
  closeCurrentTab,
  closeLeftTabs,
  closeOtherTabs,
  closeRightTabs,
  closeTab,
  refreshTab,
  setTabTitle,
  updateTabPath,
} from '../tab-commands';
import { affixTabsOf, resolveOpening, tabOpeningFor } from '../../../stores/tab-route';
import { MAX_TABS_PER_ROUTE, useTabStore } from '../../../stores/tab-store';

const ROUTES = allRoutes(ASYNC_ROUTES);
const navigate = vi.fn();
/** A warning toast that is showing (not one leaving: jsdom never ends the leave animation). */
const OPEN_WARNING = '.ant-message-notice:not(.ant-message-fade-leave) .ant-message-warning';

/** Navigates the way the tab sync does: opens the tab of `fullPath`. */
function visit(fullPath: string): void {
  const opening = resolveOpening(fullPath, useTabStore.getState().tabs, ROUTES, '/dashboard');
  if (opening) useTabStore.getState().open(opening);
  else useTabStore.getState().deactivate();
}

function paths(): string[] {
  return useTabStore.getState().tabs.map((t) => t.fullPath);
}

function multiTabs(show: boolean): void {
  useAppStore.getState().setProjectConfig({ multiTabsSetting: { show } });
}

beforeEach(() => {
  initI18n('en');
  navigate.mockReset();
  bindNavigate(navigate);
  useAppStore.getState().resetProjectConfig();
  multiTabs(true);
  resetTabState();
  useTabStore.getState().ensureAffix(affixTabsOf(ASYNC_ROUTES));
});

afterEach(() => {
  bindNavigate(null);
  message.destroy();
});

describe('tab keys', () => {
  it('keys tabs by full path: another query of a page keyed by its whole query is another tab', () => {
    expect(tabOpeningFor('/dashboard/workbench?a=1', ROUTES, '/dashboard')).toEqual({
      id: '/dashboard/workbench?a=1',
      fullPath: '/dashboard/workbench?a=1',
    });
    visit('/dashboard/workbench?a=1');
    visit('/dashboard/workbench?a=2');
    visit('/dashboard/workbench?a=1');
    expect(paths()).toEqual(['/dashboard', '/dashboard/workbench?a=1', '/dashboard/workbench?a=2']);
    expect(useTabStore.getState().activeId).toBe('/dashboard/workbench?a=1');
  });

  it('a member level (?parent=) is a tab of its own; the inner tab (?tab=) moves the open tab', () => {
    visit('/member/index');
    visit('/member/index?tab=players');
    expect(paths()).toEqual(['/dashboard', '/member/index?tab=players']);
    visit('/member/index?parent=7');
    visit('/member/index?parent=7&tab=players');
    expect(paths()).toEqual(['/dashboard', '/member/index?tab=players', '/member/index?parent=7&tab=players']);
    expect(useTabStore.getState().tabs.map((t) => t.id)).toEqual(['/dashboard', '/member/index', '/member/index?parent=7']);
  });

  it('redirect, exception, 404 and login pages get no tab', () => {
    for (const path of ['/redirect/%2Fmember%2Findex/path', '/exception', '/nowhere', '/login', '/']) {
      expect(tabOpeningFor(path, ROUTES, '/dashboard')).toBeNull();
    }
    visit('/member/index');
    visit('/nowhere');
    expect(paths()).toEqual(['/dashboard', '/member/index']);
    expect(useTabStore.getState().activeId).toBeNull();
  });

  it('the home page is a fixed tab, first in the bar', () => {
    expect(useTabStore.getState().tabs).toEqual([{ id: '/dashboard', fullPath: '/dashboard', affix: true }]);
  });

  it(`caps the tabs of one route at ${MAX_TABS_PER_ROUTE}, closing the oldest`, () => {
    for (let i = 1; i <= MAX_TABS_PER_ROUTE + 2; i += 1) visit(`/member/index?parent=${i}`);
    const members = paths().filter((p) => p.startsWith('/member'));
    expect(members).toHaveLength(MAX_TABS_PER_ROUTE);
    expect(members[0]).toBe('/member/index?parent=3');
  });
});

describe('close actions', () => {
  beforeEach(() => {
    for (const p of ['/member/index', '/log/index', '/error-log/list', '/dashboard/workbench']) visit(p);
  });

  it('closing the current tab goes to its left neighbour', () => {
    visit('/log/index');
    expect(closeCurrentTab()).toBe(true);
    expect(paths()).toEqual(['/dashboard', '/member/index', '/error-log/list', '/dashboard/workbench']);
    expect(navigate).toHaveBeenCalledWith('/member/index', { replace: false });
  });

  it('closing the first closable tab after the fixed one goes to the fixed tab; the fixed tab cannot be closed', () => {
    visit('/dashboard');
    expect(closeCurrentTab()).toBe(false);
    expect(closeTab('/dashboard')).toBe(false);
    expect(paths()[0]).toBe('/dashboard');
    // Without a fixed tab, closing the first tab goes to the one on its right, and the last one home.
    resetTabState();
    visit('/member/index');
    visit('/log/index');
    visit('/member/index');
    closeCurrentTab();
    expect(navigate).toHaveBeenLastCalledWith('/log/index', { replace: false });
    visit('/log/index');
    closeCurrentTab();
    expect(paths()).toEqual([]);
    expect(navigate).toHaveBeenLastCalledWith('/dashboard', { replace: false });
  });

  it('closing another tab does not navigate', () => {
    visit('/log/index');
    expect(closeTab('/member/index')).toBe(true);
    expect(paths()).toEqual(['/dashboard', '/log/index', '/error-log/list', '/dashboard/workbench']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('close left and close right keep the fixed tab', () => {
    visit('/log/index');
    expect(closeLeftTabs()).toBe(true);
    expect(paths()).toEqual(['/dashboard', '/log/index', '/error-log/list', '/dashboard/workbench']);
    expect(closeRightTabs()).toBe(true);
    expect(paths()).toEqual(['/dashboard', '/log/index']);
    expect(closeRightTabs()).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('close left/right/others of another tab go to it when the current tab closes', () => {
    visit('/dashboard/workbench');
    expect(closeRightTabs('/member/index')).toBe(true);
    expect(paths()).toEqual(['/dashboard', '/member/index']);
    expect(navigate).toHaveBeenCalledWith('/member/index', { replace: false });
  });

  it('close others keeps the fixed tab and the target', () => {
    visit('/error-log/list');
    expect(closeOtherTabs()).toBe(true);
    expect(paths()).toEqual(['/dashboard', '/error-log/list']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('close all keeps the fixed tab and goes home', () => {
    visit('/log/index');
    expect(closeAll()).toBe(true);
    expect(paths()).toEqual(['/dashboard']);
    expect(navigate).toHaveBeenCalledWith('/dashboard', { replace: false });
    expect(closeAll()).toBe(false);
  });

  it('the internal close all, cache clear and reset (role change, login) work with multi-tab off and show no message', async () => {
    visit('/log/index');
    multiTabs(false);
    closeAllTabs();
    expect(paths()).toEqual(['/dashboard']);
    expect(navigate).toHaveBeenCalledWith('/dashboard', { replace: false });
    clearTabCache();
    resetTabState();
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector(OPEN_WARNING)).toBeNull();
  });
});

describe('title, path, refresh', () => {
  it('sets a tab title, kept until the tab closes', () => {
    visit('/member/index');
    expect(setTabTitle('Agent A01')).toBe(true);
    expect(useTabStore.getState().tabs[1]).toMatchObject({ fullPath: '/member/index', title: 'Agent A01' });
  });

  it('updates the current tab path and follows it (URL replaced); the tab keeps its identity', () => {
    visit('/member/index');
    expect(updateTabPath('/member/index?parent=9')).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/member/index?parent=9', { replace: true });
    visit('/member/index?parent=9');
    expect(useTabStore.getState().tabs.map((t) => [t.id, t.fullPath])).toEqual([
      ['/dashboard', '/dashboard'],
      ['/member/index', '/member/index?parent=9'],
    ]);
    expect(updateTabPath('//evil.example')).toBe(false);
  });

  it('refresh bumps the page key of the tab (its page is re-created)', () => {
    visit('/log/index');
    expect(refreshTab()).toBe(true);
    expect(useTabStore.getState().refreshCount['/log/index']).toBe(1);
  });

  it('reaching login forgets every tab', () => {
    visit('/log/index');
    resetTabState();
    expect(useTabStore.getState().tabs).toEqual([]);
    expect(useTabStore.getState().activeId).toBeNull();
  });
});

describe('multi-tab mode off (the default)', () => {
  const actions: Record<string, () => boolean> = {
    closeTab: () => closeTab('/log/index'),
    closeCurrentTab,
    closeLeftTabs: () => closeLeftTabs(),
    closeRightTabs: () => closeRightTabs(),
    closeOtherTabs: () => closeOtherTabs(),
    closeAll,
    refreshTab: () => refreshTab(),
    setTabTitle: () => setTabTitle('x'),
    updateTabPath: () => updateTabPath('/log/index?x=1'),
  };

  it('is the default', () => {
    useAppStore.getState().resetProjectConfig();
    expect(useAppStore.getState().projectConfig.multiTabsSetting.show).toBe(false);
  });

  for (const [name, run] of Object.entries(actions)) {
    it(`${name} does nothing and shows the spec message as a warning`, async () => {
      visit('/member/index');
      visit('/log/index');
      const before = JSON.stringify(useTabStore.getState().tabs);
      multiTabs(false);
      await waitFor(() => expect(document.querySelector(OPEN_WARNING)).toBeNull());
      expect(run()).toBe(false);
      expect(JSON.stringify(useTabStore.getState().tabs)).toBe(before);
      expect(navigate).not.toHaveBeenCalled();
      await waitFor(() => {
        const notice = document.querySelector(OPEN_WARNING);
        expect(notice?.textContent).toContain('The multi-tab page is currently not open, please open it in the settings');
      });
    });
  }
});
