import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildId, deployedBuildId } from '../build-check';
import { CHECK_EVERY_MS, CHECK_ON_NAVIGATION_MS } from '../use-new-version';
import { NewVersionNotice } from '../components/new-version-notice';

const OWN = buildId({ commit: 'abc1234', builtAt: '2026-12-01T10:00:00.000Z' });
const NEWER = buildId({ commit: 'def5678', builtAt: '2026-12-01T12:00:00.000Z' });

let deployed: string | null;
let asked: number;
const ask = async () => {
  asked += 1;
  return deployed;
};

/** The test's way to move the router: a link per page, clicked like a menu entry. */
function Navigator() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => void navigate('/member/index')}>
        members
      </button>
      <button type="button" onClick={() => void navigate('/log/index')}>
        logs
      </button>
    </>
  );
}
const goTo = (path: string) => fireEvent.click(screen.getByText(path === '/member/index' ? 'members' : 'logs'));

function renderNotice(ownBuild: string | null = OWN, reload = () => undefined) {
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Navigator />
      <NewVersionNotice ownBuild={ownBuild} deployed={ask} reload={reload} />
    </MemoryRouter>,
  );
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  deployed = OWN;
  asked = 0;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the new-version notice', () => {
  it('stays away while the deployed build is this page’s, and appears once another is deployed', async () => {
    renderNotice();
    await advance(CHECK_EVERY_MS);
    expect(asked).toBe(1);
    expect(screen.queryByTestId('new-version-notice')).toBeNull();
    deployed = NEWER;
    await advance(CHECK_EVERY_MS);
    expect(screen.getByTestId('new-version-notice')).toBeTruthy();
    // Found: nothing is asked any more.
    await advance(CHECK_EVERY_MS * 3);
    expect(asked).toBe(2);
  });

  it('asks on navigation at most once a minute', async () => {
    renderNotice();
    act(() => goTo('/member/index'));
    expect(asked).toBe(0); // the page has just loaded its build
    await advance(CHECK_ON_NAVIGATION_MS);
    deployed = NEWER;
    act(() => goTo('/log/index'));
    await advance(0);
    expect(asked).toBe(1);
    expect(screen.getByTestId('new-version-notice')).toBeTruthy();
  });

  it('never reloads by itself; “later” hides it until yet another build is deployed', async () => {
    const reload = vi.fn();
    deployed = NEWER;
    renderNotice(OWN, reload);
    await advance(CHECK_EVERY_MS);
    fireEvent.click(screen.getByTestId('new-version-later'));
    expect(screen.queryByTestId('new-version-notice')).toBeNull();
    await advance(CHECK_EVERY_MS);
    expect(screen.queryByTestId('new-version-notice')).toBeNull();
    deployed = buildId({ commit: 'fff0000', builtAt: '2026-12-01T14:00:00.000Z' });
    await advance(CHECK_EVERY_MS);
    fireEvent.click(screen.getByTestId('new-version-reload'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks nothing where the page was not built (no build of its own to compare)', async () => {
    renderNotice(null);
    await advance(CHECK_EVERY_MS * 2);
    expect(asked).toBe(0);
  });
});

describe('deployedBuildId', () => {
  it('reads build.json, revalidated, and tells nothing for an answer that is not a stamp', async () => {
    const fetchStamp = vi.fn(
      async () => new Response(JSON.stringify({ version: '0.1.0', commit: 'def5678', builtAt: '2026-12-01T12:00:00.000Z' })),
    );
    expect(await deployedBuildId(fetchStamp as unknown as typeof fetch)).toBe(NEWER);
    expect(fetchStamp).toHaveBeenCalledWith('/build.json', expect.objectContaining({ cache: 'no-store' }));
    const html = vi.fn(async () => new Response('<!doctype html>', { status: 200 }));
    expect(await deployedBuildId(html as unknown as typeof fetch)).toBeNull();
    const missing = vi.fn(async () => new Response('', { status: 404 }));
    expect(await deployedBuildId(missing as unknown as typeof fetch)).toBeNull();
  });
});
