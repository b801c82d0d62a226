import { sql, type SQL } from 'drizzle-orm';
import {
  formatMinorUnits,
  LOG_CSV_COLUMNS,
  zonedDateTimeToInstant,
  siteTimeZone,
  type CashLogRow,
  type LedgerKind,
  type LogTarget,
  type LogTab,
  type OperationLogRow,
  type RatioLogRow,
  type TransferLogRow,
} from '@agent-bo/shared';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { Db } from '../../db/client.js';
import { csvExport } from '../../core/csv.js';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../../core/caller.js';
import { isSiteScope } from '../../core/access.js';
import { readIf } from '../../db/named.js';
import { logAccountNosSql, logRecordNames } from '../../core/oplog.js';

/**
 * The four logs of `/log/index` (PRODUCT.md §8). Every query is scoped to the caller's site and
 * to rows whose target account (operation, ratio) or account (cash, transfer) is the caller's
 * working account (a shadow: its owner) or strictly inside its subtree; an operation row about a
 * record that is not an account (goods, a category, a role…) has no target account and goes by its
 * operator. Newest first. Read-only: the logs are append-only and nothing here writes.
 */

export interface Page<T> {
  page: number;
  pageSize: number;
  total: number;
  list: T[];
}

/** Filters every tab shares (already validated by the shared schemas). */
export interface LogFilters {
  start?: string;
  end?: string;
  operator?: string;
  target?: string;
}
export interface OperationFilters extends LogFilters {
  action?: string;
}
export interface KindFilters extends LogFilters {
  kind?: LedgerKind;
}
export interface Paging {
  page: number;
  pageSize: number;
}

/** A site wall clock → instant; an impossible date (Feb 30) is a validation failure. */
function instant(text: string, timeZone: string, field: string): Date {
  const at = zonedDateTimeToInstant(text, timeZone);
  if (!at) throw new AppError('VALIDATION_FAILED', {}, [{ path: field, message: 'dateTime.format' }]);
  return at;
}

/** Conditions on the created_at column `col` from start/end (end inclusive to the second). */
function timeRange(col: SQL, f: LogFilters, timeZone: string): SQL[] {
  const out: SQL[] = [];
  if (f.start) out.push(sql`${col} >= ${instant(f.start, timeZone, 'start').toISOString()}::timestamptz`);
  if (f.end) out.push(sql`${col} < ${new Date(instant(f.end, timeZone, 'end').getTime() + 1000).toISOString()}::timestamptz`);
  return out;
}

/**
 * The account alias `alias` is the caller's working root or strictly inside it, on the caller's
 * site. For a caller working on the whole site that is every account of the site: the test is
 * then `site_id` alone (see `isSiteScope`).
 */
function inScope(alias: string, caller: Caller): SQL {
  const a = sql.raw(alias);
  if (isSiteScope(caller)) return sql`(${a}.site_id = ${caller.siteId})`;
  return sql`(${a}.site_id = ${caller.siteId} and (${a}.id = ${caller.scopeRootId} or ${a}.path @> array[${caller.scopeRootId}]::integer[]))`;
}

const sameAccountNo = (alias: string, value: string) => sql`lower(${sql.raw(alias)}.account_no) = lower(${value})`;
const and = (parts: SQL[]) => sql.join(parts, sql` and `);
const local = (col: SQL, timeZone: string) => sql`to_char(${col} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

/** One tab's query: the rows (`from`, with the filters), the columns, the order and the row mapping. */
interface TabQuery<R, T> {
  /** The tab, naming its prepared statements. */
  tab: LogTab;
  /**
   * Whether the page's statement is prepared once per connection: for a caller working on the whole
   * site, whose scope test is `site_id` alone. A subtree's test goes through the GIN index on
   * `path`, and the generic plan of a prepared statement cannot know how large the subtree is (for
   * the admin's root it chose a hash join over every account of the site: 27 ms against 0.5 ms
   * planned for the values), so those statements stay planned per request.
   */
  prepared: boolean;
  from: SQL;
  select: SQL;
  order: SQL;
  map: (r: R) => T;
}

async function paged<R, T>(db: Db, q: TabQuery<R, T>, paging: Paging): Promise<Page<T>> {
  const { page, pageSize } = paging;
  const label = `log_${q.tab}`;
  // The count is planned per request even on the whole site: it reads every matching row (13–20 ms
  // for a week of 1,000 rows a day against 0.9 ms of planning), and with its generic plan (a
  // nested loop over the accounts' primary key instead of a hash join) the list's statements ran
  // at 0.57 of their planned rate in bench/lists.mjs.
  const total = (await db.execute<{ n: number }>(sql`select count(*)::int as n ${q.from}`)).rows[0]?.n ?? 0;
  const rows = await readIf<R>(
    q.prepared,
    db,
    `${label}_page`,
    sql`select ${q.select} ${q.from} order by ${q.order} limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return { page, pageSize, total, list: rows.map(q.map) };
}

