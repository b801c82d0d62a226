import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SITE_IDS, type SiteId } from '@agent-bo/shared';
import { DirectoryError, loadDirectory, parsePlayers, parseSecrets, type Directory } from './directory.js';
import { runSimulation } from './engine.js';
import { DEFAULT_RATES, type FateRates } from './planner.js';
import { formatSummary } from './summary.js';

// src/cli.ts and dist/cli.js sit at the same depth: packages/simulator/{src,dist}/cli.*
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const USAGE = `npm run simulate -- [options]

Plays provider traffic against a running server through the signed provider API.

  --url URL            server origin (default http://localhost:PORT)
  --api-prefix PATH    API prefix (default API_PREFIX or /api)
  --site ID            site (default tw_web; one of ${SITE_IDS.join(', ')})
  --bets N             bets to place (default 1000 without --duration)
  --duration T         place bets for this long: 90s, 5m, 1h (then settle what is due)
  --rate N             at most N bets per second (default: as fast as the server answers)
  --batch N            items per call, 1..1000 (default 100)
  --concurrency N      calls in flight (default 4)
  --players N          distinct players in play (default: all of the site)
  --days N             spread placing times over the last N days (default 0: now)
  --settle-delay MS    live: delay before a bet is settled (default 2000)
  --seed S             seed of every decision (default 1): the same seed plays the same traffic
  --run-id ID          prefix of bet ids (default sim + time)
  --cancel-rate R      share of bets canceled (default ${DEFAULT_RATES.cancel})
  --resettle-rate R    share of bets resettled (default ${DEFAULT_RATES.resettle})
  --open-rate R        share of bets left unsettled (default ${DEFAULT_RATES.open})
  --replay-rate R      share of answered items sent again identically (default ${DEFAULT_RATES.replay})
  --stray-rate R       share of sessions on a provider the player lacks (default ${DEFAULT_RATES.stray})
  --no-wallet          bets only, without transfer_out / transfer_in around sessions
  --secret CODE=HEX    a provider's shared secret (repeatable; or SIMULATOR_SECRETS=CODE=HEX,CODE=HEX)
  --player ACC[=P+P]   a player and its providers (repeatable)
  --database-url URL   where to read missing secrets and players (default DATABASE_URL)
  --data-dir PATH      else the embedded database of this data folder while its server runs
                       (default DATA_DIR or the repository's data/)
  --json               print the summary as JSON

Secrets and players not given are read (read-only) from the server's database: --database-url
or DATABASE_URL, or the embedded cluster of the data folder while the server runs. Environment:
PORT and API_PREFIX (the defaults of --url and --api-prefix), SIMULATOR_SECRETS, DATABASE_URL,
DATA_DIR. Exit code 0 when the run ends with bets placed and every call answered; refusals are
expected and counted.`;

class UsageError extends Error {}

/** The settings the simulator shares with the server it plays against, from the environment. */
interface SimulatorEnv {
  port: number;
  apiPrefix: string;
  databaseUrl?: string;
  dataDir: string;
  secrets?: string;
}

function readEnv(env: NodeJS.ProcessEnv): SimulatorEnv {
  const set = (name: string) => (env[name]?.trim() ? env[name]!.trim() : undefined);
  const port = Number(set('PORT') ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UsageError('PORT must be a port number');
  const apiPrefix = set('API_PREFIX') ?? '/api';
  if (!/^\/[A-Za-z0-9_\-/]*[A-Za-z0-9_-]$/.test(apiPrefix))
    throw new UsageError('API_PREFIX must start with / and not end with / (e.g. /api)');
  return {
    port,
    apiPrefix,
    databaseUrl: set('DATABASE_URL'),
    dataDir: path.resolve(set('DATA_DIR') ?? path.join(REPO_ROOT, 'data')),
    secrets: set('SIMULATOR_SECRETS'),
  };
}

function positive(name: string, v: string | undefined, integer = true): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n)))
    throw new UsageError(`--${name} must be a positive ${integer ? 'whole ' : ''}number`);
  return n;
}

function nonNegative(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`--${name} must be 0 or more`);
  return n;
}

function share(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new UsageError(`--${name} must be between 0 and 1`);
  return n;
}

function duration(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(v.trim());
  if (!m) throw new UsageError('--duration must look like 90s, 5m or 1h');
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  return Number(m[1]) * unit;
}

