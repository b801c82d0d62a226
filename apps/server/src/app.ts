import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { PROVIDER_API_PREFIX } from '@agent-bo/shared';
import type { Db } from './db/client.js';
import { DEFAULT_CLIENT_ERRORS, DEFAULT_READINESS, DEFAULT_THROTTLE, type AppConfig } from './config.js';
import { sleep } from './lib/sleep.js';
import { dbPlugin } from './plugins/db.js';
import { errorsPlugin, installNotFound } from './plugins/errors.js';
import { siteShellPlugin } from './plugins/site-shell.js';
import { shellRoutes } from './modules/shell/routes.js';
import { securityPlugin } from './plugins/security.js';
import { textPlugin } from './plugins/text.js';
import { swaggerPlugin } from './plugins/swagger.js';
import { authPlugin } from './plugins/auth.js';
import { metricsPlugin } from './plugins/metrics.js';
import { readinessPlugin } from './plugins/readiness.js';
import { OPS_PATHS, spaFallback, webPlugin } from './plugins/web.js';
import { authRoutes } from './modules/auth/routes.js';
import { accountRoutes } from './modules/account/routes.js';
import { menuRoutes } from './modules/menu/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { memberRoutes } from './modules/members/routes/index.js';
import { addressListRoutes } from './modules/address-lists/routes.js';
import { ledgerRoutes } from './modules/ledger/routes.js';
import { walletRoutes } from './modules/wallet/routes.js';
import { logRoutes } from './modules/logs/routes.js';
import { reportRoutes } from './modules/report/routes.js';
import { betRoutes } from './modules/bets/routes.js';
import { lockRoutes } from './modules/lock/routes.js';
import { errorLogRoutes } from './modules/error-log/routes.js';
import { providerRoutes } from './modules/providers/routes.js';
import { providerApiRoutes } from './modules/provider-api/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { contentRoutes } from './modules/content/routes.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { liveRoutes } from './modules/live/routes.js';
import { clientApiRoutes } from './modules/client-api/routes.js';
import { roleRoutes } from './modules/roles/routes.js';
import { materialRoutes } from './modules/material/index.js';
import { storeRoutes } from './modules/store/index.js';
import { aboutRoutes } from './modules/about/routes.js';
import { recoveryRoutes } from './modules/recovery/routes.js';
import { contactRoutes } from './modules/contacts/routes.js';
import { secondFactorRoutes } from './modules/second-factor/routes.js';
import { outboxRoutes } from './modules/outbox/routes.js';
import { sessionRoutes } from './modules/sessions/routes.js';
import { qrSigninRoutes } from './modules/auth/routes/qr.js';
import { siteSecurityRoutes } from './modules/site-security/routes.js';
import { outboundPlugin } from './plugins/outbound.js';

export const DEFAULT_CONFIG: AppConfig = {
  apiPrefix: '/api',
  sessionTtlMinutes: 720,
  bodyLimit: 1024 * 1024,
  corsOrigins: [],
  siteHosts: {},
  clientUrls: {},
  trustProxy: false,
  webDistDir: null,
  throttle: DEFAULT_THROTTLE,
  rateLimit: { max: 600, timeWindowMs: 60_000 },
  clientErrors: DEFAULT_CLIENT_ERRORS,
  sleep,
  handoffKey: randomBytes(32),
  now: () => new Date(),
  metricsToken: null,
  apiDocs: true,
  readiness: DEFAULT_READINESS,
};

export interface BuildAppOptions {
  db: Db;
  pool: pg.Pool;
  config?: Partial<Omit<AppConfig, 'throttle' | 'clientErrors' | 'readiness'>> & {
    throttle?: Partial<AppConfig['throttle']>;
    clientErrors?: Partial<AppConfig['clientErrors']>;
    readiness?: Partial<AppConfig['readiness']>;
  };
  /** Fastify logger options; false (the default) for none. */
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Builds the whole application (API, docs, health, web app) without listening. The database is
 * the caller's: it is opened before and closed after (server.ts, tests).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const config: AppConfig = {
    ...DEFAULT_CONFIG,
    ...options.config,
    throttle: { ...DEFAULT_THROTTLE, ...options.config?.throttle },
    clientErrors: { ...DEFAULT_CLIENT_ERRORS, ...options.config?.clientErrors },
    readiness: { ...DEFAULT_READINESS, ...options.config?.readiness },
  };

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: config.bodyLimit,
    // A request arriving on an open connection while the server closes is still served (with
    // `Connection: close`) rather than refused: the drain is bounded by server.ts's deadline.
    return503OnClosing: false,
    // A hop count becomes a function: Fastify's types take booleans, lists and functions.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // A well-formed incoming x-request-id is kept so a proxy's id follows the request through.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // JSON bodies: an empty body counts as none (clients POST without a body), the rest goes
  // through Fastify's safe parser (prototype-poisoning checks).
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });

  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  await app.register(dbPlugin, { db: options.db, pool: options.pool, config });
  await app.register(metricsPlugin, { token: config.metricsToken, apiPrefix: config.apiPrefix });
  await app.register(readinessPlugin, { config: config.readiness });
  await app.register(errorsPlugin);
  await app.register(siteShellPlugin);
  await app.register(securityPlugin, { config });
  await app.register(textPlugin);
  await app.register(swaggerPlugin, { apiPrefix: config.apiPrefix, ui: config.apiDocs });
  await app.register(authPlugin);
  await app.register(outboundPlugin);

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(recoveryRoutes);
      await api.register(contactRoutes);
      await api.register(secondFactorRoutes);
      await api.register(outboxRoutes);
      await api.register(sessionRoutes);
      await api.register(qrSigninRoutes);
      await api.register(siteSecurityRoutes);
      await api.register(accountRoutes);
      await api.register(menuRoutes);
      await api.register(dashboardRoutes);
      await api.register(memberRoutes);
      await api.register(addressListRoutes);
      await api.register(ledgerRoutes);
      await api.register(walletRoutes);
      await api.register(logRoutes);
      await api.register(reportRoutes);
      await api.register(betRoutes);
      await api.register(lockRoutes);
      await api.register(shellRoutes);
      await api.register(errorLogRoutes);
      await api.register(providerRoutes);
      await api.register(contentRoutes);
      await api.register(uploadRoutes);
      await api.register(liveRoutes);
      await api.register(roleRoutes);
      await api.register(materialRoutes);
      await api.register(storeRoutes);
      await api.register(aboutRoutes);
      // The game client's public reads (no back-office session; the site comes from the host).
      await api.register(clientApiRoutes, { prefix: '/client' });
      // Providers call at high rates: their requests are logged at warn and above only, so a
      // busy provider cannot drown the back office's request log.
      await api.register(providerApiRoutes, { prefix: PROVIDER_API_PREFIX, logLevel: 'warn' });
    },
    { prefix: config.apiPrefix },
  );
  await app.register(healthRoutes);
  await app.register(webPlugin, { webDistDir: config.webDistDir });

  installNotFound(app, spaFallback(config.webDistDir, [config.apiPrefix, ...OPS_PATHS]));
  return app;
}
