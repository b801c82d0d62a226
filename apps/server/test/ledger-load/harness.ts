import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { ERRORS, formatMinorUnits, toMinorUnits } from '@agent-bo/shared';
import { findFreePort } from '../../src/db/embedded.js';
import { DEMO_CREDENTIALS } from '../../src/db/seed/demo-credentials.js';

/**
 * Load harness of the ledger proofs: real server processes (src/server.ts through tsx, like
 * test/db/embedded-lifecycle.test.ts), real HTTP over keep-alive sockets on 127.0.0.1, clients
 * that sign in as different agents and move credit with their direct children, idempotency
 * keys replayed and retried after client-side timeouts, and the checks that follow a run.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// ---------------------------------------------------------------------------------------------
// Server processes

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

/**
 * Starts `src/server.ts` with `env` (DATABASE_URL or DATA_DIR) on a free port and waits until
 * /healthz answers 200. The rate limit is off (RATE_LIMIT_MAX=0): every client is 127.0.0.1.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = await findFreePort();
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !['DATABASE_URL', 'NODE_OPTIONS', 'VITEST', 'NODE_ENV', 'DATA_DIR', 'PORT'].includes(k) && !k.startsWith('VITEST_'),
    ),
  );
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...base, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', RATE_LIMIT_MAX: '0', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-20_000)));
  child.stderr!.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`server exited before it was ready:\n${out}`);
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in ${timeoutMs} ms:\n${out}`);
    }
    const r = await request(port, 'GET', '/healthz', { timeoutMs: 1000 }).catch(() => null);
    if (r?.kind === 'answer' && r.status === 200) break;
    await sleep(100);
  }
  return { port, child, exited, output: () => out };
}

/**
 * Problems if `s` is no longer the process it was started as: it exited (a crash on a database
 * fault, an unhandled error) or another pid answers. Empty while it runs.
 */
export function survived(s: ServerProcess, pid: number | undefined = s.child.pid): string[] {
  const problems: string[] = [];
  if (s.child.pid !== pid) problems.push(`pid ${s.child.pid}, expected ${pid}`);
  if (s.child.exitCode !== null || s.child.signalCode !== null) {
    problems.push(`server exited (code ${s.child.exitCode}, signal ${s.child.signalCode}):\n${s.output().slice(-3000)}`);
  } else {
    try {
      process.kill(s.child.pid!, 0);
    } catch {
      problems.push(`pid ${s.child.pid} is gone`);
    }
  }
  return problems;
}

/** SIGTERM (graceful) or SIGKILL, and wait for the exit. */
export async function stopServer(s: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill(signal);
  await s.exited;
}

// ---------------------------------------------------------------------------------------------
// HTTP

/** One keep-alive agent per client: its requests reuse one or two sockets, like a browser tab. */
export function keepAliveAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: 4 });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = { code: number; message: string; success: boolean; data: any };
export type Reply =
  | { kind: 'answer'; status: number; body: Json; headers: http.IncomingHttpHeaders }
  | { kind: 'timeout' }
  | { kind: 'error'; message: string };

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Client-side timeout: the socket is destroyed and the reply is `timeout`. */
  timeoutMs?: number;
  agent?: http.Agent;
}

export function request(port: number, method: string, url: string, o: RequestOptions = {}): Promise<Reply> {
  return new Promise((resolve) => {
    const payload = o.body === undefined ? undefined : Buffer.from(JSON.stringify(o.body));
    const headers: Record<string, string> = { 'x-site-id': 'tw_web', ...o.headers };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let settled = false;
    const done = (r: Reply) => {
      if (settled) return;
      settled = true;
      resolve(r);
    };
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: o.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          done({ kind: 'answer', status: res.statusCode ?? 0, body: JSON.parse(text) as Json, headers: res.headers });
        } catch {
          done({ kind: 'error', message: `status ${res.statusCode}: not JSON: ${text.slice(0, 200)}` });
        }
      });
      res.on('error', (err) => done({ kind: 'error', message: err.message }));
    });
    let timer: NodeJS.Timeout | undefined;
    if (o.timeoutMs !== undefined) {
      timer = setTimeout(() => {
        done({ kind: 'timeout' });
        req.destroy(new Error('client timeout'));
      }, o.timeoutMs);
    }
    req.on('error', (err) => done({ kind: 'error', message: err.message }));
    req.on('close', () => clearTimeout(timer));
    req.end(payload);
  });
}

