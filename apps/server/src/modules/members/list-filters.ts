import { sql } from 'drizzle-orm';

/**
 * The filters and sort orders of the member lists, as SQL over a call's values (`ListValues`).
 * Every filter is in the statement text whether it is asked for or not, its value a parameter
 * (null: no filter), so one statement per list and sort serves every filter (list-statements.ts).
 */

/** A call's values, by placeholder (a type, not an interface, so it is a `Record` as readTemplate takes it). */
export type ListValues = {
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

/** Where a call's value goes in a list statement, which is built once per shape (`readTemplate`). */
export const v = (name: keyof ListValues) => sql.placeholder(name);

/** `%text%` for LIKE, with the wildcards of the text escaped. */
export function contains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const RESTRICTED = sql.raw('(is_disabled or is_full_disabled or is_full_readonly or inh_fd or inh_fr)');
export const STATUSES = new Set(['NORMAL', 'DISABLED', 'FULL_DISABLED', 'FULL_READONLY']);

/**
 * The status filter with the status as a parameter (null: every row), so every status shares one
 * statement text. It filters the rows of one parent, which the plan reads by `parent_id` anyway.
 */
export const STATUS_FILTER = sql`(${v('status')}::text is null or case ${v('status')}::text
    when 'NORMAL' then not ${RESTRICTED}
    when 'DISABLED' then ${RESTRICTED}
    when 'FULL_DISABLED' then (is_full_disabled or inh_fd)
    else (is_full_readonly or inh_fr) end)`;

/** `lower(column) like %text%` when the text is given, as parameters: one statement text with or without it. */
export const containsFilter = (column: 'account_no' | 'nick_name', value: 'accountNo' | 'nickName') =>
  sql`(${v(value)}::text is null or lower(${sql.raw(column)}) like ${v(value)}::text)`;

export const SORT_COLUMNS: Record<string, string> = {
  accountNo: 'lower(account_no)',
  nickName: 'lower(nick_name)',
  createdAt: 'created_at',
  balance: 'balance',
  ratio: 'ratio',
  lastLoginAt: 'last_login_at',
};