async function main(): Promise<void> {
  let client: { end(): Promise<void> } | undefined;
  const controller = new AbortController();
  process.on('SIGINT', () => controller.abort());
  try {
    const { values } = parseArgs({
      options: {
        url: { type: 'string' },
        'api-prefix': { type: 'string' },
        site: { type: 'string', default: 'tw_web' },
        bets: { type: 'string' },
        duration: { type: 'string' },
        rate: { type: 'string' },
        batch: { type: 'string' },
        concurrency: { type: 'string' },
        players: { type: 'string' },
        days: { type: 'string' },
        'settle-delay': { type: 'string' },
        seed: { type: 'string', default: '1' },
        'run-id': { type: 'string' },
        'cancel-rate': { type: 'string' },
        'resettle-rate': { type: 'string' },
        'open-rate': { type: 'string' },
        'replay-rate': { type: 'string' },
        'stray-rate': { type: 'string' },
        secret: { type: 'string', multiple: true },
        player: { type: 'string', multiple: true },
        'database-url': { type: 'string' },
        'data-dir': { type: 'string' },
        json: { type: 'boolean' },
        'no-wallet': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      console.log(USAGE);
      return;
    }
    const env = readEnv(process.env);
    const siteId = values.site as SiteId;
    if (!(SITE_IDS as readonly string[]).includes(siteId)) throw new UsageError(`--site must be one of ${SITE_IDS.join(', ')}`);
    if (values['run-id'] !== undefined && !/^[A-Za-z0-9_.:-]{1,40}$/.test(values['run-id']))
      throw new UsageError('--run-id: letters, digits and _ . : - (at most 40)');
    const rates: Partial<FateRates> = {};
    for (const k of ['cancel', 'resettle', 'open', 'replay', 'stray'] as const) {
      const v = share(`${k}-rate`, values[`${k}-rate`]);
      if (v !== undefined) rates[k] = v;
    }

    let providers = parseSecrets([...(env.secrets ? [env.secrets] : []), ...(values.secret ?? [])]);
    let players = parsePlayers(values.player ?? []);
    if (providers.length === 0 || players.length === 0) {
      // The demo and development convenience, loaded only here: pg is not needed otherwise.
      const { connectReadOnly, runningEmbeddedUrl } = await import('./database.js');
      const url =
        values['database-url'] ??
        env.databaseUrl ??
        runningEmbeddedUrl(values['data-dir'] ? path.resolve(values['data-dir']) : env.dataDir);
      const db = url ? await connectReadOnly(url) : undefined;
      if (!db) {
        throw new UsageError(
          'No database to read provider secrets and players from: set DATABASE_URL (or --database-url), or start the server on its embedded database (npm start), or pass --secret and --player.',
        );
      }
      client = db;
      const found: Directory = await loadDirectory(db, siteId);
      // Given secrets win; given players are played as given.
      if (providers.length === 0) providers = found.providers;
      if (players.length === 0) players = found.players;
      await db.end();
      client = undefined;
    }

    const baseUrl = values.url ?? `http://localhost:${env.port}`;
    const apiPrefix = values['api-prefix'] ?? env.apiPrefix;
    const health = await fetch(new URL('/healthz', baseUrl), { signal: AbortSignal.timeout(5000) }).catch(() => null);
    if (!health?.ok) throw new UsageError(`No server answers at ${baseUrl} (GET /healthz). Start it (npm start) or pass --url.`);

    const durationMs = duration(values.duration);
    const summary = await runSimulation({
      baseUrl,
      apiPrefix,
      directory: { siteId, providers, players },
      seed: values.seed,
      runId: values['run-id'],
      bets: positive('bets', values.bets),
      durationMs,
      rate: positive('rate', values.rate, false),
      batch: positive('batch', values.batch),
      concurrency: positive('concurrency', values.concurrency),
      players: positive('players', values.players),
      historyDays: nonNegative('days', values.days),
      settleDelayMs: nonNegative('settle-delay', values['settle-delay']),
      rates,
      wallet: !values['no-wallet'],
      signal: controller.signal,
      onProgress:
        values.json || durationMs === undefined
          ? undefined
          : (s) => console.error(`… ${s.bets.attempted} bets, ${s.bets.placed} placed, ${s.bets.settled} settled`),
    });
    console.log(values.json ? JSON.stringify(summary, null, 2) : formatSummary(summary));
    if (summary.bets.placed === 0 || summary.failedItems > 0 || summary.replayMismatches > 0) process.exitCode = 1;
  } catch (err) {
    if (err instanceof UsageError || err instanceof DirectoryError)
      console.error(`${err.message}\n\nnpm run simulate -- --help for the options`);
    else if (err instanceof Error && 'code' in err && String((err as { code?: string }).code).startsWith('ERR_PARSE_ARGS'))
      console.error(`${err.message}\n\n${USAGE}`);
    else console.error(err);
    process.exitCode = 1;
  } finally {
    await client?.end().catch(() => undefined);
  }
}

void main();
