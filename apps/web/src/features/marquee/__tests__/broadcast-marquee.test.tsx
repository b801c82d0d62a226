import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { seedStorage } from '../../../test/app-harness';
import { useLocaleStore } from '../../../stores/locale-store';
import { useLockStore } from '../../../stores/lock-store';
import { useSessionTimeoutStore } from '../../../stores/session-timeout-store';
import { useUserStore } from '../../../stores/user-store';
import { BroadcastMarquee } from '../components/broadcast-marquee';
import { broadcast, stubLiveServer, type LiveServer } from './live-server';

/** The header marquee over a stubbed live stream (client behaviour; the server has its own tests). */

let server: LiveServer;

beforeEach(() => {
  seedStorage({ signedIn: true });
  useLockStore.getState().unlock();
  useSessionTimeoutStore.getState().close();
  initI18n('en');
  void i18n.changeLanguage('en');
  // the lower end of every back-off: 0.5 s, 1 s, 2 s, …
  vi.spyOn(Math, 'random').mockReturnValue(0);
  server = stubLiveServer();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Lets the stub's chunks reach the component (a macrotask: they pass through several promise hops). */
const flush = () => act(async () => new Promise((r) => setImmediate(r)));
/** Moves fake time on, with everything it starts. */
const advance = async (ms: number) => {
  await act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
  await flush();
};
const spoken = () => screen.getByRole('marquee', { name: 'Broadcast' }).querySelector('.broadcast-marquee__spoken')?.textContent;

async function renderMarquee() {
  render(<BroadcastMarquee />);
  await flush();
}

describe('broadcast marquee', () => {
  it('opens the stream with the API client’s headers and shows the current broadcasts in the user’s language, zh_TW when it is empty', async () => {
    await renderMarquee();
    expect(server.attempts).toBe(1);
    expect(server.last.url).toBe('/api/manage/live/stream');
    expect(server.last.headers).toMatchObject({ Authorization: 'Bearer good-token', 'x-site-id': 'tw_web', Accept: 'text/event-stream' });
    // nothing until the first list, then nothing while nothing is current
    expect(screen.queryByTestId('broadcast-marquee')).toBeNull();
    server.last.broadcasts([broadcast(9, { en: 'Ended' }, -7_200_000, -60_000)]);
    await flush();
    expect(screen.queryByTestId('broadcast-marquee')).toBeNull();

    server.last.broadcasts([
      broadcast(1, { zh_TW: '今晚維護', en: 'Maintenance tonight' }),
      broadcast(2, { zh_TW: '只有中文' }),
      broadcast(3, { en: 'Not yet' }, 3_600_000, 7_200_000),
    ]);
    await flush();
    expect(spoken()).toBe('Maintenance tonight / 只有中文');
    const track = screen.getByTestId('broadcast-marquee-track');
    expect(track.textContent).toBe('Maintenance tonight只有中文'.repeat(2));
    expect(track.style.getPropertyValue('--marquee-duration')).toMatch(/^\d+(\.\d)?s$/);

    await act(async () => {
      useLocaleStore.getState().setLocale('zh_TW');
      await i18n.changeLanguage('zh_TW');
    });
    expect(screen.getByRole('marquee', { name: '廣播' }).querySelector('.broadcast-marquee__spoken')?.textContent).toBe(
      '今晚維護 / 只有中文',
    );
  });

  it('replaces the list with each new `broadcasts` event, on the same connection', async () => {
    await renderMarquee();
    server.last.broadcasts([broadcast(1, { en: 'First' })]);
    await flush();
    expect(spoken()).toBe('First');
    server.last.broadcasts([broadcast(2, { en: 'Second' }), broadcast(3, { en: 'Third' })]);
    await flush();
    expect(spoken()).toBe('Second / Third');
    server.last.broadcasts([]);
    await flush();
    expect(screen.queryByTestId('broadcast-marquee')).toBeNull();
    expect(server.connections).toHaveLength(1);
  });

  it('drops an item the second it ends and shows one the second it starts, without a push', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    await renderMarquee();
    server.last.broadcasts([
      broadcast(1, { en: 'Ends soon' }, -60_000, 1_500),
      broadcast(2, { en: 'Starts soon' }, 2_500, 3_600_000),
      broadcast(3, { en: 'Stays' }),
    ]);
    await advance(0);
    expect(spoken()).toBe('Ends soon / Stays');
    await advance(2_000);
    expect(spoken()).toBe('Stays');
    await advance(1_000);
    expect(spoken()).toBe('Starts soon / Stays');
    expect(server.connections).toHaveLength(1);
  });

  it('reconnects after the stream ends or fails, waiting longer each time, and from 1 s again once a list arrives', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    await renderMarquee();
    server.last.broadcasts([broadcast(1, { en: 'Kept while away' })]);
    await advance(0);

    server.failures.push(new Response('busy', { status: 503 }), 'network');
    server.last.close();
    await advance(499);
    expect(server.attempts).toBe(1);
    // the last list stays on screen meanwhile
    expect(spoken()).toBe('Kept while away');
    await advance(1);
    expect(server.attempts).toBe(2); // answered 503
    await advance(999);
    expect(server.attempts).toBe(2);
    await advance(1);
    expect(server.attempts).toBe(3); // network failure
    await advance(1_999);
    expect(server.attempts).toBe(3);
    await advance(1);
    expect(server.attempts).toBe(4);

    server.last.broadcasts([broadcast(2, { en: 'Back' })]);
    await advance(0);
    expect(spoken()).toBe('Back');
    server.last.close();
    await advance(500);
    expect(server.attempts).toBe(5);
  });

  it('never waits more than 30 s between attempts', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    server.failures.push(...Array.from({ length: 10 }, () => 'network' as const));
    await renderMarquee();
    // 1 + 2 + 4 + 8 + 16 s (upper ends), then 30 s at most each time
    await advance(31_000);
    expect(server.attempts).toBe(6);
    await advance(30_000);
    expect(server.attempts).toBe(7);
    await advance(30_000);
    expect(server.attempts).toBe(8);
  });

  it('closes the stream while the screen is locked and opens it again at unlock', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    await renderMarquee();
    server.last.broadcasts([broadcast(1, { en: 'Hello' })]);
    await advance(0);
    const first = server.last;

    act(() => useLockStore.getState().lock());
    expect(first.signal.aborted).toBe(true);
    expect(screen.queryByTestId('broadcast-marquee')).toBeNull();
    await advance(120_000);
    expect(server.connections).toHaveLength(1);

    act(() => useLockStore.getState().unlock());
    await advance(0);
    expect(server.connections).toHaveLength(2);
    server.last.broadcasts([broadcast(1, { en: 'Hello again' })]);
    await advance(0);
    expect(spoken()).toBe('Hello again');
  });

  it('closes the stream at sign-out and when the session expires, and opens it for the next sign-in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    await renderMarquee();
    act(() => useSessionTimeoutStore.getState().show());
    expect(server.last.signal.aborted).toBe(true);
    await advance(120_000);
    expect(server.connections).toHaveLength(1);

    act(() => {
      useSessionTimeoutStore.getState().close();
      useUserStore.getState().setSession('new-token', null);
    });
    await advance(0);
    expect(server.connections).toHaveLength(2);
    expect(server.last.headers.Authorization).toBe('Bearer new-token');

    act(() => useUserStore.getState().reset());
    expect(server.last.signal.aborted).toBe(true);
    await advance(120_000);
    expect(server.connections).toHaveLength(2);
  });

  it('stops for good when the server says the session is over (`end`, or a 401)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    await renderMarquee();
    // the server ends the stream after `end`: without it, this would be a reconnect
    server.last.send('event: end\ndata: {"reason":"session"}\n\n');
    server.last.close();
    await advance(120_000);
    expect(server.attempts).toBe(1);

    cleanup();
    server.failures.push(new Response(JSON.stringify({ code: 401, success: false }), { status: 401 }));
    await renderMarquee();
    await advance(120_000);
    expect(server.attempts).toBe(2);
  });

  it('with reduced motion, shows one item at a time without scrolling, the next every 6 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query.includes('prefers-reduced-motion') });
    try {
      await renderMarquee();
      server.last.broadcasts([broadcast(1, { en: 'One' }), broadcast(2, { en: 'Two' })]);
      await advance(0);
      expect(screen.queryByTestId('broadcast-marquee-track')).toBeNull();
      expect(screen.getByTestId('broadcast-marquee-still').textContent).toBe('One');
      expect(spoken()).toBe('One / Two');
      await advance(6_000);
      expect(screen.getByTestId('broadcast-marquee-still').textContent).toBe('Two');
      await advance(6_000);
      expect(screen.getByTestId('broadcast-marquee-still').textContent).toBe('One');
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
