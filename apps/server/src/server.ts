import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loadOrCreateKeyFile } from './lib/handoff.js';
import { buildApp } from './app.js';
import { DEFAULT_SESSION_CACHE, addressFailureLimits } from './config.js';
import { EnvError, apiDocsEnabled, isDemoMode, loadEnv, messagingOf, type Env } from './env.js';
import { createDatabase, type Database } from './db/client.js';
import { EmbeddedPgError, startEmbeddedPostgres, type EmbeddedPg } from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { DEMO_CREDENTIALS, seedDemo } from './db/seed/demo.js';
import { upsertSites } from './db/seed/sites.js';
import {
  ProviderWallets,
  databaseBooks,
  databaseSecrets,
  demoTrafficWanted,
  loadProviderWallets,
  loopbackUrl,
  startDemoTraffic,
  startProviderSide,
  type ProviderSide,
} from '@agent-bo/simulator';
import { pino } from 'pino';
import { sleep } from './lib/sleep.js';

/** After the shutdown deadline, how long the embedded PostgreSQL may take to stop before the exit. */
const FORCED_PG_STOP_MS = 5000;

const MIB = 1024 * 1024;

/** env → database (embedded or external) → migrations → seed (demo) → listen; graceful close with a deadline. */
async function main(): Promise<void> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const pretty = env.NODE_ENV === 'development' && process.stdout.isTTY;
  const loggerOptions = pretty
    ? { level: env.LOG_LEVEL, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
    : { level: env.LOG_LEVEL };
  const log = pino(loggerOptions);

  let embedded: EmbeddedPg | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let demoTraffic: ReturnType<typeof startDemoTraffic> | undefined;
  let providerSide: ProviderSide | undefined;
  let closing = false;

  // Shutdown: /readyz turns 503 at once (draining); after SHUTDOWN_DELAY_MS the server stops
  // accepting and waits for in-flight requests; then the pool and the embedded PostgreSQL close.
  // SHUTDOWN_TIMEOUT_MS after the signal — or at a second signal — whatever is still open is cut
  // and the process exits 1 (the embedded PostgreSQL is still stopped, within a few seconds).
  let forcing = false;
  const forceExit = async (reason: string) => {
    if (forcing) return;
    forcing = true;
    const open = await new Promise<number>((resolve) => {
      if (!app) return resolve(0);
      app.server.getConnections((err, count) => resolve(err ? -1 : count));
    });
    log.error({ reason, openConnections: open }, 'shutdown: exiting without waiting for the rest');
    app?.server.closeAllConnections();
    const stopped = embedded?.stop().catch((err: unknown) => log.error({ err }, 'could not stop the embedded PostgreSQL'));
    await Promise.race([stopped, sleep(FORCED_PG_STOP_MS)]);
    process.exit(1);
  };

  const close = async (signal: string) => {
    if (closing) {
      void forceExit(`second signal (${signal})`);
      return;
    }
    closing = true;
    const deadline = setTimeout(() => void forceExit(`deadline of ${env.SHUTDOWN_TIMEOUT_MS} ms reached`), env.SHUTDOWN_TIMEOUT_MS);
    log.info({ signal, delayMs: env.SHUTDOWN_DELAY_MS, timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, 'shutting down: draining');
    try {
      // /readyz answers 503 from here on
      if (app) app.lifecycle.draining = true;
      if (app && env.SHUTDOWN_DELAY_MS > 0) await sleep(env.SHUTDOWN_DELAY_MS);
      await demoTraffic?.stop();
      await providerSide?.close();
      await app?.close();
      await database?.close();
      await embedded?.stop();
    } catch (err) {
      log.error({ err }, 'error while shutting down');
    }
    clearTimeout(deadline);
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  try {
    let url = env.DATABASE_URL;
    if (!url) {
      embedded = await startEmbeddedPostgres({
        dataDir: env.DATA_DIR,
        port: env.EMBEDDED_PG_PORT,
        log: (message) => log.info(message),
      });
      url = embedded.url;
    }
    // A lost connection fails the request using it (503) and is replaced; the process stays up.
    database = createDatabase(url, { onConnectionError: (err) => log.warn({ err }, 'database connection lost') });
    await runMigrations(database.pool);
    let seeded = 0;
    if (isDemoMode(env)) {
      seeded = await seedDemo(database.db);
      if (seeded > 0) log.info({ accounts: seeded }, 'seeded the demo data');
    } else {
      await upsertSites(database.db);
    }

    // Hand-off key: HANDOFF_KEY; else the embedded mode's key file in DATA_DIR; else (external
    // database, no key) one per process — hand-offs then do not survive a restart.
    let handoffKey = env.HANDOFF_KEY;
    if (!handoffKey && !env.DATABASE_URL) handoffKey = await loadOrCreateKeyFile(env.DATA_DIR);
    if (!handoffKey) {
      handoffKey = randomBytes(32);
      log.warn('HANDOFF_KEY is not set: one-time passwords shown by copy_info will not survive a restart or reach other processes');
    }

    app = await buildApp({
      db: database.db,
      pool: database.pool,
      logger: loggerOptions,
      config: {
        apiPrefix: env.API_PREFIX,
        sessionTtlMinutes: env.SESSION_TTL_MINUTES,
        bodyLimit: env.BODY_LIMIT_BYTES,
        corsOrigins: env.CORS_ORIGINS,
        siteHosts: env.SITE_HOSTS,
        clientUrls: env.CLIENT_SITE_URLS,
        trustProxy: env.TRUST_PROXY,
        webDistDir: env.WEB_DIST_DIR,
        handoffKey,
        rateLimit:
          env.RATE_LIMIT_MAX === 0
            ? false
            : { max: env.RATE_LIMIT_MAX, timeWindowMs: 60_000, addressMax: env.RATE_LIMIT_ADDRESS_MAX ?? env.RATE_LIMIT_MAX * 5 },
        apiDocs: apiDocsEnabled(env),
        docsUrl: env.DOCS_URL ?? null,
        clientErrors: {
          rateLimit: env.ERROR_REPORT_RATE_LIMIT === 0 ? false : { max: env.ERROR_REPORT_RATE_LIMIT, timeWindowMs: 60_000 },
        },
        clientApi: {
          rateLimit: env.CLIENT_API_RATE_LIMIT === 0 ? false : { max: env.CLIENT_API_RATE_LIMIT, timeWindowMs: 60_000 },
        },
        imageCleanup: {
          intervalMs: env.IMAGE_CLEANUP_INTERVAL_MINUTES * 60_000,
          graceMs: env.IMAGE_ORPHAN_GRACE_HOURS * 3_600_000,
        },
        ledgerBatch: { maxItems: env.LEDGER_BATCH_MAX_ITEMS, maxInFlight: env.LEDGER_BATCH_IN_FLIGHT },
        sessionCache: env.SESSION_CACHE_MAX > 0 && { ...DEFAULT_SESSION_CACHE, max: env.SESSION_CACHE_MAX },
        metricsToken: env.METRICS_TOKEN ?? null,
        providerEndpointHosts: env.PROVIDER_ENDPOINT_HOSTS,
        messaging: messagingOf(env),
        throttle: { codeSendsPerAddress: env.CODE_ASKS_PER_ADDRESS, ...addressFailureLimits(env.SIGNIN_FAILURES_PER_ADDRESS) },
        readiness: {
          maxEventLoopDelayMs: env.READY_MAX_EVENT_LOOP_DELAY_MS,
          dbTimeoutMs: env.READY_DB_TIMEOUT_MS,
          ...(env.READY_MAX_HEAP_MB !== undefined && { maxHeapUsedBytes: env.READY_MAX_HEAP_MB * MIB }),
          ...(env.READY_MAX_RSS_MB !== undefined && { maxRssBytes: env.READY_MAX_RSS_MB * MIB }),
        },
      },
    });
    await app.listen({ port: env.PORT, host: env.HOST });
    const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
    log.info(`agent back office on http://${shown}:${env.PORT} (API ${env.API_PREFIX}, docs ${env.API_PREFIX}/docs)`);
    if (isDemoMode(env)) {
      log.info(`demo mode: sign in as ${DEMO_CREDENTIALS.accountNo} / ${DEMO_CREDENTIALS.password} (every site)`);
      // The providers' side of the bundled simulator, on a loopback port: the endpoint the demo's
      // merchant accounts call for pull-backs and reconciliation reports (set where none is
      // configured, or where an earlier demo start's loopback endpoint is).
      const wallets = new ProviderWallets();
      await loadProviderWallets(database.pool, wallets);
      providerSide = await startProviderSide({
        wallets,
        secretOf: databaseSecrets(database.pool),
        books: databaseBooks(database.pool),
      });
      await database.pool.query(
        `update provider_merchants set endpoint = $1 where endpoint is null or endpoint like 'http://127.0.0.1:%'`,
        [providerSide.url],
      );
      log.info(`demo providers' side on ${providerSide.url} (pull-backs, reconciliation reports)`);
      // Bets for sites that have none, through the provider API on our own port, in the background.
      if (demoTrafficWanted(env)) {
        demoTraffic = startDemoTraffic({
          db: database.pool,
          baseUrl: loopbackUrl(app.server.address()),
          apiPrefix: env.API_PREFIX,
          log,
          wallets,
          // The demo's players share the demo password: some of them shop with their points.
          playerPassword: DEMO_CREDENTIALS.password,
        });
      }
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      log.fatal(`Port ${env.PORT} on ${env.HOST} is already in use. Stop the other process or set PORT to a free port.`);
    } else if (err instanceof EmbeddedPgError) {
      log.fatal(err.message);
    } else {
      log.fatal({ err }, 'could not start');
    }
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  }
}

void main();
