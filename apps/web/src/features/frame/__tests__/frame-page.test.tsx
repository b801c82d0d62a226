import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SiteShell, UserInfo } from '@agent-bo/shared';
import { adminUser } from '../../../test/fixtures';
import { envelope, findTestId, setUpStubbedApp, startApp } from '../../../test/app-harness';

/** An embedded page (issue 38) in the whole app: route, menu entry, title and the frame's states. */
const SHELL: SiteShell = {
  watermark: false,
  embeddedPages: [
    { id: 'api-docs', title: { zh_TW: 'API 說明文件', en: 'API description', th: '', vi: '' }, url: '/api/docs' },
    { id: 'kibana', title: { zh_TW: '日誌平台', en: '', th: '', vi: '' }, url: 'https://kibana.example.com/app' },
  ],
};
let shell: SiteShell = SHELL;
const user: UserInfo = adminUser();

setUpStubbedApp({
  signedIn: true,
  reset: () => {
    shell = SHELL;
  },
  after: () => vi.useRealTimers(),
  server: (path) => {
    const { pathname } = new URL(path, 'http://localhost');
    if (pathname === '/api/manage/userinfo') return envelope(user);
    if (pathname === '/api/getPermCode') return envelope(['MOVE_USER']);
    if (pathname === '/api/manage/shell') return envelope(shell);
    return envelope(null);
  },
});

describe('an embedded page', () => {
  it('shows its address in a frame under its own title, in the menu, the heading and the tab title', async () => {
    await startApp('/frame/api-docs');
    const frame = await findTestId('frame');
    expect(frame.getAttribute('src')).toBe('/api/docs');
    expect(frame.getAttribute('title')).toBe('API description');
    expect(screen.getByTestId('frame-page').dataset.state).toBe('loading');
    expect(screen.getByTestId('page-heading').textContent).toBe('API description');
    const menu = screen.getByTestId('side-menu');
    expect(within(menu).getByText('Embedded pages')).toBeTruthy();
    fireEvent.load(frame);
    expect(screen.getByTestId('frame-page').dataset.state).toBe('loaded');
  });

  it('takes the zh_TW title where its own locale has none', async () => {
    await startApp('/frame/kibana');
    expect((await findTestId('frame')).getAttribute('title')).toBe('日誌平台');
  });

  it('says it could not show a page that does not load in time, and tries again on request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await startApp('/frame/kibana');
    await findTestId('frame');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000);
    });
    expect(screen.getByTestId('frame-page').dataset.state).toBe('failed');
    expect(screen.getByTestId('frame-open').getAttribute('href')).toBe('https://kibana.example.com/app');
    fireEvent.click(screen.getByTestId('frame-retry'));
    expect(screen.getByTestId('frame-page').dataset.state).toBe('loading');
  });

  it('is a page that does not exist when the server did not give it to this session', async () => {
    shell = { watermark: false, embeddedPages: [] };
    await startApp('/frame/api-docs');
    expect((await findTestId('error-page')).dataset.kind).toBe('notFound');
    expect(screen.queryByText('Embedded pages')).toBeNull();
  });
});
