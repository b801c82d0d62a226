import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { About, UserInfo } from '@agent-bo/shared';
import workspaces from 'virtual:dependencies';
import { adminUser } from '../../../test/fixtures';
import { envelope, seedStorage, startApp, stubFetch } from '../../../test/app-harness';
import { type } from '../../../test/ui-actions';

let user: UserInfo;
let about: About;
let aboutCalls: number;

const ABOUT: About = {
  server: { version: '3.4.5', nodeVersion: 'v20.99.1', databaseVersion: '17.9', startedAt: '2026-11-21T02:03:04.000Z' },
  site: { id: 'tw_web', name: 'Taiwan main site' },
  apiDocs: { served: true, path: '/api/docs' },
  docsUrl: 'https://docs.example.com/back-office/',
};

function server(path: string): Response {
  const url = new URL(path, 'http://localhost');
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(user);
    case '/api/getPermCode':
      return envelope(user.permission.permissions.map((p) => p.code));
    case '/api/manage/about':
      aboutCalls += 1;
      return envelope(about);
    default:
      return envelope(null);
  }
}

/** The page is a lazy chunk: its first load in a test takes a while. */
const findPage = () => screen.findByTestId('about', {}, { timeout: 10_000 });
const text = (id: string) => screen.getByTestId(id).textContent;
/** The package names of a dependency table. */
const names = (kind: 'production' | 'development') =>
  [...screen.getByTestId(`about-deps-${kind}`).querySelectorAll('tbody tr.ant-table-row')].map(
    (row) => row.querySelector('td')?.textContent ?? '',
  );

beforeEach(() => {
  vi.resetModules();
  seedStorage({ signedIn: true });
  user = adminUser();
  about = ABOUT;
  aboutCalls = 0;
  stubFetch(server);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('about page', { timeout: 20_000 }, () => {
  it('shows the versions, start time and site the server gave, and links to the API description and the documentation', async () => {
    await startApp('/about');
    await findPage();
    await waitFor(() => expect(text('about-node-version')).toBe('v20.99.1'));
    expect(text('about-server-version')).toBe('3.4.5');
    expect(text('about-database-version')).toBe('17.9');
    expect(text('about-site')).toBe('Taiwan main site (tw_web)');
    const started = screen.getByTestId('about-started-at');
    expect(started.getAttribute('datetime')).toBe('2026-11-21T02:03:04.000Z');
    // In the reader's language (English here), not the raw ISO text.
    expect(started.textContent).toMatch(/Nov 21, 2026/);
    expect(text('about-product')).toBe('Agent Back Office');

    const apiDocs = screen.getByTestId('about-api-docs');
    expect(apiDocs.getAttribute('href')).toBe('/api/docs');
    expect(apiDocs.getAttribute('target')).toBe('_blank');
    expect(apiDocs.getAttribute('rel')).toContain('noopener');
    const docs = screen.getByTestId('about-docs-url');
    expect(docs.getAttribute('href')).toBe('https://docs.example.com/back-office/');
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(aboutCalls).toBe(1);
  });

  it('shows no link the server does not give: the API description not served, no documentation configured', async () => {
    about = { ...ABOUT, apiDocs: { served: false, path: '/api/docs' }, docsUrl: null };
    await startApp('/about');
    await findPage();
    await waitFor(() => expect(text('about-node-version')).toBe('v20.99.1'));
    expect(screen.queryByTestId('about-api-docs')).toBeNull();
    expect(screen.queryByTestId('about-docs-url')).toBeNull();
  });

  it('lists each package’s production and development dependencies apart, with the installed versions, and filters them by name', async () => {
    await startApp('/about');
    await findPage();
    const web = workspaces[0]!;
    expect(web.name).toBe('@agent-bo/web');
    // The web app's tab first: its own dependencies, each in its own table.
    expect(names('production')).toEqual(web.dependencies.map((d) => d.name));
    expect(names('development')).toEqual(web.devDependencies.map((d) => d.name));
    expect(names('production')).toContain('react');
    expect(names('production')).not.toContain('vite');
    expect(names('development')).toContain('vite');
    const react = [...screen.getByTestId('about-deps-production').querySelectorAll('tbody tr.ant-table-row')].find(
      (row) => row.querySelector('td')?.textContent === 'react',
    )!;
    expect(within(react as HTMLElement).getByText(web.dependencies.find((d) => d.name === 'react')!.version!)).toBeTruthy();

    await type(screen.getByTestId('about-deps-filter'), 'REACT');
    expect(names('production').every((name) => name.includes('react'))).toBe(true);
    expect(names('production')).toContain('react');
    expect(names('development')).toEqual(web.devDependencies.filter((d) => d.name.includes('react')).map((d) => d.name));

    // Another package's tab: the server's, under the same filter cleared.
    await type(screen.getByTestId('about-deps-filter'), '');
    fireEvent.click(screen.getByTestId('about-deps-tab-apps-server'));
    const serverWs = workspaces.find((w) => w.path === 'apps/server')!;
    await waitFor(() => expect(names('production')).toEqual(serverWs.dependencies.map((d) => d.name)));
    expect(names('production')).toContain('fastify');
  });

  it('is reached from the user menu', async () => {
    await startApp('/error-log/list');
    await screen.findByTestId('error-log-page', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('about-page'));
    await findPage();
    expect(window.location.pathname).toBe('/about');
    await waitFor(() => expect(text('about-node-version')).toBe('v20.99.1'));
  });
});
