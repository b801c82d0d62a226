import { describe, expect, it } from 'vitest';
import { embeddedPagesSchema, isEmbeddableUrl } from '@agent-bo/shared';
import { body, call, signinAs, useTestApp } from '../helpers.js';
import { DEMO_EMBEDDED_PAGES } from '../../src/db/seed/demo-shell.js';

const ctx = useTestApp();
const get = (url: string, token: string) => call(ctx.app, 'GET', url, undefined, { token, site: 'tw_web' });

async function setShell(siteId: string, watermark: boolean, pages: unknown): Promise<void> {
  await ctx.database.pool.query('update sites set watermark = $2, embedded_pages = $3::jsonb where id = $1', [
    siteId,
    watermark,
    JSON.stringify(pages),
  ]);
}

/** Waits until the app's kept settings show `expected` (the trigger's NOTIFY arrives a moment after the commit). */
async function untilSeen(check: () => boolean): Promise<void> {
  await expect.poll(check, { timeout: 10_000, interval: 20 }).toBe(true);
}

/** The CSP frame-src of an answer to a request on `host`. */
async function frameSrc(host: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { host } });
  const csp = String(res.headers['content-security-policy'] ?? '');
  return /(?:^|;)\s*frame-src ([^;]*)/.exec(csp)?.[1] ?? '';
}

const KIBANA = {
  id: 'kibana',
  title: { zh_TW: '日誌', en: 'Logs', th: '', vi: '' },
  url: 'https://kibana.example.com/app',
  permission: 'DEVELOPER',
};

describe('GET /api/manage/shell', () => {
  it('gives the demo site’s watermark and the embedded pages the caller’s codes may open, without their permission', async () => {
    const admin = await signinAs(ctx.app, 'admin001');
    const shell = body(await get('/api/manage/shell', admin)).data;
    expect(shell).toEqual({
      watermark: true,
      embeddedPages: DEMO_EMBEDDED_PAGES.map(({ id, title, url }) => ({ id, title, url })),
    });
    // agentA03 holds no ROLE_PERMISSION_WRITE: the API description is not among its pages.
    const agent = await signinAs(ctx.app, 'agentA03');
    expect(body(await get('/api/manage/shell', agent)).data).toEqual({ watermark: true, embeddedPages: [] });
  });

  it('follows a change of the sites table made outside the server, through its NOTIFY', async () => {
    const admin = await signinAs(ctx.app, 'admin001');
    await setShell('tw_web', false, [...DEMO_EMBEDDED_PAGES, KIBANA]);
    await untilSeen(() => ctx.app.siteShells.settingsOf('tw_web').embeddedPages.length === 2);
    const shell = body(await get('/api/manage/shell', admin)).data;
    expect(shell.watermark).toBe(false);
    expect(shell.embeddedPages.map((p: { id: string }) => p.id)).toEqual(['api-docs', 'kibana']);
    await setShell('tw_web', true, DEMO_EMBEDDED_PAGES);
    await untilSeen(() => ctx.app.siteShells.settingsOf('tw_web').embeddedPages.length === 1);
  });

  it('shows none of a site’s pages when its stored list is not valid (an http: address), rather than framing it', async () => {
    // The demo seed turned richman's watermark on: seeing it off tells the change has been read.
    await setShell('richman', false, [{ ...KIBANA, url: 'http://kibana.example.com' }]);
    await untilSeen(() => !ctx.app.siteShells.settingsOf('richman').watermark);
    expect(ctx.app.siteShells.settingsOf('richman').embeddedPages).toEqual([]);
    expect(await frameSrc('richman.localhost')).toBe("'self'");
  });

  it('needs a session', async () => {
    const res = await call(ctx.app, 'GET', '/api/manage/shell', undefined, { site: 'tw_web' });
    expect(res.statusCode).toBe(401);
    expect(body(res).success).toBe(false);
  });
});

describe('the CSP’s frame-src', () => {
  it('allows the page’s own origin and the https: origins of the embedded pages of the site its host selects, and no other site’s', async () => {
    await setShell('tw_mc', false, [KIBANA, { ...KIBANA, id: 'kibana-2', url: 'https://kibana.example.com/other' }]);
    await untilSeen(() => ctx.app.siteShells.settingsOf('tw_mc').embeddedPages.length === 2);
    expect(await frameSrc('tw-mc.localhost')).toBe("'self' https://kibana.example.com");
    // The demo's only page of tw_web is a path of this origin: nothing else may be framed there.
    expect(await frameSrc('localhost')).toBe("'self'");
    // An unknown host selects no site: only the own origin.
    expect(await frameSrc('elsewhere.example')).toBe("'self'");
  });
});

describe('embedded pages', () => {
  it('take https: addresses and paths of this origin only', () => {
    for (const url of ['https://kibana.example.com/app', '/api/docs', '/report/agent?x=1']) expect(isEmbeddableUrl(url)).toBe(true);
    for (const url of [
      'http://kibana.example.com',
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example/x',
      '/\\evil.example',
      'https://user:pw@h.example',
      'not a url',
    ])
      expect(isEmbeddableUrl(url)).toBe(false);
  });

  it('need unique ids of lower-case letters, digits and dashes, and a zh_TW title', () => {
    expect(embeddedPagesSchema.safeParse([KIBANA, KIBANA]).success).toBe(false);
    expect(embeddedPagesSchema.safeParse([{ ...KIBANA, id: 'Kibana' }]).success).toBe(false);
    expect(embeddedPagesSchema.safeParse([{ ...KIBANA, title: { ...KIBANA.title, zh_TW: ' ' } }]).success).toBe(false);
    expect(embeddedPagesSchema.safeParse([KIBANA]).success).toBe(true);
  });
});
