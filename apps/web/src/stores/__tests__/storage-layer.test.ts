import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { adminUser } from '../../test/fixtures';
import { cacheKey } from '../../lib/cache/cache-key';
import { localCache, sessionCache } from '../../lib/cache/web-cache';

/**
 * The storage layer as the stores use it (`persistStorage`), on fresh modules per test: each
 * test is a new page load with whatever the storages hold.
 */

type Stored<T> = { state: T; version: number };

async function load() {
  const storage = await import('../../lib/storage');
  const { stopCache } = await import('../../lib/cache/start');
  const { useUserStore } = await import('../user-store');
  const { useLocaleStore } = await import('../locale-store');
  const { useAppStore } = await import('../app-store');
  // Lock info as the lock screen keeps it: a common cache written at once.
  const useLockStore = create<{ locked: boolean; setLocked: (locked: boolean) => void }>()(
    persist((set) => ({ locked: false, setLocked: (locked) => set({ locked }) }), {
      name: 'lock',
      storage: storage.persistStorage({ immediate: true }),
      version: 1,
    }),
  );
  stops.push(stopCache);
  return { ...storage, useUserStore, useLocaleStore, useAppStore, useLockStore };
}

const stops: (() => void)[] = [];

function otherTabWrites(name: string, value: unknown, area: Storage = localStorage): void {
  const key = cacheKey(name);
  const oldValue = area.getItem(key);
  (area === localStorage ? localCache : sessionCache).set(name, value);
  window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue: area.getItem(key), storageArea: area }));
}

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  while (stops.length) stops.pop()!();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('old keys', () => {
  it('removes this app’s keys of other versions and environments 16 ms after start, and nothing else', async () => {
    vi.useFakeTimers();
    localStorage.setItem('AGENT_BO__USER', 'first release');
    localStorage.setItem('AGENT_BO__PRODUCTION__0.0.9__APP', 'old version');
    sessionStorage.setItem('AGENT_BO__DEVELOPMENT__0.1.0__USER', 'other environment');
    localStorage.setItem('OTHER_APP__USER', 'another app');
    localStorage.setItem('AGENT_BOX__USER', 'another app too');
    localCache.set('locale', { state: { locale: 'th' }, version: 1 });
    const { useLocaleStore } = await load();
    expect(useLocaleStore.getState().locale).toBe('th');

    vi.advanceTimersByTime(15);
    expect(localStorage.getItem('AGENT_BO__USER')).toBe('first release');
    vi.advanceTimersByTime(1);
    expect(localStorage.getItem('AGENT_BO__USER')).toBeNull();
    expect(localStorage.getItem('AGENT_BO__PRODUCTION__0.0.9__APP')).toBeNull();
    expect(sessionStorage.getItem('AGENT_BO__DEVELOPMENT__0.1.0__USER')).toBeNull();
    expect(localStorage.getItem('OTHER_APP__USER')).toBe('another app');
    expect(localStorage.getItem('AGENT_BOX__USER')).toBe('another app too');
    expect(localCache.get('locale')).toEqual({ state: { locale: 'th' }, version: 1 });
  });
});

describe('memory layer', () => {
  it('holds common caches in memory until the tab closes, then writes them', async () => {
    const { useLocaleStore, useAppStore } = await load();
    useLocaleStore.getState().setLocale('vi');
    useAppStore.getState().setDarkMode(true);
    expect(localCache.get('locale')).toBeNull();
    expect(localCache.get('app')).toBeNull();
    expect(useLocaleStore.getState().locale).toBe('vi');

    window.dispatchEvent(new Event('beforeunload'));
    expect(localCache.get('locale')).toEqual({ state: { locale: 'vi' }, version: 1 });
    expect(localCache.get<Stored<{ darkMode: boolean }>>('app')?.state.darkMode).toBe(true);
  });

  it('serves reads from memory: an unsaved change here wins over storage until another tab says otherwise', async () => {
    const { useLocaleStore } = await load();
    useLocaleStore.getState().setLocale('vi');
    localCache.set('locale', { state: { locale: 'th' }, version: 1 }); // no storage event
    await useLocaleStore.persist.rehydrate();
    expect(useLocaleStore.getState().locale).toBe('vi');
  });

  it('pagehide (mobile browsers) flushes as well', async () => {
    const { useLocaleStore } = await load();
    useLocaleStore.getState().setLocale('th');
    window.dispatchEvent(new Event('pagehide'));
    expect(localCache.get('locale')).toEqual({ state: { locale: 'th' }, version: 1 });
  });

  it('writes token and lock info at once', async () => {
    const { useUserStore, useLockStore } = await load();
    useUserStore.getState().setSession('tok-1', '2026-01-01T00:00:00Z');
    useLockStore.getState().setLocked(true);
    expect(localCache.get('user')).toEqual({
      state: { token: 'tok-1', expiresAt: '2026-01-01T00:00:00Z', lastUpdateTime: 0 },
      version: 1,
    });
    expect(localCache.get('lock')).toEqual({ state: { locked: true }, version: 1 });
  });

  it('the close-time flush leaves token and lock info as storage has them (another tab may have changed them)', async () => {
    const { useUserStore, useLockStore, useLocaleStore } = await load();
    useUserStore.getState().setSession('tok-1', null);
    useLockStore.getState().setLocked(true);
    useLocaleStore.getState().setLocale('th');
    // Another tab, whose events this tab never saw, signed in again and unlocked.
    localCache.set('user', { state: { token: 'tok-2', expiresAt: null, lastUpdateTime: 5 }, version: 1 });
    localCache.set('lock', { state: { locked: false }, version: 1 });

    window.dispatchEvent(new Event('beforeunload'));
    expect(localCache.get<Stored<{ token: string }>>('user')?.state.token).toBe('tok-2');
    expect(localCache.get('lock')).toEqual({ state: { locked: false }, version: 1 });
    expect(localCache.get('locale')).toEqual({ state: { locale: 'th' }, version: 1 });
  });

  it('keeps the user info out of storage but stores when it was last loaded', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
    const { useUserStore } = await load();
    useUserStore.getState().setSession('tok-1', null);
    useUserStore.getState().setUserInfo(adminUser());
    const stored = localCache.get<Stored<Record<string, unknown>>>('user');
    expect(stored?.state).toEqual({ token: 'tok-1', expiresAt: null, lastUpdateTime: Date.now() });

    vi.resetModules();
    const reloaded = await load();
    expect(reloaded.useUserStore.getState()).toMatchObject({ token: 'tok-1', lastUpdateTime: Date.now(), userInfo: null });
  });
});

