import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../lib/route-types';
import { pagesOf, prefetchPages } from '../prefetch-pages';

const route = (path: string, page?: string, children?: AppRoute[]): AppRoute => ({
  name: path,
  path,
  page,
  children,
  meta: { titleKey: path },
});

describe('prefetching the screens a user may open', () => {
  it('names each page of the allowed routes once, in menu order, children included', () => {
    const routes = [
      route('/dashboard', 'Dashboard'),
      route('/report', undefined, [route('/report/agent', 'AgentReport')]),
      route('/workbench', 'Dashboard'),
      route('/member/index', 'Member'),
    ];
    expect(pagesOf(routes)).toEqual(['Dashboard', 'AgentReport', 'Member']);
  });

  it('loads one page at a time, each in an idle moment after the last one arrived, and stops when asked', async () => {
    const idle: (() => void)[] = [];
    const loaded: string[] = [];
    const pending: (() => void)[] = [];
    const stop = prefetchPages(
      ['A', 'B', 'C'],
      (callback) => idle.push(callback),
      (name) => {
        loaded.push(name);
        return new Promise<void>((resolve) => pending.push(resolve));
      },
    );
    expect(loaded).toEqual([]); // nothing before the browser is idle
    idle.shift()!();
    expect(loaded).toEqual(['A']);
    expect(idle).toHaveLength(0); // B waits for A's module
    pending.shift()!();
    await Promise.resolve();
    await Promise.resolve();
    expect(idle).toHaveLength(1);
    idle.shift()!();
    expect(loaded).toEqual(['A', 'B']);
    stop();
    pending.shift()!();
    await Promise.resolve();
    await Promise.resolve();
    expect(idle).toHaveLength(0); // stopped: C is never asked for
    expect(loaded).toEqual(['A', 'B']);
  });

  it('goes on past a chunk that fails to load', async () => {
    const loaded: string[] = [];
    await new Promise<void>((done) => {
      prefetchPages(
        ['A', 'B'],
        (callback) => queueMicrotask(callback),
        (name) => {
          loaded.push(name);
          if (name === 'B') done();
          return name === 'A' ? Promise.reject(new Error('offline')) : Promise.resolve();
        },
      );
    });
    expect(loaded).toEqual(['A', 'B']);
  });
});
