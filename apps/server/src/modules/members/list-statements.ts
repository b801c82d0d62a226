import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readTemplate } from '../../db/named.js';
import { isWriter } from '../../core/access.js';
import type { Caller } from '../../core/caller.js';
import { contains, containsFilter, SORT_COLUMNS, STATUS_FILTER, STATUSES, v, type ListValues } from './list-filters.js';
import type { RawRow } from './list-rows.js';

/**
 * The statements of the member lists, one per list kind and sort, built once and filled per call,
 * and the read of one page with them. Apart from the lists (lists.ts), which only map its rows:
 * what makes a list one round trip and one planned statement lives here, in one place.
 */

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
export async function listAccounts(db: Db, q: ListQuery): Promise<{ total: number; rows: RawRow[] }> {
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
