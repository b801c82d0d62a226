import { sql, type SQL } from 'drizzle-orm';
import { PERMISSION_CODES, type LocalizedText, type PermissionCode, type Role } from '@agent-bo/shared';
import type { Caller } from '../../core/caller.js';

/** A role as read from the database, and how it is shown to a caller; the caller's working subtree in SQL. */

export type RoleRow = {
  id: number;
  builtin_key: string | null;
  name: LocalizedText;
  description: LocalizedText;
  codes: string[];
  require_two_factor: boolean;
  version: number;
  holder_count: number;
  created_by: string | null;
  created_at: Date | string;
  updated_by: string | null;
  updated_at: Date | string;
};

export const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** Codes in catalogue order, without duplicates. */
export function ordered(codes: readonly string[]): PermissionCode[] {
  const set = new Set(codes);
  return PERMISSION_CODES.filter((c) => set.has(c));
}

export function holdsAll(caller: Caller, codes: readonly string[]): boolean {
  const held = new Set<string>(caller.codes);
  return codes.every((c) => held.has(c));
}

export function toRole(row: RoleRow, caller: Caller): Role {
  return {
    id: row.id,
    builtinKey: row.builtin_key,
    name: row.name,
    description: row.description,
    codes: ordered(row.codes),
    requireTwoFactor: row.require_two_factor,
    version: row.version,
    holderCount: row.holder_count,
    editable: holdsAll(caller, row.codes),
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    updatedBy: row.updated_by,
    updatedAt: iso(row.updated_at),
  };
}

export const roleColumns = sql`r.id, r.builtin_key, r.name, r.description, r.codes, r.require_two_factor, r.version,
  (select count(*)::int from account_roles h where h.role_id = r.id) as holder_count,
  c.account_no as created_by, r.created_at, u.account_no as updated_by, r.updated_at`;
export const roleFrom = sql`roles r left join accounts c on c.id = r.created_by left join accounts u on u.id = r.updated_by`;

/** `account a` lies in the caller's working subtree (the working root included). */
export const inScope = (caller: Caller, a: SQL) =>
  sql`(${a}.id = ${caller.scopeRootId} or ${a}.path @> array[${caller.scopeRootId}]::integer[])`;
