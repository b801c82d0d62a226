import { sql, type SQL } from 'drizzle-orm';
import type { lowerAgentsRequestSchema, playerListRequestSchema, shadowListRequestSchema, historyRequestSchema } from '@agent-bo/shared';
import {
  basisPointsToRatio,
  formatMinorUnits,
  siteTimeZone,
  type AgentRow,
  type HistoryRow,
  type PlayerRow,
  type RestrictionSetter,
  type ShadowRow,
  type VerifyStatus,
} from '@agent-bo/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { readNamed } from '../../db/named.js';
import { formatDateTime } from '../../lib/dates.js';
import { isWriter, reach, reachAgentOrSelf, type TargetKind } from '../../core/access.js';
import type { Caller } from '../../core/caller.js';
import { logAccountNosSql } from '../../core/oplog.js';

type Page<T> = { page: number; pageSize: number; total: number; list: T[] };

/** Raw list row (snake_case from SQL). */
type RawRow = {
  id: number;
  parent_id: number;
  account_no: string;
  nick_name: string;
  lvl: number;
  ratio: number;
  balance: string;
  providers: string[];
  bet_limits: string[];
  permissions: string[];
  verify_status: VerifyStatus;
  registered: boolean;
  is_disabled: boolean;
  is_full_disabled: boolean;
  is_full_readonly: boolean;
  disabled_by: RestrictionSetter | null;
  full_disabled_by: RestrictionSetter | null;
  full_readonly_by: RestrictionSetter | null;
  inh_fd: boolean;
  inh_fr: boolean;
  child_agents: number;
  child_players: number;
  created_at: Date | string;
  last_login_at: Date | string | null;
};

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** `%text%` for LIKE, with the wildcards of the text escaped. */
function contains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const RESTRICTED = sql.raw('(is_disabled or is_full_disabled or is_full_readonly or inh_fd or inh_fr)');
const STATUSES = new Set(['NORMAL', 'DISABLED', 'FULL_DISABLED', 'FULL_READONLY']);

/**
 * The status filter with the status as a parameter (null: every row), so every status shares one
 * statement text. It filters the rows of one parent, which the plan reads by `parent_id` anyway.
 */
function statusFilter(status: string | undefined): SQL {
  const s = status && STATUSES.has(status) ? status : null;
  return sql`(${s}::text is null or case ${s}::text
    when 'NORMAL' then not ${RESTRICTED}
    when 'DISABLED' then ${RESTRICTED}
    when 'FULL_DISABLED' then (is_full_disabled or inh_fd)
    else (is_full_readonly or inh_fr) end)`;
}

/** `lower(column) like %text%` when `text` is given, as parameters: one statement text with or without it. */
function containsFilter(column: 'account_no' | 'nick_name', text: string | undefined): SQL {
  const pattern = text ? contains(text) : null;
  return sql`(${pattern}::text is null or lower(${sql.raw(column)}) like ${pattern}::text)`;
}

const SORT_COLUMNS: Record<string, string> = {
  accountNo: 'lower(account_no)',
  nickName: 'lower(nick_name)',
  createdAt: 'created_at',
  balance: 'balance',
  ratio: 'ratio',
  lastLoginAt: 'last_login_at',
};