// ---- operation and ratio logs (operation_logs) ----------------------------------------------

type OpRaw = {
  id: string | number;
  action: string;
  operator_no: string | null;
  target_no: string | null;
  target_record?: LogTarget | null;
  before: unknown;
  after: unknown;
  accounts?: Record<string, string>;
  ip: string | null;
  created: string;
};

function operationFrom(caller: Caller, f: OperationFilters, timeZone: string, ratioOnly: boolean): SQL {
  const where: SQL[] = [sql`l.site_id = ${caller.siteId}`, inScope('t', caller), ...timeRange(sql`l.created_at`, f, timeZone)];
  if (ratioOnly) where.push(sql`l.action = 'RATIO_LOG'`);
  else if (f.action) where.push(sql`l.action = ${f.action}`);
  if (f.operator) where.push(sameAccountNo('o', f.operator));
  if (f.target) where.push(sql`l.target_id is not null`, sameAccountNo('t', f.target));
  // `t`: the target account, or (a row about another record) the operator, whose place in the tree
  // says who sees the row.
  return sql`from operation_logs l
    join accounts t on t.id = coalesce(l.target_id, l.operator_id)
    left join accounts o on o.id = l.operator_id
    where ${and(where)}`;
}

const opSelect = (timeZone: string) =>
  sql`l.id, l.action, o.account_no as operator_no, case when l.target_id is not null then t.account_no end as target_no, l.before, l.after, l.ip, ${local(sql`l.created_at`, timeZone)} as created`;

/**
 * `withAccounts`: the list answers the account numbers of the ids in before/after (the page shows
 * them); the CSV keeps before/after raw and skips the lookups over its many rows.
 */
function operationQuery(caller: Caller, f: OperationFilters, withAccounts = false): TabQuery<OpRaw, OperationLogRow> {
  const tz = siteTimeZone(caller.siteId);
  return {
    tab: 'operation',
    prepared: isSiteScope(caller),
    from: operationFrom(caller, f, tz, false),
    select: withAccounts
      ? sql`${opSelect(tz)}, l.target_record, ${logAccountNosSql('l', caller.siteId)} as accounts`
      : sql`${opSelect(tz)}, l.target_record`,
    order: sql`l.created_at desc, l.id desc`,
    map: (r) => ({
      id: Number(r.id),
      action: r.action,
      operatorAccountNo: r.operator_no,
      targetAccountNo: r.target_no,
      target: r.target_record ?? null,
      before: r.before ?? null,
      after: r.after ?? null,
      ...(r.accounts ? { accounts: r.accounts } : {}),
      ip: r.ip,
      createdAt: r.created,
    }),
  };
}

/** The page of the operation log, each row with the account numbers and record names its before/after name by id. */
export async function operationLog(db: Db, caller: Caller, f: OperationFilters, paging: Paging): Promise<Page<OperationLogRow>> {
  const page = await paged(db, operationQuery(caller, f, true), paging);
  const names = await logRecordNames(db, caller.siteId, page.list);
  return { ...page, list: page.list.map((row, i) => ({ ...row, names: names[i] })) };
}

function ratioOf(value: unknown): string | null {
  if (!value || typeof value !== 'object') return null;
  const ratio = (value as { ratio?: unknown }).ratio;
  return ratio === null || ratio === undefined ? null : String(ratio);
}

function ratioQuery(caller: Caller, f: LogFilters): TabQuery<OpRaw, RatioLogRow> {
  const tz = siteTimeZone(caller.siteId);
  return {
    tab: 'ratio',
    prepared: isSiteScope(caller),
    from: operationFrom(caller, f, tz, true),
    select: opSelect(tz),
    order: sql`l.created_at desc, l.id desc`,
    map: (r) => ({
      id: Number(r.id),
      targetAccountNo: r.target_no,
      operatorAccountNo: r.operator_no,
      oldRatio: ratioOf(r.before),
      newRatio: ratioOf(r.after),
      createdAt: r.created,
    }),
  };
}

export async function ratioLog(db: Db, caller: Caller, f: LogFilters, paging: Paging): Promise<Page<RatioLogRow>> {
  return paged(db, ratioQuery(caller, f), paging);
}

