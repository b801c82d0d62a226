import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loadOrCreateKeyFile } from './lib/handoff.js';
import { buildApp } from './app.js';
import { EnvError, isDemoMode, loadEnv, type Env } from './env.js';
import { createDatabase, type Database } from './db/client.js';
import { EmbeddedPgError, startEmbeddedPostgres, type EmbeddedPg } from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { DEMO_CREDENTIALS, seedDemo } from './db/seed/demo.js';
import { upsertSites } from './db/seed/sites.js';
import { demoTrafficWanted, loopbackUrl, startDemoTraffic } from './simulator/demo.js';
import { pino } from 'pino';

/** env → database (embedded or external) → migrations → seed (demo) → listen; graceful close. */
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
  let closing = false;

  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    try {
      await demoTraffic?.stop();
      await app?.close();
      await database?.close();
      await embedded?.stop();
    } catch (err) {
      log.error({ err }, 'error while shutting down');
    }
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
    database = createDatabase(url);
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
        trustProxy: env.TRUST_PROXY,
        webDistDir: env.WEB_DIST_DIR,
        handoffKey,
        rateLimit: env.RATE_LIMIT_MAX === 0 ? false : { max: env.RATE_LIMIT_MAX, timeWindowMs: 60_000 },
        clientErrors: {
          rateLimit: env.ERROR_REPORT_RATE_LIMIT === 0 ? false : { max: env.ERROR_REPORT_RATE_LIMIT, timeWindowMs: 60_000 },
        },
      },
    });
    await app.listen({ port: env.PORT, host: env.HOST });
    const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
    log.info(`agent back office on http://${shown}:${env.PORT} (API ${env.API_PREFIX}, docs ${env.API_PREFIX}/docs)`);
    if (isDemoMode(env)) {
      log.info(`demo mode: sign in as ${DEMO_CREDENTIALS.accountNo} / ${DEMO_CREDENTIALS.password} (every site)`);
      // Bets for sites that have none, through the provider API on our own port, in the background.
      if (demoTrafficWanted(env)) {
        demoTraffic = startDemoTraffic({ db: database.pool, baseUrl: loopbackUrl(app.server.address()), apiPrefix: env.API_PREFIX, log });
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
