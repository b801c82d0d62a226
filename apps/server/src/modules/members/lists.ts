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
import { readNamed, readTemplate } from '../../db/named.js';
import { formatDateTime } from '../../lib/dates.js';
import { isWriter, reach, reachAgentOrSelf, type TargetKind } from '../../core/access.js';
import type { Caller } from '../../core/caller.js';
import { logAccountNosSql, logRecordNames } from '../../core/oplog.js';

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

/** Where a call's value goes in a list statement, which is built once per shape (`readTemplate`). */
const v = (name: keyof ListValues) => sql.placeholder(name);

const RESTRICTED = sql.raw('(is_disabled or is_full_disabled or is_full_readonly or inh_fd or inh_fr)');
const STATUSES = new Set(['NORMAL', 'DISABLED', 'FULL_DISABLED', 'FULL_READONLY']);

/**
 * The status filter with the status as a parameter (null: every row), so every status shares one
 * statement text. It filters the rows of one parent, which the plan reads by `parent_id` anyway.
 */
const STATUS_FILTER = sql`(${v('status')}::text is null or case ${v('status')}::text
    when 'NORMAL' then not ${RESTRICTED}
    when 'DISABLED' then ${RESTRICTED}
    when 'FULL_DISABLED' then (is_full_disabled or inh_fd)
    else (is_full_readonly or inh_fr) end)`;

/** `lower(column) like %text%` when the text is given, as parameters: one statement text with or without it. */
const containsFilter = (column: 'account_no' | 'nick_name', value: 'accountNo' | 'nickName') =>
  sql`(${v(value)}::text is null or lower(${sql.raw(column)}) like ${v(value)}::text)`;

const SORT_COLUMNS: Record<string, string> = {
  accountNo: 'lower(account_no)',
  nickName: 'lower(nick_name)',
  createdAt: 'created_at',
  balance: 'balance',
  ratio: 'ratio',
  lastLoginAt: 'last_login_at',
};

/**
 * The three member lists: whose children they are (`parent`, a select of at most one row: its
 * `id` and `chain`, its path and itself, which is every list row's path: the ancestors whose full
 * restrictions the rows inherit; no row, no list) and which children (`where`).
 */
const LISTS = {
  /**
   * An agent's agents. The parent is `parentId` (or the caller's working root) while it is that
   * root or an agent strictly inside it (the rule of `reachAgentOrSelf`), read in the list's own
   * statement: a list is one round trip. No row means no list; an empty list then asks
   * `reachAgentOrSelf` whether the parent was out of reach (ACCOUNT_NOT_FOUND) or has no children.
   */
  agents: { parent: reachableParent(), where: sql`a.site_id = ${v('siteId')} and a.kind = 'AGENT' and not a.is_shadow` },
  /** An agent's players, by the same parent rule; the verification filter as a parameter. */
  players: {
    parent: reachableParent(),
    where: sql`a.site_id = ${v('siteId')} and a.kind = 'PLAYER'
      and (${v('verifyStatus')}::text is null or verify_status = ${v('verifyStatus')}::text)`,
  },
  /** The shadows of the caller's working root. */
  shadows: {
    parent: sql`select p.id, p.path || p.id as chain from accounts p where p.id = ${v('scopeRootId')}`,
    where: sql`a.site_id = ${v('siteId')} and a.is_shadow`,
  },
} satisfies Record<string, { parent: SQL; where: SQL }>;
type ListKind = keyof typeof LISTS;

function reachableParent(): SQL {
  return sql`select p.id, p.path || p.id as chain from accounts p where p.id = ${v('parentId')} and p.site_id = ${v('siteId')}
    and (p.id = ${v('scopeRootId')} or p.path @> array[${v('scopeRootId')}]::integer[]) and p.kind = 'AGENT' and not p.is_shadow`;
}