describe('auth area', () => {
  it('moves the auth entries between local and session storage when permissionCacheType changes', async () => {
    const { useUserStore, useAppStore } = await load();
    useUserStore.getState().setSession('tok-1', null);
    expect(localStorage.getItem(cacheKey('user'))).not.toBeNull();
    const sealed = localStorage.getItem(cacheKey('user'));

    useAppStore.getState().setProjectConfig({ permissionCacheType: 'SESSION' });
    expect(localStorage.getItem(cacheKey('user'))).toBeNull();
    expect(sessionStorage.getItem(cacheKey('user'))).toBe(sealed); // moved as stored, expiry included
    useUserStore.getState().setSession('tok-2', null);
    expect(sessionCache.get<Stored<{ token: string }>>('user')?.state.token).toBe('tok-2');
    expect(localStorage.getItem(cacheKey('user'))).toBeNull();

    useAppStore.getState().setProjectConfig({ permissionCacheType: 'LOCAL' });
    expect(sessionStorage.getItem(cacheKey('user'))).toBeNull();
    expect(localCache.get<Stored<{ token: string }>>('user')?.state.token).toBe('tok-2');
    expect(useUserStore.getState().token).toBe('tok-2');
  });

  it('a reload finds the session-stored token even when the user store loads before the config', async () => {
    const first = await load();
    first.useAppStore.getState().setProjectConfig({ permissionCacheType: 'SESSION' });
    first.useUserStore.getState().setSession('tok-1', null);
    window.dispatchEvent(new Event('beforeunload'));
    stops.pop()!();

    vi.resetModules();
    const { useUserStore } = await import('../user-store');
    expect(useUserStore.getState().token).toBe('tok-1');

    // Without the layer's own record of the type: the config, loaded later, still brings it back.
    localStorage.removeItem(cacheKey('AUTH_CACHE_TYPE'));
    vi.resetModules();
    const again = await import('../user-store');
    expect(again.useUserStore.getState().token).toBeNull(); // looked in localStorage
    await import('../app-store');
    expect(again.useUserStore.getState().token).toBe('tok-1');
    const { stopCache } = await import('../../lib/cache/start');
    stops.push(stopCache);
  });
});

describe('other tabs', () => {
  it('a sign-out in another tab signs this tab out', async () => {
    const { useUserStore } = await load();
    useUserStore.getState().setSession('tok-1', null);
    useUserStore.getState().setUserInfo(adminUser());

    otherTabWrites('user', { state: { token: null, expiresAt: null, lastUpdateTime: 0 }, version: 1 });
    expect(useUserStore.getState()).toMatchObject({ token: null, userInfo: null });
  });

  it('a sign-in as someone else in another tab drops the loaded user info', async () => {
    const { useUserStore } = await load();
    useUserStore.getState().setSession('tok-1', null);
    useUserStore.getState().setUserInfo(adminUser());
    otherTabWrites('user', { state: { token: 'tok-9', expiresAt: null, lastUpdateTime: 0 }, version: 1 });
    expect(useUserStore.getState()).toMatchObject({ token: 'tok-9', userInfo: null });
  });

  it('drops this tab’s copy of a changed cache, so the store shows the newer value and the flush keeps it', async () => {
    const { useLocaleStore, useAppStore } = await load();
    useLocaleStore.getState().setLocale('th'); // held in memory only
    otherTabWrites('locale', { state: { locale: 'vi' }, version: 1 });
    expect(useLocaleStore.getState().locale).toBe('vi');

    otherTabWrites('app', { state: { darkMode: true, projectConfig: { grayMode: true } }, version: 2 });
    expect(useAppStore.getState().darkMode).toBe(true);
    expect(useAppStore.getState().projectConfig.grayMode).toBe(true);

    window.dispatchEvent(new Event('beforeunload'));
    expect(localCache.get('locale')).toEqual({ state: { locale: 'vi' }, version: 1 });
  });

  it('following another tab writes nothing back (no event ping-pong)', async () => {
    const { useUserStore, useLocaleStore } = await load();
    useUserStore.getState().setSession('tok-1', null);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    otherTabWrites('user', { state: { token: 'tok-2', expiresAt: null, lastUpdateTime: 0 }, version: 1 });
    otherTabWrites('locale', { state: { locale: 'vi' }, version: 1 });
    expect(setItem).toHaveBeenCalledTimes(2); // the two writes of the "other tab" above
    expect(useUserStore.getState().token).toBe('tok-2');
    // Setting the same token again (e.g. a store re-set) does not write either.
    useUserStore.getState().setSession('tok-2', null);
    expect(useLocaleStore.getState().locale).toBe('vi');
    expect(setItem).toHaveBeenCalledTimes(2);
  });

  it('a storage.clear() in another tab reloads every followed store', async () => {
    const { useUserStore } = await load();
    useUserStore.getState().setSession('tok-1', null);
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    expect(useUserStore.getState().token).toBeNull();
  });
});
