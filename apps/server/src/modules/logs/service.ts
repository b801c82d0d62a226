import { sql, type SQL } from 'drizzle-orm';
import {
  formatMinorUnits,
  zonedDateTimeToInstant,
  type CashLogRow,
  type LedgerKind,
  type LogTab,
  type OperationLogRow,
  type RatioLogRow,
  type TransferLogRow,
} from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../account/service.js';
import { siteTimeZone } from '../auth/service.js';

/**
 * The four logs of `/log/index` (PRODUCT.md §8). Every query is scoped to the caller's site and
 * to rows whose target (operation, ratio) or account (cash, transfer) is the caller's working
 * account (a shadow: its owner) or strictly inside its subtree. Newest first. Read-only: the
 * logs are append-only and nothing here writes.
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

/** The account alias `alias` is the caller's working root or strictly inside it, on the caller's site. */
function inScope(alias: string, caller: Caller): SQL {
  const a = sql.raw(alias);
  return sql`(${a}.site_id = ${caller.siteId} and (${a}.id = ${caller.scopeRootId} or ${a}.path @> array[${caller.scopeRootId}]::integer[]))`;
}

const sameAccountNo = (alias: string, value: string) => sql`lower(${sql.raw(alias)}.account_no) = lower(${value})`;
const and = (parts: SQL[]) => sql.join(parts, sql` and `);
const local = (col: SQL, timeZone: string) => sql`to_char(${col} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

async function paged<R, T>(db: Db, from: SQL, select: SQL, order: SQL, paging: Paging | null, map: (r: R) => T, limit: number): Promise<Page<T>> {
  const page = paging?.page ?? 1;
  const pageSize = paging?.pageSize ?? limit;
  const total = paging ? ((await db.execute<{ n: number }>(sql`select count(*)::int as n ${from}`)).rows[0]?.n ?? 0) : 0;
  const rows = await db.execute(sql`select ${select} ${from} order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`);
  const list = (rows.rows as R[]).map(map);
  return { page, pageSize, total: paging ? total : list.length, list };
}

// ---- operation and ratio logs (operation_logs) ----------------------------------------------

type OpRaw = { id: string | number; action: string; operator_no: string | null; target_no: string | null; before: unknown; after: unknown; ip: string | null; created: string };

function operationFrom(caller: Caller, f: OperationFilters, timeZone: string, ratioOnly: boolean): SQL {
  const where: SQL[] = [sql`l.site_id = ${caller.siteId}`, inScope('t', caller), ...timeRange(sql`l.created_at`, f, timeZone)];
  if (ratioOnly) where.push(sql`l.action = 'RATIO_LOG'`);
  else if (f.action) where.push(sql`l.action = ${f.action}`);
  if (f.operator) where.push(sameAccountNo('o', f.operator));
  if (f.target) where.push(sameAccountNo('t', f.target));
  return sql`from operation_logs l
    join accounts t on t.id = l.target_id
    left join accounts o on o.id = l.operator_id
    where ${and(where)}`;
}

const opSelect = (timeZone: string) =>
  sql`l.id, l.action, o.account_no as operator_no, t.account_no as target_no, l.before, l.after, l.ip, ${local(sql`l.created_at`, timeZone)} as created`;

export async function operationLog(db: Db, caller: Caller, f: OperationFilters, paging: Paging | null, limit = 0): Promise<Page<OperationLogRow>> {
  const tz = siteTimeZone(caller.siteId);
  return paged<OpRaw, OperationLogRow>(db, operationFrom(caller, f, tz, false), opSelect(tz), sql`l.created_at desc, l.id desc`, paging, (r) => ({
    id: Number(r.id),
    action: r.action,
    operatorAccountNo: r.operator_no,
    targetAccountNo: r.target_no,
    before: r.before ?? null,
    after: r.after ?? null,
    ip: r.ip,
    createdAt: r.created,
  }), limit);
}

function ratioOf(value: unknown): string | null {
  if (!value || typeof value !== 'object') return null;
  const ratio = (value as { ratio?: unknown }).ratio;
  return ratio === null || ratio === undefined ? null : String(ratio);
}

export async function ratioLog(db: Db, caller: Caller, f: LogFilters, paging: Paging | null, limit = 0): Promise<Page<RatioLogRow>> {
  const tz = siteTimeZone(caller.siteId);
  return paged<OpRaw, RatioLogRow>(db, operationFrom(caller, f, tz, true), opSelect(tz), sql`l.created_at desc, l.id desc`, paging, (r) => ({
    id: Number(r.id),
    targetAccountNo: r.target_no,
    operatorAccountNo: r.operator_no,
    oldRatio: ratioOf(r.before),
    newRatio: ratioOf(r.after),
    createdAt: r.created,
  }), limit);
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

export async function cashLog(db: Db, caller: Caller, f: KindFilters, paging: Paging | null, limit = 0): Promise<Page<CashLogRow>> {
  const tz = siteTimeZone(caller.siteId);
  return paged<EntryRaw, CashLogRow>(db, entryFrom(caller, f, tz, false), entrySelect(tz), sql`e.created_at desc, e.id desc`, paging, cashRow, limit);
}

export async function transferLog(db: Db, caller: Caller, f: KindFilters, paging: Paging | null, limit = 0): Promise<Page<TransferLogRow>> {
  const tz = siteTimeZone(caller.siteId);
  return paged<EntryRaw, TransferLogRow>(
    db,
    entryFrom(caller, f, tz, true),
    entrySelect(tz),
    sql`e.created_at desc, e.id desc`,
    paging,
    (r) => ({ ...cashRow(r), provider: r.provider }),
    limit,
  );
}

// ---- CSV ------------------------------------------------------------------------------------

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** One CSV field: quoted when needed; text that a spreadsheet would run as a formula is defused. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMERIC.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** UTF-8 BOM (Excel) + header row + rows, CRLF line ends (RFC 4180). */
export function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const lines = [columns.join(','), ...rows.map((r) => columns.map((c) => csvField(r[c])).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export const CSV_COLUMNS: Record<LogTab, readonly string[]> = {
  operation: ['id', 'createdAt', 'action', 'operatorAccountNo', 'targetAccountNo', 'before', 'after', 'ip'],
  cash: ['id', 'createdAt', 'transactionId', 'kind', 'accountNo', 'counterpartyAccountNo', 'amount', 'balanceAfter', 'operatorAccountNo', 'memo'],
  ratio: ['id', 'createdAt', 'targetAccountNo', 'operatorAccountNo', 'oldRatio', 'newRatio'],
  transfer: ['id', 'createdAt', 'transactionId', 'kind', 'provider', 'accountNo', 'counterpartyAccountNo', 'amount', 'balanceAfter', 'operatorAccountNo', 'memo'],
};
