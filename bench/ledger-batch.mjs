#!/usr/bin/env node
/**
 * What one credit move costs PostgreSQL inside a ledger batch, by batch size (issue 16): the
 * server's own `ledger_credit_batch` (migration 0022) called straight through `pg` on one
 * connection with batches of 1, 4, 16 and 64 recharges, and in the same run, on the same kind of
 * connection, the limit: one transfer per transaction in raw SQL (BEGIN; transaction row; two
 * UPDATEs in id order; two entries; COMMIT — the ceiling script of bench/ledger.mjs). For each:
 * the CPU time of the connection's backend process (from /proc) and the wall time, per move.
 *
 *   npm run build -w @agent-bo/shared && npm run build -w @agent-bo/server
 *   node bench/ledger-batch.mjs [--moves=2000] [--sizes=1,4,16,64] [--json=out.json]
 *
 * The server (production build) starts on a temporary DATA_DIR (initdb, migrations, demo seed)
 * and stays idle; the moves go from agentA01 to its players, amounts of 0.01.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { embeddedUrl, log, machine, parseOptions, requireFromServer, startServer } from './support.mjs';

const pg = requireFromServer('pg');
const opt = parseOptions({ moves: '2000', sizes: '1,4,16,64', json: '' });
const moves = Number(opt.moves);
const sizes = opt.sizes.split(',').map(Number);

/** CPU milliseconds (user + system) of a process, from /proc. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function perMove(client, pid, count, run) {
  const c0 = cpuMs(pid);
  const t0 = process.hrtime.bigint();
  await run();
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  return { cpuMsPerMove: Number(((cpuMs(pid) - c0) / count).toFixed(3)), wallMsPerMove: Number((wall / count).toFixed(3)) };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'agent-bo-ledger-batch-'));
const server = await startServer({ DATA_DIR: dataDir });
const client = new pg.Client({ connectionString: embeddedUrl(dataDir) });
try {
  await client.connect();
  const pid = (await client.query('select pg_backend_pid() as pid')).rows[0].pid;
  const caller = (await client.query("select id from accounts where site_id = 'tw_web' and account_no = 'agentA01'")).rows[0].id;
  const players = (await client.query("select id from accounts where parent_id = $1 and kind = 'PLAYER' order by id", [caller])).rows.map(
    (r) => r.id,
  );
  // enough credit on the caller for every move of the run
  await client.query('update accounts set balance = balance + $1 where id = $2', [String(moves * sizes.length * 10), caller]);
  const at = new Date().toISOString();
  let seq = 0;
  const move = (i) => ({
    site: 'tw_web',
    kind: 'RECHARGE',
    action: 'RECHARGE',
    withdraw: false,
    target_kind: 'PLAYER',
    caller,
    target: players[i % players.length],
    amount: '1',
    amount_text: '0.01',
    memo: null,
    key: `lb-${process.pid}-${++seq}`,
    hash: 'bench',
    at,
    at_text: at,
    ip: '127.0.0.1',
  });
  const batch = (n) =>
    client.query({
      name: 'ledger_credit_batch',
      text: 'select o_n, o_outcome from ledger_credit_batch($1::jsonb)',
      values: [JSON.stringify(Array.from({ length: n }, (_, i) => move(i)))],
    });
  const raw = async (i) => {
    const [a, b] = [caller, players[i % players.length]].sort((x, y) => x - y);
    await client.query('begin');
    const tx = await client.query({
      name: 'raw_tx',
      text: `insert into ledger_transactions (site_id, kind, operator_id, idempotency_key, request_hash, created_at)
             values ('tw_web', 'RECHARGE', $1, $2, 'bench', now()) returning id`,
      values: [caller, `lbr-${process.pid}-${++seq}`],
    });
    const delta = (id) => (id === caller ? '-1' : '1');
    await client.query({ name: 'raw_upd', text: 'update accounts set balance = balance + $2 where id = $1', values: [a, delta(a)] });
    await client.query({ name: 'raw_upd', text: 'update accounts set balance = balance + $2 where id = $1', values: [b, delta(b)] });
    await client.query({
      name: 'raw_ent',
      text: `insert into ledger_entries (transaction_id, site_id, account_id, counterparty_id, kind, amount, balance_after, operator_id, created_at)
             select $1, 'tw_web', x.id, x.cp, 'RECHARGE', x.amount, a.balance, $4, now()
               from (values ($2::int, $3::int, -1::bigint), ($3::int, $2::int, 1::bigint)) as x(id, cp, amount) join accounts a on a.id = x.id`,
      values: [tx.rows[0].id, caller, players[i % players.length], caller],
    });
    await client.query('commit');
  };

  // warm the plans of both
  for (let i = 0; i < 20; i++) await batch(4);
  for (let i = 0; i < 20; i++) await raw(i);

  const rows = [];
  const load = [os.loadavg().map((x) => Number(x.toFixed(2)))];
  for (const size of sizes) {
    const calls = Math.max(1, Math.round(moves / size));
    const b = await perMove(client, pid, calls * size, async () => {
      for (let i = 0; i < calls; i++) await batch(size);
    });
    const r = await perMove(client, pid, moves, async () => {
      for (let i = 0; i < moves; i++) await raw(i);
    });
    rows.push({ size, batch: b, raw: r, cpuRatio: Number((r.cpuMsPerMove / b.cpuMsPerMove).toFixed(2)) });
    log(JSON.stringify(rows.at(-1)));
  }
  load.push(os.loadavg().map((x) => Number(x.toFixed(2))));
  const check = await client.query(`
    select count(*)::int as bad from (
      select t.id from ledger_transactions t join ledger_entries e on e.transaction_id = t.id group by t.id having sum(e.amount) <> 0) x`);
  console.log(
    [
      `moves per size: ${moves}; load average before → after: ${load[0].join(' ')} → ${load[1].join(' ')}; transactions whose entries do not sum to zero: ${check.rows[0].bad}`,
      '',
      '| moves per batch | batch: backend CPU ms / move | batch: wall ms / move | raw one per transaction: CPU ms / move | raw: wall ms / move | raw CPU ÷ batch CPU |',
      '|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.size} | ${r.batch.cpuMsPerMove} | ${r.batch.wallMsPerMove} | ${r.raw.cpuMsPerMove} | ${r.raw.wallMsPerMove} | ${r.cpuRatio} |`,
      ),
    ].join('\n'),
  );
  if (opt.json) await writeFile(opt.json, JSON.stringify({ machine: machine(), options: opt, rows, load }, null, 2));
} finally {
  await client.end().catch(() => undefined);
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
