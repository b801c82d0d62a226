import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import cors from '@fastify/cors';
import { AppError } from '../lib/app-error.js';
import type { AppConfig } from '../config.js';
import { OPS_PATHS } from './web.js';
import { siteOfHost } from './site.js';

/**
 * Security headers with a CSP the Vite-built React + antd SPA and Swagger UI both pass:
 * scripts only from our origin (neither has inline scripts); inline styles allowed because
 * antd (CSS-in-JS) and Swagger UI inject style elements; images may be data:/blob: URLs.
 * `upgrade-insecure-requests` is left out so that plain-http local use keeps working.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  scriptSrcAttr: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * The app's security headers. `frame-src` is the page's own origin plus the https: origins of
 * the embedded pages of the site its host selects (issue 38): a page of one site can frame what
 * that site lists and nothing else.
 */
function securityHeaders(frameOrigins: (host: string) => readonly string[]): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY,
        frameSrc: [(req: IncomingMessage) => ["'self'", ...frameOrigins(req.headers.host ?? '')].join(' ')],
      },
    },
    // Not over plain http: HSTS on http://localhost would only confuse other local apps later.
    strictTransportSecurity: false,
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own security headers, over the app's (`SECURITY_HEADERS`). */
    securityHeaders?: HelmetOptions;
  }
}

type HeaderSetter = ReturnType<typeof helmet>;

/**
 * Helmet's headers on every answer. Each set of options becomes helmet's middleware once: the
 * fastify plugin for helmet built the middleware again for every request (parsing the CSP each
 * time), 2.5 % of the server's time on a member list.
 */
function installSecurityHeaders(app: FastifyInstance, siteHosts: AppConfig['siteHosts']): void {
  const SECURITY_HEADERS = securityHeaders((host) => {
    const siteId = siteOfHost(host, siteHosts);
    return siteId ? app.siteShells.frameOrigins(siteId) : [];
  });
  const everywhere = helmet(SECURITY_HEADERS);
  const perRoute = new WeakMap<HelmetOptions, HeaderSetter>();
  const setterFor = (own: HelmetOptions): HeaderSetter => {
    let setter = perRoute.get(own);
    if (!setter) {
      setter = helmet({ ...SECURITY_HEADERS, ...own } as HelmetOptions);
      perRoute.set(own, setter);
    }
    return setter;
  };
  app.addHook('onRequest', (request, reply, done) => {
    const own = request.routeOptions.config.securityHeaders;
    // Helmet throws a bad option instead of passing it on (since 8.1), so `done` is only ever
    // called without an error and can be handed over as it is.
    (own ? setterFor(own) : everywhere)(request.raw, reply.raw, done as (error?: unknown) => void);
  });
}

export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const { config } = opts;
  installSecurityHeaders(app, config.siteHosts);

  // Always registered, so that a route's own limit (`config.rateLimit`, e.g. the front-end error
  // report, the game client's API) holds even when the general limit is off (RATE_LIMIT_MAX=0 for
  // load tests). The plugin's own global hook is off: the general limit below is ours.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS'),
  });
  if (config.rateLimit) installApiRateLimit(app, config.apiPrefix, config.rateLimit);

  // API answers are never stored by a browser or a proxy (they carry accounts, balances, tokens).
  // A route that sets its own caching keeps it: the content-addressed images of /api/files
  // (immutable), the game client's public reads (short, with ETag).
  const apiPrefix = `${config.apiPrefix}/`;
  app.addHook('onSend', async (request, reply) => {
    if (isUnder(request, apiPrefix) && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });

  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'x-site-id', 'accept-language', 'x-request-id'],
      exposedHeaders: ['x-request-id'],
      maxAge: 600,
    });
  }
});

function pathOf(request: FastifyRequest): string {
  const url = request.url;
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

function isUnder(request: FastifyRequest, prefix: string): boolean {
  return pathOf(request).startsWith(prefix);
}

/** A bearer token's rate-limit key: a digest, so the token itself is never kept in memory here. */
function sessionKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  if (!token) return null;
  return `session:${createHash('sha256').update(token).digest('base64url').slice(0, 22)}`;
}

function addressOf(request: FastifyRequest): string {
  return `address:${normalizeIP(request.ip)}`;
}

/**
 * The rate-limit key of a caller: its bearer session when the call carries one, else its client
 * address. Routes with a limit of their own use it as `config.rateLimit.keyGenerator`.
 */
export function callerRateKey(request: FastifyRequest): string {
  return sessionKey(request) ?? addressOf(request);
}

/**
 * The general request limit, for API calls and the operational paths only: the web app's static
 * files and its page (the SPA shell, deep links) are not API calls — one page load is 20-odd of
 * them — and are never counted, so quick reloads can never turn the app into a page of JSON.
 *
 * Two budgets per window, both must hold:
 * - per caller: the bearer session when the call carries one, else the client address
 *   (`max`): people behind one address (an office, a NAT) each have their own budget;
 * - per address over all its sessions (`addressMax`, default 5 × `max`): made-up tokens do not
 *   buy an address unlimited budgets.
 *
 * Routes with their own `config.rateLimit` (their own limit, or `false` like the signed provider
 * API) are left to it. A refusal is TOO_MANY_REQUESTS (429) with `Retry-After`.
 */
function installApiRateLimit(app: FastifyInstance, apiPrefix: string, limit: { max: number; timeWindowMs: number; addressMax?: number }) {
  const perCaller = app.createRateLimit({ max: limit.max, timeWindow: limit.timeWindowMs, keyGenerator: callerRateKey });
  const addressMax = limit.addressMax ?? limit.max * 5;
  const perAddress =
    addressMax > 0 ? app.createRateLimit({ max: addressMax, timeWindow: limit.timeWindowMs, keyGenerator: addressOf }) : null;
  const counted = [apiPrefix, ...OPS_PATHS];
  const isCounted = (request: FastifyRequest) => {
    const path = pathOf(request);
    return counted.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  };

  const refuse = (reply: FastifyReply, max: number, ttlInSeconds: number): never => {
    void reply.header('x-ratelimit-limit', max);
    void reply.header('x-ratelimit-remaining', 0);
    void reply.header('x-ratelimit-reset', ttlInSeconds);
    void reply.header('retry-after', ttlInSeconds);
    throw new AppError('TOO_MANY_REQUESTS', { n: ttlInSeconds });
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!isCounted(request)) return;
    if ((request.routeOptions.config as { rateLimit?: unknown } | undefined)?.rateLimit !== undefined) return;
    const caller = await perCaller(request);
    if (!caller.isAllowed && caller.isExceeded) refuse(reply, caller.max, caller.ttlInSeconds);
    if (perAddress) {
      const address = await perAddress(request);
      if (!address.isAllowed && address.isExceeded) refuse(reply, address.max, address.ttlInSeconds);
    }
    if (!caller.isAllowed) {
      void reply.header('x-ratelimit-limit', caller.max);
      void reply.header('x-ratelimit-remaining', caller.remaining);
      void reply.header('x-ratelimit-reset', caller.ttlInSeconds);
    }
  });
}
