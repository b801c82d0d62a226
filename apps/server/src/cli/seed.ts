import { parseArgs } from 'node:util';
import { SITE_IDS, type SiteId } from '@agent-bo/shared';
import { EnvError, loadEnv } from '../env.js';
import { createDatabase } from '../db/client.js';
import { EmbeddedPgError, startEmbeddedPostgres, type EmbeddedPg } from '../db/embedded.js';
import { runMigrations } from '../db/migrate.js';
import { DEMO_CREDENTIALS } from '../db/seed/demo-credentials.js';
import { LargeSeedRefused, seedLarge } from '../db/seed/large/index.js';
import { SCALES, type Scale } from '../db/seed/large/plan.js';
import { upsertSites } from '../db/seed/sites.js';
import { hashPassword } from '../lib/password.js';

const USAGE = `Usage:
  npm run seed -- [--scale tiny|small|medium|large] [--site ${SITE_IDS.join('|')}] [--days N] [--seed N]
                  [--bets N] [--players N] [--indexes auto|keep] [--json]

Fills one empty site with a five-level agent tree, players and bets through bulk paths (COPY),
and computes its report rollups by SQL. Database: DATABASE_URL, else the embedded cluster of
DATA_DIR. Use a fresh DATA_DIR (e.g. DATA_DIR=./data-large): a site that already holds accounts
is refused. Every seeded account's password is ${DEMO_CREDENTIALS.password}; the admin is lgadmin01.
Defaults: --scale medium --site richman --seed 1.`;

class CliError extends Error {}

function positive(name: string, v: string | undefined, max: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new CliError(`--${name} must be an integer 1..${max}\n\n${USAGE}`);
  return n;
}

async function main(): Promise<void> {
  let embedded: EmbeddedPg | undefined;
  let database: ReturnType<typeof createDatabase> | undefined;
  try {
    const { values } = parseArgs({
      options: {
        scale: { type: 'string', default: 'medium' },
        site: { type: 'string', default: 'richman' },
        days: { type: 'string' },
        seed: { type: 'string' },
        bets: { type: 'string' },
        players: { type: 'string' },
        indexes: { type: 'string', default: 'auto' },
        json: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
    if (values.help) {
      console.log(USAGE);
      return;
    }
    if (!(SCALES as readonly string[]).includes(values.scale))
      throw new CliError(`--scale must be one of ${SCALES.join(', ')}\n\n${USAGE}`);
    if (!(SITE_IDS as readonly string[]).includes(values.site))
      throw new CliError(`--site must be one of ${SITE_IDS.join(', ')}\n\n${USAGE}`);
    if (values.indexes !== 'auto' && values.indexes !== 'keep') throw new CliError(`--indexes must be auto or keep\n\n${USAGE}`);
    const days = positive('days', values.days, 366);
    const seed = positive('seed', values.seed, 2 ** 31 - 1);
    const bets = positive('bets', values.bets, 100_000_000);
    const players = positive('players', values.players, 10_000_000);

    const env = loadEnv();
    let url = env.DATABASE_URL;
    if (!url) {
      embedded = await startEmbeddedPostgres({ dataDir: env.DATA_DIR, port: env.EMBEDDED_PG_PORT });
      url = embedded.url;
    }
    database = createDatabase(url, { max: 2 });
    await runMigrations(database.pool);
    await upsertSites(database.db);
    const started = Date.now();
    const result = await seedLarge(database.pool, {
      siteId: values.site as SiteId,
      scale: values.scale as Scale,
      days,
      seed,
      bets,
      players,
      indexes: values.indexes,
      passwordHash: await hashPassword(DEMO_CREDENTIALS.password),
      log: (m) => console.error(`[seed ${new Date().toISOString().slice(11, 19)}] ${m}`),
    });
    const seconds = (Date.now() - started) / 1000;
    if (values.json) {
      console.log(JSON.stringify({ ...result, seconds }, null, 2));
    } else {
      const c = result.counts;
      console.log(
        `Seeded site ${result.siteId} (${values.scale}) in ${seconds.toFixed(1)} s: admin ${result.adminAccountNo} / ${DEMO_CREDENTIALS.password}, ` +
          `${result.agents} agents (${result.agentsPerLevel.join(' / ')} on levels 1–5), ${result.players} players, ` +
          `${c.bets} bets (${c.versions} versions: ${c.settled} settled, ${c.superseded} superseded, ${c.canceled} canceled, ${c.unsettled} unsettled) ` +
          `on ${result.firstDate}..${result.lastDate}, ${result.rollupRows} rollup rows${result.indexesRebuilt ? ', bet indexes rebuilt after the load' : ''}.`,
      );
    }
  } catch (err) {
    if (err instanceof CliError || err instanceof EnvError || err instanceof EmbeddedPgError || err instanceof LargeSeedRefused) {
      console.error(err.message);
    } else if (err instanceof Error && 'code' in err && (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      console.error(`${err.message}\n\n${USAGE}`);
    } else {
      console.error(err);
    }
    process.exitCode = 1;
  } finally {
    await database?.close();
    await embedded?.stop();
  }
}

void main();
