import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHE_PREFIX, cacheKey, isOtherBuildKey } from '../cache-key';
import { DEFAULT_LIFETIME_SECONDS, localCache, sessionCache } from '../web-cache';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('web cache', () => {
  it('keys are upper-cased and prefixed by app title, environment and version', () => {
    expect(CACHE_PREFIX).toMatch(/^AGENT_BO__TEST__[^_]+__$/); // vitest runs in MODE "test"
    expect(cacheKey('app')).toBe(`${CACHE_PREFIX}APP`);
    expect(cacheKey('multiTabs')).toBe(`${CACHE_PREFIX}MULTITABS`);
    localCache.set('locale', 'en');
    expect(Object.keys(localStorage)).toEqual([`${CACHE_PREFIX}LOCALE`]);
  });

  it('round-trips a value stored with value, time and expire (7 days by default)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
    const now = Date.now();
    localCache.set('app', { darkMode: true, list: [1, 2] });
    expect(localCache.get('app')).toEqual({ darkMode: true, list: [1, 2] });
    expect(localCache.getEntry('app')).toEqual({
      value: { darkMode: true, list: [1, 2] },
      time: now,
      expire: now + DEFAULT_LIFETIME_SECONDS * 1000,
    });
    expect(DEFAULT_LIFETIME_SECONDS).toBe(604800);
    sessionCache.set('user', { token: 't' });
    expect(sessionCache.get('user')).toEqual({ token: 't' });
    expect(localCache.get('user')).toBeNull();
  });

  it('stores the value sealed, not as plain text', () => {
    localCache.set('user', { token: 'secret-token-123' });
    const raw = localStorage.getItem(cacheKey('user'))!;
    expect(raw).not.toContain('secret-token-123');
    expect(raw).not.toContain('token');
    expect(() => JSON.parse(raw)).toThrow();
  });

  it('an expired value reads as missing and is removed (default and per-call lifetime)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
    localCache.set('week', 'w');
    localCache.set('minute', 'm', 60);
    vi.advanceTimersByTime(59_000);
    expect(localCache.get('minute')).toBe('m');
    vi.advanceTimersByTime(1_000);
    expect(localCache.get('minute')).toBeNull();
    expect(localStorage.getItem(cacheKey('minute'))).toBeNull();
    vi.setSystemTime(new Date('2026-03-07T23:59:59Z'));
    expect(localCache.get('week')).toBe('w');
    vi.setSystemTime(new Date('2026-03-08T00:00:00Z'));
    expect(localCache.get('week')).toBeNull();
    expect(localStorage.getItem(cacheKey('week'))).toBeNull();
  });

  it('a tampered or foreign value reads as missing and is removed', () => {
    localCache.set('app', { darkMode: true });
    const raw = localStorage.getItem(cacheKey('app'))!;
    const middle = Math.floor(raw.length / 2);
    const flipped = raw.slice(0, middle) + (raw[middle] === 'A' ? 'B' : 'A') + raw.slice(middle + 1);
    localStorage.setItem(cacheKey('app'), flipped);
    expect(localCache.get('app')).toBeNull();
    expect(localStorage.getItem(cacheKey('app'))).toBeNull();

    localStorage.setItem(cacheKey('locale'), JSON.stringify({ value: 'en', time: 0, expire: 9e15 }));
    expect(localCache.get('locale')).toBeNull();
    expect(localStorage.getItem(cacheKey('locale'))).toBeNull();
  });

  it('tells this app’s keys of other builds from its own and from other apps’ keys', () => {
    expect(isOtherBuildKey('AGENT_BO__USER')).toBe(true); // first release, unversioned
    expect(isOtherBuildKey('AGENT_BO__PRODUCTION__0.0.9__APP')).toBe(true);
    expect(isOtherBuildKey(cacheKey('app'))).toBe(false);
    expect(isOtherBuildKey('OTHER_APP__USER')).toBe(false);
    expect(isOtherBuildKey('AGENT_BOX__USER')).toBe(false);
  });
});