/** A call's values, by placeholder (a type, not an interface, so it is a `Record` as readTemplate takes it). */
type ListValues = {
  siteId: string;
  /** The parent asked for (agents, players): `parentId` or the caller's working root. */
  parentId: number;
  scopeRootId: number;
  /** Who reads the list: `liftable` is answered for this account (null: a caller that may not write lifts nothing). */
  liftAs: number | null;
  /** A status name, or null for every row. */
  status: string | null;
  /** `%text%` patterns (lower case, wildcards escaped), or null. */
  accountNo: string | null;
  nickName: string | null;
  verifyStatus: string | null;
  limit: number;
  offset: number;
};

interface ListQuery {
  kind: ListKind;
  caller: Caller;
  parentId?: number;
  accountNo?: string;
  nickName?: string;
  status?: string;
  verifyStatus?: string;
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
const setter = (column: string) => sql`
  (select json_build_object('accountNo', s.account_no, 'liftable',
      ${v('liftAs')}::int is not null and (s.id = ${v('liftAs')}::int or s.path @> array[${v('liftAs')}::int]))
    from accounts s where s.id = ${sql.raw(`r.${column}_id`)}) as ${sql.raw(column)}`;

/**
 * The statements of one list shape (list and sort; ≤ 36), built and compiled once: a call only
 * fills in its values. Every filter is in the text, its value a parameter, so a handful of named
 * statements serve every filter.
 */
const statements = new Map<string, { page: SQL; count: SQL }>();

function statementsOf(kind: ListKind, sortField: string, sortOrder: 'asc' | 'desc'): { page: SQL; count: SQL } {
  const columnText = SORT_COLUMNS[sortField] ?? 'created_at';
  const key = `${kind} ${columnText} ${sortOrder}`;
  const known = statements.get(key);
  if (known) return known;
  const list = LISTS[kind];
  const where = sql.join([STATUS_FILTER, containsFilter('account_no', 'accountNo'), containsFilter('nick_name', 'nickName')], sql` and `);
  // The rows are siblings, so they inherit alike: the parent's chain is read once (`inherited`,
  // referenced twice, so PostgreSQL runs it once), not once per row. It also keeps the status
  // filter to plain columns, so the generic plan costs what a custom one does and PostgreSQL
  // switches to it: a per-row subquery in the filter made every generic plan look 10× dearer and
  // the statement was planned on every call. The code arrays come as json, which the driver reads
  // with JSON.parse: its text-array parser was 7 % of the server's time on this list.
  const base = sql`
    with parent as (${list.parent}),
    inherited as (
      select coalesce(bool_or(u.is_full_disabled), false) as fd, coalesce(bool_or(u.is_full_readonly), false) as fr
      from parent p join accounts u on u.id = any(p.chain)
    ),
    rows as (
      select a.id, a.parent_id, a.account_no, a.nick_name, a.lvl, a.ratio, a.balance::text as balance,
        array_to_json(a.providers) as providers, array_to_json(a.bet_limits) as bet_limits, array_to_json(a.permissions) as permissions,
        a.verify_status, a.registered, a.is_disabled, a.is_full_disabled, a.is_full_readonly, a.created_at, a.last_login_at,
        ${setterId('is_disabled', 'disabled_by')}, ${setterId('is_full_disabled', 'full_disabled_by')},
        ${setterId('is_full_readonly', 'full_readonly_by')},
        (select i.fd from inherited i) as inh_fd,
        (select i.fr from inherited i) as inh_fr
      from accounts a where a.parent_id = (select p.id from parent p) and ${list.where}
    )`;
  const column = sql.raw(columnText);
  const order = sql.raw(sortOrder === 'asc' ? 'asc nulls first' : 'desc nulls last');
  const idOrder = sql.raw(sortOrder === 'asc' ? 'asc' : 'desc');
  // The page and the number of matching rows in one statement (one round trip, the rows read
  // once): the window count runs before the limit. The subqueries of the outer select run for the
  // page's rows only.
  const made = {
    page: sql`${base}
    select r.*, ${setter('disabled_by')}, ${setter('full_disabled_by')}, ${setter('full_readonly_by')},
      (select count(*)::int from accounts c where c.parent_id = r.id and c.kind = 'AGENT' and not c.is_shadow) as child_agents,
      (select count(*)::int from accounts c where c.parent_id = r.id and c.kind = 'PLAYER') as child_players
    from (
      select rows.*, count(*) over ()::int as total_n from rows where ${where}
      order by ${column} ${order}, id ${idOrder}
      limit ${v('limit')} offset ${v('offset')}
    ) r
    order by ${column} ${order}, id ${idOrder}`,
    count: sql`${base} select count(*)::int as n from rows where ${where}`,
  };
  statements.set(key, made);
  return made;
}

/** The children of a list's parent, with restriction flags (own + inherited from the parent's chain), filtered, sorted, paged. */
async function listAccounts(db: Db, q: ListQuery): Promise<{ total: number; rows: RawRow[] }> {
  const { caller } = q;
  const values: ListValues = {
    siteId: caller.siteId,
    parentId: q.parentId ?? caller.scopeRootId,
    scopeRootId: caller.scopeRootId,
    liftAs: isWriter(caller) ? caller.account.id : null,
    status: q.status && STATUSES.has(q.status) ? q.status : null,
    accountNo: q.accountNo ? contains(q.accountNo) : null,
    nickName: q.nickName ? contains(q.nickName) : null,
    verifyStatus: q.verifyStatus ?? null,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  };
  const statement = statementsOf(q.kind, q.sortField, q.sortOrder);
  const result = await readTemplate<RawRow & { total_n: number }>(db, 'member_page', statement.page, values);
  const first = result.rows[0];
  if (first) return { total: first.total_n, rows: result.rows };
  await q.onEmpty?.();
  // An empty page: the first page of an empty list, or a page past the end (count apart).
  if (q.page === 1) return { total: 0, rows: [] };
  const counted = await readTemplate<{ n: number }>(db, 'member_count', statement.count, values);
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

export async function lowerAgents(db: Db, caller: Caller, input: z.output<typeof lowerAgentsRequestSchema>): Promise<Page<AgentRow>> {
  const tz = siteTimeZone(caller.siteId);
  const { total, rows } = await listAccounts(db, {
    ...input,
    kind: 'agents',
    caller,
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
    kind: 'players',
    caller,
    onEmpty: () => reachAgentOrSelf(db, caller, input.parentId),
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
    kind: 'shadows',
    caller,
    sortField: 'createdAt',
    sortOrder: 'desc',
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
  // The page is planned for its values, not named: its generic plan prices the unknown offset as
  // skipping a tenth of the rows, the whole input for an account with few log rows, and on
  // PostgreSQL 15 it then never beat the custom plans (a named statement planned on every call).
  const result = await db.execute<{
    id: string | number;
    action: string;
    operator: string | null;
    before: unknown;
    after: unknown;
    accounts: Record<string, string>;
    ip: string | null;
    created_at: Date | string;
  }>(
    sql`
    select l.id, l.action, o.account_no as operator, l.before, l.after, ${logAccountNosSql('l', caller.siteId)} as accounts, l.ip, l.created_at
    from operation_logs l left join accounts o on o.id = l.operator_id
    where l.site_id = ${caller.siteId} and l.target_id = ${target.id}
    order by l.created_at desc, l.id desc
    limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
  );
  const names = await logRecordNames(db, caller.siteId, result.rows);
  return {
    page: input.page,
    pageSize: input.pageSize,
    total: counted.rows[0]?.n ?? 0,
    list: result.rows.map((r, i) => ({
      id: Number(r.id),
      action: r.action,
      operatorAccountNo: r.operator,
      before: r.before,
      after: r.after,
      accounts: r.accounts,
      names: names[i],
      ip: r.ip,
      createdAt: formatDateTime(asDate(r.created_at), tz),
    })),
  };
}