// ---- cash and transfer logs (ledger_entries) --------------------------------------------------

type EntryRaw = {
  id: string | number;
  transaction_id: string;
  kind: LedgerKind;
  account_no: string;
  counterparty_no: string | null;
  amount: string;
  balance_after: string;
  operator_no: string | null;
  memo: string | null;
  provider: string | null;
  created: string;
};

function entryFrom(caller: Caller, f: KindFilters, timeZone: string, transfersOnly: boolean): SQL {
  const where: SQL[] = [sql`e.site_id = ${caller.siteId}`, inScope('a', caller), ...timeRange(sql`e.created_at`, f, timeZone)];
  if (transfersOnly) where.push(sql`e.kind in ('TRANSFER_OUT', 'TRANSFER_IN')`);
  if (f.kind) where.push(sql`e.kind = ${f.kind}`);
  if (f.operator) where.push(sameAccountNo('o', f.operator));
  if (f.target) where.push(sameAccountNo('a', f.target));
  return sql`from ledger_entries e
    join accounts a on a.id = e.account_id
    left join accounts c on c.id = e.counterparty_id
    left join accounts o on o.id = e.operator_id
    where ${and(where)}`;
}

const entrySelect = (timeZone: string) =>
  sql`e.id, e.transaction_id::text as transaction_id, e.kind, a.account_no, c.account_no as counterparty_no, e.amount::text as amount,
    e.balance_after::text as balance_after, o.account_no as operator_no, e.memo, e.provider, ${local(sql`e.created_at`, timeZone)} as created`;

function cashRow(r: EntryRaw): CashLogRow {
  return {
    id: Number(r.id),
    transactionId: r.transaction_id,
    kind: r.kind,
    accountNo: r.account_no,
    counterpartyAccountNo: r.counterparty_no,
    amount: formatMinorUnits(r.amount),
    balanceAfter: formatMinorUnits(r.balance_after),
    operatorAccountNo: r.operator_no,
    memo: r.memo,
    createdAt: r.created,
  };
}

function cashQuery(caller: Caller, f: KindFilters): TabQuery<EntryRaw, CashLogRow> {
  const tz = siteTimeZone(caller.siteId);
  return {
    tab: 'cash',
    prepared: isSiteScope(caller),
    from: entryFrom(caller, f, tz, false),
    select: entrySelect(tz),
    order: sql`e.created_at desc, e.id desc`,
    map: cashRow,
  };
}

export async function cashLog(db: Db, caller: Caller, f: KindFilters, paging: Paging): Promise<Page<CashLogRow>> {
  return paged(db, cashQuery(caller, f), paging);
}

function transferQuery(caller: Caller, f: KindFilters): TabQuery<EntryRaw, TransferLogRow> {
  const tz = siteTimeZone(caller.siteId);
  return {
    tab: 'transfer',
    prepared: isSiteScope(caller),
    from: entryFrom(caller, f, tz, true),
    select: entrySelect(tz),
    order: sql`e.created_at desc, e.id desc`,
    map: (r) => ({ ...cashRow(r), provider: r.provider }),
  };
}

export async function transferLog(db: Db, caller: Caller, f: KindFilters, paging: Paging): Promise<Page<TransferLogRow>> {
  return paged(db, transferQuery(caller, f), paging);
}

// ---- CSV ------------------------------------------------------------------------------------

/** The filters each tab's export takes (the tab's export query schema). */
export interface ExportFilters {
  operation: OperationFilters;
  cash: KindFilters;
  ratio: LogFilters;
  transfer: KindFilters;
}

function tabQuery<K extends LogTab>(caller: Caller, tab: K, f: ExportFilters[K]): TabQuery<never, object> {
  switch (tab) {
    case 'operation':
      return operationQuery(caller, f);
    case 'cash':
      return cashQuery(caller, f);
    case 'ratio':
      return ratioQuery(caller, f);
    default:
      return transferQuery(caller, f);
  }
}

/**
 * A tab as a streamed CSV file (core/csv.ts): the list's rows and order, newest first, at most
 * `limit` rows. The filters are checked while the query is built, before the first byte is sent.
 */
export async function exportLog<K extends LogTab>(
  pool: pg.Pool,
  caller: Caller,
  tab: K,
  f: ExportFilters[K],
  limit: number,
): Promise<Readable> {
  const q = tabQuery(caller, tab, f);
  return csvExport(pool, {
    columns: LOG_CSV_COLUMNS[tab],
    query: sql`select ${q.select} ${q.from} order by ${q.order} limit ${limit}`,
    record: q.map,
  });
}