export async function signin(port: number, accountNo: string, password: string = DEMO_CREDENTIALS.password): Promise<string> {
  const r = await request(port, 'POST', '/api/manage/signin', { body: { accountNo, password }, timeoutMs: 30_000 });
  if (r.kind !== 'answer' || !r.body.success) throw new Error(`sign-in as ${accountNo} failed: ${JSON.stringify(r)}`);
  return r.body.data.token as string;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

// ---------------------------------------------------------------------------------------------
// The tree

export interface Account {
  id: number;
  accountNo: string;
  kind: 'AGENT' | 'PLAYER';
  parentId: number | null;
  balance: bigint;
}

/** Every non-shadow account of tw_web. */
export async function loadTree(pool: pg.Pool): Promise<Map<number, Account>> {
  const { rows } = await pool.query<{
    id: number;
    account_no: string;
    kind: 'AGENT' | 'PLAYER';
    parent_id: number | null;
    balance: string;
  }>(`select id, account_no, kind, parent_id, balance::text from accounts where site_id = 'tw_web' and not is_shadow order by id`);
  return new Map(
    rows.map((r) => [r.id, { id: r.id, accountNo: r.account_no, kind: r.kind, parentId: r.parent_id, balance: BigInt(r.balance) }]),
  );
}

export async function balances(pool: pg.Pool): Promise<Map<number, bigint>> {
  const { rows } = await pool.query<{ id: number; balance: string }>(`select id, balance::text from accounts where site_id = 'tw_web'`);
  return new Map(rows.map((r) => [r.id, BigInt(r.balance)]));
}

// ---------------------------------------------------------------------------------------------
// Load

export interface LoadClient {
  accountNo: string;
  id: number;
  token: string;
  /** Direct children it moves credit with. */
  children: Account[];
  /** Ports it talks to, round robin per request (one entry: always the same process). */
  ports: number[];
}

export interface LoadOptions {
  run: string;
  clients: LoadClient[];
  opsPerClient: number;
  /** Stop starting new operations after this (ms from start). */
  maxMs: number;
  /** Share of accepted operations replayed with the identical body (to another process when there are two). */
  replayRate: number;
  /** Share of operations first sent with a tiny client-side timeout, then resent with the same key. */
  timeoutRetryRate: number;
  /** Share of accepted operations whose key is then reused with a different amount (must be refused). */
  conflictRate: number;
  /** Share of operations carrying the key in the body field instead of the header. */
  keyInBodyRate: number;
  /** Crash mode: a transport error ends the client instead of failing the run. */
  tolerateTransportErrors?: boolean;
  /** Largest amount in minor units (random 1..max). */
  maxAmountMinor?: number;
}

export type Outcome = 'ok' | 'refused' | 'unknown';

export interface KeyRecord {
  key: string;
  client: string;
  op: 'recharge' | 'withdraw';
  callerId: number;
  childId: number;
  childKind: 'AGENT' | 'PLAYER';
  amountMinor: bigint;
  final: Outcome;
  code?: number;
  transactionId?: string;
  /** What the first success answered (balances before/after, kind). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  result?: any;
  attempts: number;
  sawTimeout: boolean;
  /** What was sent, so a check can resend it. */
  request: { url: string; token: string; body: Record<string, unknown>; headers: Record<string, string> };
}

export interface LoadReport {
  records: KeyRecord[];
  problems: string[];
  counts: Record<string, number>;
  elapsedMs: number;
}

/** Business refusals a random load may meet (the request is valid; the state says no). */
export const ACCEPTABLE_REFUSALS = new Set<number>([ERRORS.INSUFFICIENT_BALANCE.code, ERRORS.TARGET_RESTRICTED.code]);

function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)]!;
}

export function creditPath(childKind: 'AGENT' | 'PLAYER', op: 'recharge' | 'withdraw'): string {
  return `/api/manage/${childKind === 'AGENT' ? 'agent' : 'player'}/${op}`;
}

/**
 * Runs the clients concurrently. Every operation gets a fresh idempotency key; its final outcome
 * is what the client learned (ok / refused with a code / unknown after transport failures).
 */
