import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { APPEARANCE_COOKIE, appearanceCookieValue, DEFAULT_LOCALE, LOCALES } from '@agent-bo/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Operational paths (and the usual names probes and scanners try) that must never be answered
 * with the web app's index.html: a load balancer probing /readyz would read a 200 page as
 * "ready". Unknown ones answer the 404 envelope.
 */
export const OPS_PATHS = ['/healthz', '/readyz', '/livez', '/metrics', '/health', '/ready', '/status', '/ping', '/.well-known'];

/** The web app's sign-in page; the one page path with prerendered copies. */
const LOGIN_PATH = '/login';
/**
 * The cookie the web app keeps equal to its stored locale and theme (`APPEARANCE_COOKIE`,
 * `<locale>.<light|dark>` or `custom`); sent by the browser for /login only.
 */
const APPEARANCE = new RegExp(`(?:^|;\\s*)${APPEARANCE_COOKIE}=((?:${LOCALES.join('|')})\\.(?:light|dark)|custom)(?=;|$)`);
const DEFAULT_APPEARANCE = appearanceCookieValue({ locale: DEFAULT_LOCALE, dark: false });

/**
 * The prerendered login page for a request's cookies (apps/web/build/prerender-login.mjs writes
 * `login/<locale>.<light|dark>.html`): the stored look's copy; the app's defaults (the default
 * locale, light) without the cookie; none (plain index.html) for a custom look or a value the
 * build has no copy of.
 */
export function loginSnapshotFor(cookieHeader: string | undefined, available: ReadonlySet<string>): string | null {
  const stored = cookieHeader ? APPEARANCE.exec(cookieHeader)?.[1] : undefined;
  const name = `${stored ?? DEFAULT_APPEARANCE}.html`;
  return available.has(name) ? `login/${name}` : null;
}

/**
 * Serves the built web app. `isSpaRoute` tells the not-found handler when to answer with
 * index.html instead: a GET/HEAD for a page path (no file extension) outside the API, so that
 * deep links like /dashboard load the SPA, while a missing /assets/x.js stays a 404.
 */
export function spaFallback(webDistDir: string | null, reserved: string[]) {
  const index = webDistDir ? path.join(webDistDir, 'index.html') : null;
  const enabled = index !== null && existsSync(index);
  const loginDir = webDistDir ? path.join(webDistDir, 'login') : null;
  const snapshots = new Set(loginDir && existsSync(loginDir) ? readdirSync(loginDir).filter((f) => f.endsWith('.html')) : []);
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (!enabled) return false;
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const url = request.url.split('?')[0] ?? '/';
    if (reserved.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))) return false;
    const last = url.split('/').pop() ?? '';
    if (last.includes('.')) return false;
    // index.html must never be cached: it names the hashed asset files of the current build.
    void reply.header('cache-control', 'no-cache');
    if (url === LOGIN_PATH) {
      // The copy of index.html with the login page painted in, in the stored locale and theme.
      void reply.header('vary', 'Cookie');
      const snapshot = loginSnapshotFor(request.headers.cookie, snapshots);
      if (snapshot) {
        void reply.sendFile(snapshot);
        return true;
      }
    }
    void reply.sendFile('index.html');
    return true;
  };
}

/**
 * Vite puts content-hashed files under /assets: a browser keeps them for a year and never asks
 * again (`immutable`, so a reload takes them from its cache too); a new build has new names.
 * Everything else (index.html, which names the current build's files; favicon) is revalidated
 * on every use. `filePath` may be the precompressed sibling (`x.js.br`).
 */
export function cacheControlFor(filePath: string): string {
  const dir = path.dirname(filePath);
  return path.basename(dir) === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export const webPlugin = fp(async (app: FastifyInstance, opts: { webDistDir: string | null }) => {
  if (!opts.webDistDir || !existsSync(path.join(opts.webDistDir, 'index.html'))) {
    app.log.warn({ webDistDir: opts.webDistDir }, 'web app not built: serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.webDistDir,
    wildcard: true,
    index: ['index.html'],
    // The build writes `<file>.br` and `<file>.gz` next to each text file (apps/web/build/
    // precompress.ts): the one the request's Accept-Encoding prefers is sent as it is, with
    // `Vary: Accept-Encoding`; nothing is compressed per request.
    preCompressed: true,
    setHeaders: (res, filePath) => void res.header('cache-control', cacheControlFor(filePath)),
  });
});
