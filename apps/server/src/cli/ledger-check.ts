import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EnvError, loadEnv } from '../env.js';
import { createDatabase } from '../db/client.js';
import { EmbeddedPgError, startEmbeddedPostgres, type EmbeddedPg } from '../db/embedded.js';
import { checkLedger } from '../modules/ledger/check.js';
import { checkPoints } from '../modules/store/index.js';

/**
 * `npm run ledger:check [-- --site tw_web] [--json]`: the ledger invariants (PRODUCT.md §4) and the
 * points ledger's (§6).
 * Database: DATABASE_URL; otherwise the embedded cluster of DATA_DIR — the running one when the
 * app is up beside it (port from postmaster.pid, password from embedded-pg.json), else started
 * for the check and stopped again. Exit code 0 when every invariant holds, 1 otherwise.
 */
function runningEmbeddedUrl(dataDir: string): string | undefined {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  const credentialsFile = path.join(dataDir, 'embedded-pg.json');
  if (!existsSync(pidFile) || !existsSync(credentialsFile)) return undefined;
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]?.trim());
  if (!port) return undefined;
  const { user, password } = JSON.parse(readFileSync(credentialsFile, 'utf8')) as { user: string; password: string };
  return `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/agent_bo`;
}

async function main(): Promise<void> {
  let embedded: EmbeddedPg | undefined;
  let database: ReturnType<typeof createDatabase> | undefined;
  try {
    const { values } = parseArgs({ options: { site: { type: 'string' }, json: { type: 'boolean' } } });
    const env = loadEnv();
    let url = env.DATABASE_URL ?? runningEmbeddedUrl(env.DATA_DIR);
    if (url && !env.DATABASE_URL) {
      // A postmaster.pid left by a killed cluster: nothing answers there, so start it ourselves.
      const probe = createDatabase(url, { max: 1 });
      const alive = await probe.pool.query('select 1').then(
        () => true,
        () => false,
      );
      await probe.close();
      if (!alive) url = undefined;
    }
    if (!url) {
      embedded = await startEmbeddedPostgres({ dataDir: env.DATA_DIR, port: env.EMBEDDED_PG_PORT });
      url = embedded.url;
    }
    database = createDatabase(url, { max: 1 });
    const result = await checkLedger(database.db, { siteId: values.site });
    const points = await checkPoints(database.db, { siteId: values.site });
    if (values.json) {
      console.log(JSON.stringify({ ...result, points }, null, 2));
    } else {
      for (const s of result.sites) {
        const bad =
          s.balanceMismatches.length + s.forbiddenNegatives.length + s.unbalancedTransactions.length + (s.sumOfBalances === '0.00' ? 0 : 1);
        console.log(
          `${bad === 0 ? 'ok  ' : 'FAIL'} ${s.siteId}: ${s.accountsChecked} accounts, house issued ${s.houseIssued}, sum of balances ${s.sumOfBalances}, ` +
            `${s.balanceMismatches.length} balance mismatches, ${s.forbiddenNegatives.length} forbidden negatives, ${s.unbalancedTransactions.length} unbalanced transactions`,
        );
        for (const m of s.balanceMismatches) console.log(`     ${m.accountNo}: balance ${m.balance} ≠ entries ${m.entriesSum}`);
        for (const m of s.forbiddenNegatives) console.log(`     ${m.accountNo}: negative balance ${m.balance}`);
        for (const t of s.unbalancedTransactions) console.log(`     transaction ${t}: entries do not sum to zero`);
      }
      console.log(
        `${points.ok ? 'ok  ' : 'FAIL'} points: ${points.accountsChecked} accounts, ${points.balanceMismatches.length} balance mismatches, ` +
          `${points.negatives.length} negatives, ${points.brokenChains.length} broken chains, ${points.earningMismatches.length} earning mismatches, ` +
          `${points.orderMismatches.length} order mismatches`,
      );
      for (const m of points.balanceMismatches) console.log(`     ${m.accountNo}: points ${m.balance} ≠ entries ${m.entriesSum}`);
      for (const m of points.earningMismatches)
        console.log(`     ${m.accountNo}: points less debt ${m.balanceLessDebt} ≠ earned less spent ${m.earnedLessSpent}`);
      for (const m of points.orderMismatches)
        console.log(`     order ${m.orderId}: points ${m.points}, spent ${m.spent}, refunded ${m.refunded}`);
      console.log(result.ok ? 'ledger ok' : 'LEDGER INVARIANT VIOLATED');
      console.log(points.ok ? 'points ok' : 'POINTS INVARIANT VIOLATED');
    }
    if (!result.ok || !points.ok) process.exitCode = 1;
  } catch (err) {
    console.error(err instanceof EnvError || err instanceof EmbeddedPgError ? err.message : err);
    process.exitCode = 1;
  } finally {
    await database?.close();
    await embedded?.stop();
  }
}

void main();