export async function runLoad(o: LoadOptions): Promise<LoadReport> {
  const records: KeyRecord[] = [];
  const problems: string[] = [];
  const counts: Record<string, number> = {};
  const count = (name: string) => (counts[name] = (counts[name] ?? 0) + 1);
  const started = Date.now();
  const maxAmount = o.maxAmountMinor ?? 5_000;

  await Promise.all(
    o.clients.map(async (c, clientNo) => {
      const agent = keepAliveAgent();
      let rr = clientNo;
      const nextPort = () => c.ports[rr++ % c.ports.length]!;
      try {
        for (let n = 0; n < o.opsPerClient && Date.now() - started < o.maxMs; n++) {
          const child = pick(c.children);
          const op = Math.random() < 0.5 ? 'recharge' : 'withdraw';
          const amountMinor = BigInt(1 + Math.floor(Math.random() * maxAmount));
          const key = `${o.run}-${clientNo}-${n}`;
          const inBody = Math.random() < o.keyInBodyRate;
          const body: Record<string, unknown> = { id: child.id, amount: formatMinorUnits(amountMinor), memo: `load ${key}` };
          const headers: Record<string, string> = {};
          if (inBody) body.idempotencyKey = key;
          else headers['idempotency-key'] = key;
          const url = creditPath(child.kind, op);
          const rec: KeyRecord = {
            key,
            client: c.accountNo,
            op,
            callerId: c.id,
            childId: child.id,
            childKind: child.kind,
            amountMinor,
            final: 'unknown',
            attempts: 0,
            sawTimeout: false,
            request: { url, token: c.token, body, headers },
          };
          records.push(rec);
          const send = (timeoutMs: number, port = nextPort(), b: Record<string, unknown> = body) => {
            rec.attempts++;
            return request(port, 'POST', url, { token: c.token, body: b, headers, timeoutMs, agent });
          };

          // 1. the first answer, possibly after client-side timeouts and resends of the same key
          let reply: Reply;
          if (Math.random() < o.timeoutRetryRate) {
            count('timeoutRetry');
            reply = await send(1 + Math.floor(Math.random() * 4));
            if (reply.kind === 'timeout') rec.sawTimeout = true;
          } else {
            reply = await send(15_000);
          }
          for (let attempt = 0; reply.kind !== 'answer' && attempt < 5; attempt++) {
            if (reply.kind === 'error') {
              count('transportError');
              if (o.tolerateTransportErrors) return;
              problems.push(`${key}: transport error ${reply.message}`);
            }
            await sleep(5 * (attempt + 1));
            reply = await send(15_000);
          }
          if (reply.kind !== 'answer') {
            problems.push(`${key}: no answer after retries (${reply.kind})`);
            continue;
          }
          const b = reply.body;
          if (b.success) {
            rec.final = 'ok';
            rec.transactionId = String(b.data.transactionId);
            rec.result = b.data;
            count(b.data.replayed ? 'okReplayedFirst' : 'ok');
            // a first send that reached us can only be "replayed" after a timed-out earlier attempt
            if (b.data.replayed && !rec.sawTimeout) problems.push(`${key}: replayed:true on the first attempt`);
            if (b.data.amount !== formatMinorUnits(amountMinor))
              problems.push(`${key}: amount ${b.data.amount} ≠ ${formatMinorUnits(amountMinor)}`);
            const payer = op === 'recharge' ? c.id : child.id;
            const payee = op === 'recharge' ? child.id : c.id;
            if (b.data.from?.id !== payer || b.data.to?.id !== payee)
              problems.push(`${key}: from/to ${b.data.from?.id}→${b.data.to?.id}, expected ${payer}→${payee}`);
            if (!b.data.replayed) {
              const f = b.data.from;
              const t = b.data.to;
              if (toMinorUnits(f.balanceBefore) - amountMinor !== toMinorUnits(f.balanceAfter))
                problems.push(`${key}: payer ${f.balanceBefore} − ${b.data.amount} ≠ ${f.balanceAfter}`);
              if (toMinorUnits(t.balanceBefore) + amountMinor !== toMinorUnits(t.balanceAfter))
                problems.push(`${key}: payee ${t.balanceBefore} + ${b.data.amount} ≠ ${t.balanceAfter}`);
            }
          } else if (ACCEPTABLE_REFUSALS.has(b.code)) {
            rec.final = 'refused';
            rec.code = b.code;
            count(`refused${b.code}`);
          } else {
            rec.final = 'refused';
            rec.code = b.code;
            count(`unexpected${b.code}`);
            problems.push(`${key}: unexpected answer ${reply.status} ${JSON.stringify(b)}`);
          }

          // 2. replay with the identical body: same transaction, replayed, nothing moves
          if (rec.final === 'ok' && Math.random() < o.replayRate) {
            count('replay');
            const again = await send(15_000);
            if (again.kind !== 'answer') {
              if (again.kind === 'error' && o.tolerateTransportErrors) {
                count('transportError');
                return;
              }
              problems.push(`${key}: replay got ${again.kind}`);
            } else if (
              !again.body.success ||
              again.body.data.replayed !== true ||
              String(again.body.data.transactionId) !== rec.transactionId
            ) {
              problems.push(`${key}: replay answered ${JSON.stringify(again.body)} (first: ${rec.transactionId})`);
            } else if (again.body.data.amount !== rec.result.amount || again.body.data.from.balanceAfter !== rec.result.from.balanceAfter) {
              problems.push(`${key}: replay differs from the first answer`);
            }
          }

          // 3. the same key with another amount: refused, nothing moves
          if (rec.final === 'ok' && Math.random() < o.conflictRate) {
            count('conflict');
            const other = { ...body, amount: formatMinorUnits(amountMinor + 1n) };
            const conflict = await send(15_000, nextPort(), other);
            if (conflict.kind !== 'answer') {
              if (conflict.kind === 'error' && o.tolerateTransportErrors) {
                count('transportError');
                return;
              }
              problems.push(`${key}: conflict probe got ${conflict.kind}`);
            } else if (conflict.body.success || conflict.body.code !== ERRORS.IDEMPOTENCY_CONFLICT.code) {
              problems.push(`${key}: same key, other amount answered ${JSON.stringify(conflict.body)}`);
            }
          }
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  return { records, problems, counts, elapsedMs: Date.now() - started };
}

// ---------------------------------------------------------------------------------------------
// Checks after a run

export async function ledgerCheck(port: number, adminToken: string): Promise<Json> {
  const r = await request(port, 'GET', '/api/manage/ledger/check', { token: adminToken, timeoutMs: 60_000 });
  if (r.kind !== 'answer') throw new Error(`ledger/check: ${JSON.stringify(r)}`);
  return r.body;
}

export interface LedgerRow {
  key: string;
  transactionId: string;
  kind: string;
  amountMinor: bigint;
  entries: { accountId: number; amountMinor: bigint }[];
}

/** The ledger's transactions (with their entries) whose idempotency key starts with `prefix`. */
export async function ledgerRowsByKeyPrefix(pool: pg.Pool, prefix: string): Promise<Map<string, LedgerRow[]>> {
  const { rows } = await pool.query<{
    key: string;
    id: string;
    kind: string;
    amount: string;
    entries: { account_id: number; amount: string }[];
  }>(
    `select t.idempotency_key as key, t.id::text as id, t.kind,
            (select coalesce(sum(e.amount), 0) from ledger_entries e where e.transaction_id = t.id and e.amount > 0)::text as amount,
            coalesce((select json_agg(json_build_object('account_id', e.account_id, 'amount', e.amount::text))
                        from ledger_entries e where e.transaction_id = t.id), '[]') as entries
       from ledger_transactions t
      where t.idempotency_key like $1 and t.refusal is null`,
    [`${prefix}-%`],
  );
  const byKey = new Map<string, LedgerRow[]>();
  for (const r of rows) {
    const list = byKey.get(r.key) ?? [];
    list.push({
      key: r.key,
      transactionId: r.id,
      kind: r.kind,
      amountMinor: BigInt(r.amount),
      entries: r.entries.map((e) => ({ accountId: e.account_id, amountMinor: BigInt(e.amount) })),
    });
    byKey.set(r.key, list);
  }
  return byKey;
}

/**
 * Every accepted key exactly once (same transaction id and amount), none for a refused key, at
 * most one for an unknown one; every transaction's entries sum to zero and move exactly the
 * payer and payee. Returns the problems found.
 */
export function compareWithLedger(records: KeyRecord[], rows: Map<string, LedgerRow[]>): string[] {
  const problems: string[] = [];
  const known = new Set(records.map((r) => r.key));
  for (const key of rows.keys()) if (!known.has(key)) problems.push(`${key}: in the ledger but never sent`);
  for (const r of records) {
    const found = rows.get(r.key) ?? [];
    if (r.final === 'ok') {
      if (found.length !== 1) problems.push(`${r.key}: accepted, ${found.length} ledger rows`);
      else if (found[0]!.transactionId !== r.transactionId)
        problems.push(`${r.key}: accepted as ${r.transactionId}, ledger has ${found[0]!.transactionId}`);
    } else if (r.final === 'refused') {
      if (found.length !== 0) problems.push(`${r.key}: refused (${r.code}), ${found.length} ledger rows`);
    } else if (found.length > 1) {
      problems.push(`${r.key}: unknown outcome, ${found.length} ledger rows`);
    }
    for (const row of found) {
      if (row.amountMinor !== r.amountMinor) problems.push(`${r.key}: ledger amount ${row.amountMinor} ≠ sent ${r.amountMinor}`);
      const sum = row.entries.reduce((s, e) => s + e.amountMinor, 0n);
      if (sum !== 0n) problems.push(`${r.key}: entries sum to ${sum}`);
      const payer = r.op === 'recharge' ? r.callerId : r.childId;
      const payee = r.op === 'recharge' ? r.childId : r.callerId;
      const net = new Map<number, bigint>();
      for (const e of row.entries) net.set(e.accountId, (net.get(e.accountId) ?? 0n) + e.amountMinor);
      if (net.get(payer) !== -r.amountMinor || net.get(payee) !== r.amountMinor || [...net.values()].filter((v) => v !== 0n).length !== 2) {
        problems.push(
          `${r.key}: entries ${JSON.stringify(row.entries, (_k, v) => (typeof v === 'bigint' ? String(v) : v))} do not move ${r.amountMinor} from ${payer} to ${payee}`,
        );
      }
    }
  }
  return problems;
}

/**
 * No lost update, nothing extra: each account's balance now = before + the net of this run's
 * ledger transactions (from the ledger rows, so unknown outcomes count as they ended).
 */
export function compareBalances(before: Map<number, bigint>, after: Map<number, bigint>, rows: Map<string, LedgerRow[]>): string[] {
  const expected = new Map(before);
  for (const list of rows.values())
    for (const row of list) for (const e of row.entries) expected.set(e.accountId, (expected.get(e.accountId) ?? 0n) + e.amountMinor);
  const problems: string[] = [];
  for (const [id, want] of expected) if (after.get(id) !== want) problems.push(`account ${id}: balance ${after.get(id)}, expected ${want}`);
  return problems;
}

export function runId(): string {
  return `ld${randomBytes(4).toString('hex')}`;
}

export function summary(report: LoadReport): string {
  const by = (f: Outcome) => report.records.filter((r) => r.final === f).length;
  return `${report.records.length} keys in ${report.elapsedMs} ms: ok ${by('ok')}, refused ${by('refused')}, unknown ${by('unknown')}; ${JSON.stringify(report.counts)}`;
}

// ---------------------------------------------------------------------------------------------
// The cash log (what the log page shows), through its CSV export

export function getText(port: number, url: string, token: string, timeoutMs = 60_000): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'GET', path: url, headers: { 'x-site-id': 'tw_web', authorization: `Bearer ${token}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

/** RFC 4180 fields of one CSV text (quoted fields, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export interface CashRow {
  transactionId: string;
  kind: string;
  accountNo: string;
  amount: string;
  memo: string;
}

/** The admin's (whole site's) cash log, by memo. */
export async function cashLogByMemo(port: number, adminToken: string): Promise<Map<string, CashRow[]>> {
  const res = await getText(port, '/api/manage/log/cash/export', adminToken);
  if (res.status !== 200) throw new Error(`cash log export: ${res.status} ${res.text.slice(0, 300)}`);
  const [header, ...rows] = parseCsv(res.text);
  const col = (name: string) => {
    const i = header!.indexOf(name);
    if (i < 0) throw new Error(`cash log export: no column ${name} in ${header!.join(',')}`);
    return i;
  };
  const [tx, kind, acct, amount, memo] = [col('transactionId'), col('kind'), col('accountNo'), col('amount'), col('memo')];
  const byMemo = new Map<string, CashRow[]>();
  for (const r of rows) {
    const m = r[memo] ?? '';
    const list = byMemo.get(m) ?? [];
    list.push({ transactionId: r[tx]!, kind: r[kind]!, accountNo: r[acct]!, amount: r[amount]!, memo: m });
    byMemo.set(m, list);
  }
  return byMemo;
}

/** Every accepted key's transaction shows in the cash log exactly once (its two entries), a refused one not at all. */
export function compareWithCashLog(records: KeyRecord[], byMemo: Map<string, CashRow[]>): string[] {
  const problems: string[] = [];
  for (const r of records) {
    const rows = byMemo.get(`load ${r.key}`) ?? [];
    if (r.final === 'ok') {
      const amount = formatMinorUnits(r.amountMinor);
      const amounts = rows.map((x) => x.amount).sort();
      if (
        rows.length !== 2 ||
        rows.some((x) => x.transactionId !== r.transactionId) ||
        amounts[0] !== `-${amount}` ||
        amounts[1] !== amount
      ) {
        problems.push(`${r.key}: accepted as ${r.transactionId} (${amount}); cash log rows ${JSON.stringify(rows)}`);
      }
    } else if (r.final === 'refused' && rows.length > 0) {
      problems.push(`${r.key}: refused, yet ${rows.length} cash log rows`);
    }
  }
  return problems;
}
