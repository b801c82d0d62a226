import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Operational paths (and the usual names probes and scanners try) that must never be answered
 * with the web app's index.html: a load balancer probing /readyz would read a 200 page as
 * "ready". Unknown ones answer the 404 envelope.
 */
export const OPS_PATHS = ['/healthz', '/readyz', '/livez', '/metrics', '/health', '/ready', '/status', '/ping', '/.well-known'];

/**
 * Serves the built web app. `isSpaRoute` tells the not-found handler when to answer with
 * index.html instead: a GET/HEAD for a page path (no file extension) outside the API, so that
 * deep links like /dashboard load the SPA, while a missing /assets/x.js stays a 404.
 */
export function spaFallback(webDistDir: string | null, reserved: string[]) {
  const index = webDistDir ? path.join(webDistDir, 'index.html') : null;
  const enabled = index !== null && existsSync(index);
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (!enabled) return false;
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const url = request.url.split('?')[0] ?? '/';
    if (reserved.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))) return false;
    const last = url.split('/').pop() ?? '';
    if (last.includes('.')) return false;
    // index.html must never be cached: it names the hashed asset files of the current build.
    void reply.header('cache-control', 'no-cache').sendFile('index.html');
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