interface ListQuery {
  where: SQL;
  /** Who reads the list: `liftable` is answered for this account (null: a caller that may not write lifts nothing). */
  liftAs: number | null;
  accountNo?: string;
  nickName?: string;
  status?: string;
  extra?: SQL;
  sortField: string;
  sortOrder: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** Runs when the page is empty, before the count: the check an empty answer must pass (the parent's reach). */
  onEmpty?: () => Promise<unknown>;
}

/**
 * The setter of an own restriction while it holds (`<column>_id`). A flag set outside the status
 * actions has no setter recorded and counts as the site admin's, as the lift rule reads it.
 */
const setterId = (flag: string, column: string) =>
  sql.raw(`case when a.${flag} then coalesce(a.${column}, (select root.id from accounts root
    where root.site_id = a.site_id and root.parent_id is null)) end as ${column}_id`);

/** `{accountNo, liftable}` of a setter: liftable by `liftAs` when it is the setter or above it (PRODUCT.md §3). */
const setter = (column: string, liftAs: number | null) => sql`
  (select json_build_object('accountNo', s.account_no, 'liftable',
      ${liftAs}::int is not null and (s.id = ${liftAs}::int or s.path @> array[${liftAs}::int]))
    from accounts s where s.id = ${sql.raw(`r.${column}_id`)}) as ${sql.raw(column)}`;

/** Accounts matching `where` with restriction flags (own + inherited through the path), filtered, sorted, paged. */
async function listAccounts(db: Db, q: ListQuery): Promise<{ total: number; rows: RawRow[] }> {
  // Every filter is in the text, its value a parameter: the statement text depends on the list
  // (agents, players, shadows) and the sort only, so a handful of named statements serve them all.
  const filters: SQL[] = [statusFilter(q.status), containsFilter('account_no', q.accountNo), containsFilter('nick_name', q.nickName)];
  if (q.extra) filters.push(q.extra);
  const where = sql.join(filters, sql` and `);
  const base = sql`
    with rows as (
      select a.id, a.parent_id, a.account_no, a.nick_name, a.lvl, a.ratio, a.balance::text as balance, a.providers, a.bet_limits,
        a.permissions, a.verify_status, a.registered, a.is_disabled, a.is_full_disabled, a.is_full_readonly, a.created_at, a.last_login_at,
        ${setterId('is_disabled', 'disabled_by')}, ${setterId('is_full_disabled', 'full_disabled_by')},
        ${setterId('is_full_readonly', 'full_readonly_by')},
        coalesce((select bool_or(u.is_full_disabled) from accounts u where u.id = any(a.path)), false) as inh_fd,
        coalesce((select bool_or(u.is_full_readonly) from accounts u where u.id = any(a.path)), false) as inh_fr
      from accounts a where ${q.where}
    )`;
  const column = sql.raw(SORT_COLUMNS[q.sortField] ?? 'created_at');
  const order = sql.raw(q.sortOrder === 'asc' ? 'asc nulls first' : 'desc nulls last');
  const idOrder = sql.raw(q.sortOrder === 'asc' ? 'asc' : 'desc');
  // The page and the number of matching rows in one statement (one round trip, the rows read
  // once): the window count runs before the limit. The subqueries of the outer select run for the
  // page's rows only.
  const result = await readNamed<RawRow & { total_n: number }>(
    db,
    'member_page',
    sql`${base}
    select r.*, ${setter('disabled_by', q.liftAs)}, ${setter('full_disabled_by', q.liftAs)}, ${setter('full_readonly_by', q.liftAs)},
      (select count(*)::int from accounts c where c.parent_id = r.id and c.kind = 'AGENT' and not c.is_shadow) as child_agents,
      (select count(*)::int from accounts c where c.parent_id = r.id and c.kind = 'PLAYER') as child_players
    from (
      select rows.*, count(*) over ()::int as total_n from rows where ${where}
      order by ${column} ${order}, id ${idOrder}
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}
    ) r
    order by ${column} ${order}, id ${idOrder}`,
  );
  const first = result.rows[0];
  if (first) return { total: first.total_n, rows: result.rows };
  await q.onEmpty?.();
  // An empty page: the first page of an empty list, or a page past the end (count apart).
  if (q.page === 1) return { total: 0, rows: [] };
  const counted = await readNamed<{ n: number }>(db, 'member_count', sql`${base} select count(*)::int as n from rows where ${where}`);
  return { total: counted.rows[0]?.n ?? 0, rows: [] };
}

/** What every member list row carries: identity, restrictions (own and inherited) and dates. */
function commonRow(r: RawRow, tz: string) {
  return {
    id: r.id,
    accountNo: r.account_no,
    nickName: r.nick_name,
    createdAt: formatDateTime(asDate(r.created_at), tz),
    lastLoginAt: r.last_login_at ? formatDateTime(asDate(r.last_login_at), tz) : null,
    isDisabled: r.is_disabled,
    isFullDisabled: r.is_full_disabled,
    isFullReadonly: r.is_full_readonly,
    disabledBy: r.disabled_by,
    fullDisabledBy: r.full_disabled_by,
    fullReadonlyBy: r.full_readonly_by,
    inheritedFullDisabled: r.inh_fd,
    inheritedFullReadonly: r.inh_fr,
  };
}

/**
 * The parent of a list, `parentId` or the caller's working root, while it is that root or an agent
 * strictly inside it (the rule of `reachAgentOrSelf`), as a subquery of the list's own statement:
 * a list is one round trip. No row means no list; an empty list then asks `reachAgentOrSelf`
 * whether the parent was out of reach (ACCOUNT_NOT_FOUND) or has no children.
 */
function reachableParent(caller: Caller, parentId: number | undefined): SQL {
  return sql`(select p.id from accounts p where p.id = ${parentId ?? caller.scopeRootId} and p.site_id = ${caller.siteId}
    and (p.id = ${caller.scopeRootId} or p.path @> array[${caller.scopeRootId}]::integer[]) and p.kind = 'AGENT' and not p.is_shadow)`;
}

export async function lowerAgents(db: Db, caller: Caller, input: z.output<typeof lowerAgentsRequestSchema>): Promise<Page<AgentRow>> {
  const tz = siteTimeZone(caller.siteId);
  const { total, rows } = await listAccounts(db, {
    ...input,
    liftAs: isWriter(caller) ? caller.account.id : null,
    where: sql`a.site_id = ${caller.siteId} and a.parent_id = ${reachableParent(caller, input.parentId)} and a.kind = 'AGENT' and not a.is_shadow`,
    onEmpty: () => reachAgentOrSelf(db, caller, input.parentId),
  });
  return {
    page: input.page,
    pageSize: input.pageSize,
    total,
    list: rows.map((r) => ({
      ...commonRow(r, tz),
      parentId: r.parent_id,
      lvl: r.lvl,
      ratio: basisPointsToRatio(r.ratio),
      balance: formatMinorUnits(r.balance),
      childAgents: r.child_agents,
      childPlayers: r.child_players,
      providers: r.providers,
      betLimits: r.bet_limits,
      permissions: r.permissions,
    })),
  };
}

export async function playerList(db: Db, caller: Caller, input: z.output<typeof playerListRequestSchema>): Promise<Page<PlayerRow>> {
  const tz = siteTimeZone(caller.siteId);
  const { total, rows } = await listAccounts(db, {
    ...input,
    liftAs: isWriter(caller) ? caller.account.id : null,
    where: sql`a.site_id = ${caller.siteId} and a.parent_id = ${reachableParent(caller, input.parentId)} and a.kind = 'PLAYER'`,
    onEmpty: () => reachAgentOrSelf(db, caller, input.parentId),
    extra: sql`(${input.verifyStatus ?? null}::text is null or verify_status = ${input.verifyStatus ?? null}::text)`,
  });
  return {
    page: input.page,
    pageSize: input.pageSize,
    total,
    list: rows.map((r) => ({
      ...commonRow(r, tz),
      parentId: r.parent_id,
      balance: formatMinorUnits(r.balance),
      verifyStatus: r.verify_status,
      registered: r.registered,
      providers: r.providers,
      betLimits: r.bet_limits,
    })),
  };
}

/** The shadows of the caller's working root (a shadow sees its owner's shadows). */
export async function shadowList(db: Db, caller: Caller, input: z.output<typeof shadowListRequestSchema>): Promise<Page<ShadowRow>> {
  const tz = siteTimeZone(caller.siteId);
  const { total, rows } = await listAccounts(db, {
    ...input,
    liftAs: isWriter(caller) ? caller.account.id : null,
    sortField: 'createdAt',
    sortOrder: 'desc',
    where: sql`a.site_id = ${caller.siteId} and a.parent_id = ${caller.scopeRootId} and a.is_shadow`,
  });
  return {
    page: input.page,
    pageSize: input.pageSize,
    total,
    list: rows.map((r) => ({
      ...commonRow(r, tz),
      permissions: r.permissions,
    })),
  };
}

/** Operation-log rows whose target is the account, newest first. */
export async function history(
  db: Db,
  caller: Caller,
  kind: TargetKind,
  input: z.output<typeof historyRequestSchema>,
): Promise<Page<HistoryRow>> {
  const target = await reach(db, caller, input.id, kind);
  const tz = siteTimeZone(caller.siteId);
  const counted = await readNamed<{ n: number }>(
    db,
    'member_history_count',
    sql`select count(*)::int as n from operation_logs where site_id = ${caller.siteId} and target_id = ${target.id}`,
  );
  const result = await readNamed<{
    id: string | number;
    action: string;
    operator: string | null;
    before: unknown;
    after: unknown;
    accounts: Record<string, string>;
    ip: string | null;
    created_at: Date | string;
  }>(
    db,
    'member_history_page',
    sql`
    select l.id, l.action, o.account_no as operator, l.before, l.after, ${logAccountNosSql('l', caller.siteId)} as accounts, l.ip, l.created_at
    from operation_logs l left join accounts o on o.id = l.operator_id
    where l.site_id = ${caller.siteId} and l.target_id = ${target.id}
    order by l.created_at desc, l.id desc
    limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
  );
  return {
    page: input.page,
    pageSize: input.pageSize,
    total: counted.rows[0]?.n ?? 0,
    list: result.rows.map((r) => ({
      id: Number(r.id),
      action: r.action,
      operatorAccountNo: r.operator,
      before: r.before,
      after: r.after,
      accounts: r.accounts,
      ip: r.ip,
      createdAt: formatDateTime(asDate(r.created_at), tz),
    })),
  };
}
