import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import cors from '@fastify/cors';
import { AppError } from '../lib/app-error.js';
import type { AppConfig } from '../config.js';

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

export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const { config } = opts;
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Not over plain http: HSTS on http://localhost would only confuse other local apps later.
    strictTransportSecurity: false,
  });

  // Always registered, so that a route's own limit (`config.rateLimit`, e.g. the front-end error
  // report) holds even when the global limit is off (RATE_LIMIT_MAX=0 for load tests).
  await app.register(rateLimit, {
    global: config.rateLimit !== false,
    max: config.rateLimit ? config.rateLimit.max : 0,
    timeWindow: config.rateLimit ? config.rateLimit.timeWindowMs : 60_000,
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS'),
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
