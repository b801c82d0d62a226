// The API description as an integrator meets it (a CI step, after `npm test` has built the app):
// starts the built server on a fresh embedded database with the demo data, fetches
// /api/docs/json, lints it with Redocly's recommended rules (../../redocly.yaml: 0 errors),
// generates a TypeScript client with openapi-typescript, typechecks example.ts against it and
// runs it against the same server. Any step that fails fails the run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { embeddedUrl, root, startServer } from '../lib/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const generated = path.join(here, 'generated');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const SITE = 'tw_web';

function run(what, command, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status ?? result.signal})`);
  console.log(`api-client: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'api-client-'));
const server = await startServer({ DATA_DIR: dataDir, API_DOCS: 'on' });
try {
  rmSync(generated, { recursive: true, force: true });
  mkdirSync(generated, { recursive: true });
  const description = path.join(generated, 'openapi.json');
  const response = await fetch(`http://127.0.0.1:${server.port}/api/docs/json`);
  if (!response.ok) throw new Error(`/api/docs/json answered ${response.status}`);
  writeFileSync(description, await response.text());

  run('Redocly lint', bin('redocly'), ['lint', '--config', path.join(root, 'redocly.yaml'), description]);
  run('openapi-typescript', bin('openapi-typescript'), [description, '-o', path.join(generated, 'api.d.ts')]);
  run('typecheck of example.ts', bin('tsc'), ['-p', path.join(here, 'tsconfig.json')]);

  // What the program needs that only the database knows: a provider's secret for this site and a
  // player who may bet with it (VERIFIED, enabled, nothing above it disabled or read-only).
  const pg = createRequire(path.join(root, 'apps', 'server', 'package.json'))('pg');
  const db = new pg.Client({ connectionString: embeddedUrl(dataDir) });
  await db.connect();
  const { rows } = await db.query(
    `select m.provider_code, m.secret, p.account_no
       from provider_merchants m
       join accounts p on p.site_id = m.site_id and p.kind = 'PLAYER' and m.provider_code = any (p.providers)
      where m.site_id = $1 and m.status = 'ACTIVE' and m.secret is not null
        and p.verify_status = 'VERIFIED' and not p.is_disabled and not p.is_full_disabled and not p.is_full_readonly
        and not exists (select 1 from accounts a where a.id = any (p.path) and (a.is_full_disabled or a.is_full_readonly))
      order by m.provider_code, p.account_no limit 1`,
    [SITE],
  );
  await db.end();
  if (!rows[0]) throw new Error(`no provider and player to bet with on ${SITE}`);
  const { DEMO_CREDENTIALS } = await import(path.join(root, 'apps/server/dist/db/seed/demo-credentials.js'));

  run('the generated client against the server', process.execPath, [path.join(generated, 'js', 'example.js')], {
    API_BASE: `http://127.0.0.1:${server.port}`,
    SITE_ID: SITE,
    ACCOUNT_NO: DEMO_CREDENTIALS.accountNo,
    PASSWORD: DEMO_CREDENTIALS.password,
    PROVIDER_CODE: rows[0].provider_code,
    PROVIDER_SECRET: rows[0].secret,
    PLAYER_ACCOUNT_NO: rows[0].account_no,
  });
} catch (err) {
  console.error(`api-client: ${err.message}\n--- server output ---\n${server.output()}`);
  process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
