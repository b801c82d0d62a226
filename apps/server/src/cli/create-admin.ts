import { EnvError, loadEnv } from '../env.js';
import { createDatabase } from '../db/client.js';
import { EmbeddedPgError, startEmbeddedPostgres, type EmbeddedPg } from '../db/embedded.js';
import { runMigrations } from '../db/migrate.js';
import { CliError, USAGE, createAdmin, parseCreateAdminArgs } from '../db/seed/admin.js';

/** `npm run create-admin -- --site tw_web --account xxxxxxxx --password ...` (see USAGE). */
async function main(): Promise<void> {
  let embedded: EmbeddedPg | undefined;
  let database: ReturnType<typeof createDatabase> | undefined;
  try {
    const input = parseCreateAdminArgs(process.argv.slice(2));
    const env = loadEnv();
    let url = env.DATABASE_URL;
    if (!url) {
      embedded = await startEmbeddedPostgres({ dataDir: env.DATA_DIR, port: env.EMBEDDED_PG_PORT });
      url = embedded.url;
    }
    database = createDatabase(url, { max: 2 });
    await runMigrations(database.pool);
    const id = await createAdmin(database.db, input);
    console.log(`Created admin ${input.accountNo} (id ${id}) on site ${input.site}.`);
  } catch (err) {
    if (err instanceof CliError || err instanceof EnvError || err instanceof EmbeddedPgError) {
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
