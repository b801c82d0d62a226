import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A reload is simulated by fresh modules: the stores are created again and read what the
 * storage layer kept. Caches may be written when the page goes away, so the test says so first.
 */
function leavePage(): void {
  window.dispatchEvent(new Event('beforeunload'));
  window.dispatchEvent(new Event('pagehide'));
}

async function load() {
  const [{ useTabStore }, { useAppStore }, { resetTabState }] = await Promise.all([
    import('../../../stores/tab-store'),
    import('../../../stores/app-store'),
    import('../../../stores/tab-actions'),
  ]);
  return { useTabStore, useAppStore, resetTabState };
}

async function reload() {
  leavePage();
  vi.resetModules();
  return load();
}

beforeEach(() => {
  // Each test starts from a first visit: nothing kept by another test.
  localStorage.clear();
  sessionStorage.clear();
  vi.resetModules();
});

describe('tab persistence', () => {
  it('keeps the tabs (and titles) across a reload while the tab cache is on; runtime state is not kept', async () => {
    let s = await load();
    s.useAppStore.getState().setProjectConfig({ multiTabsSetting: { show: true, cache: true } });
    s.useTabStore.getState().open({ id: '/dashboard', fullPath: '/dashboard', affix: true });
    s.useTabStore.getState().open({ id: '/member/index', fullPath: '/member/index?tab=players' });
    s.useTabStore.getState().setTitle('/member/index', 'Mine');
    s.useTabStore.getState().bumpRefresh('/member/index');
    s = await reload();
    expect(s.useTabStore.getState().tabs).toEqual([
      { id: '/dashboard', fullPath: '/dashboard', affix: true },
      { id: '/member/index', fullPath: '/member/index?tab=players', title: 'Mine' },
    ]);
    expect(s.useTabStore.getState().activeId).toBeNull();
    expect(s.useTabStore.getState().refreshCount).toEqual({});
  });

  it('keeps nothing while the tab cache is off', async () => {
    let s = await load();
    s.useAppStore.getState().setProjectConfig({ multiTabsSetting: { show: true, cache: true } });
    s.useTabStore.getState().open({ id: '/member/index', fullPath: '/member/index' });
    s = await reload();
    expect(s.useTabStore.getState().tabs.length).toBeGreaterThan(0);
    s.useAppStore.getState().setProjectConfig({ multiTabsSetting: { show: true, cache: false } });
    s.useTabStore.getState().open({ id: '/log/index', fullPath: '/log/index' });
    s = await reload();
    expect(s.useAppStore.getState().projectConfig.multiTabsSetting.cache).toBe(false);
    expect(s.useTabStore.getState().tabs).toEqual([]);
  });

  it('reaching login (reset) leaves no tabs for the next session', async () => {
    let s = await load();
    s.useAppStore.getState().setProjectConfig({ multiTabsSetting: { show: true, cache: true } });
    s.useTabStore.getState().open({ id: '/log/index', fullPath: '/log/index' });
    s = await reload();
    expect(s.useTabStore.getState().tabs).toHaveLength(1);
    s.resetTabState();
    s = await reload();
    expect(s.useTabStore.getState().tabs).toEqual([]);
  });
});
