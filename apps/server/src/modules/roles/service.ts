import { sql, type SQL } from 'drizzle-orm';
import {
  PERMISSION_CODES,
  permissionCatalogue,
  type LocalizedText,
  type PermissionCatalogue,
  type PermissionCode,
  ROLE_ASSIGNABLE_MAX,
  type Role,
  type RoleAssignable,
  type RoleDetail,
  type RoleList,
  type roleAssignableRequestSchema,
  type roleAssignRequestSchema,
  type roleDeleteRequestSchema,
  type roleDetailRequestSchema,
  type roleListRequestSchema,
  type roleSaveRequestSchema,
} from '@agent-bo/shared';
import type { z } from 'zod';
import { assertWriter } from '../../core/access.js';
import type { Caller } from '../../core/caller.js';
import { writeLog, writeLogs } from '../../core/oplog.js';
import { inTransaction, type Q, type Tx } from '../../core/tx.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/app-error.js';
import { containsPattern } from '../../lib/input.js';

/**
 * Roles (PRODUCT.md §7): named sets of permission codes of one site. The route checks
 * ROLE_PERMISSION_WRITE; this service applies the rest:
 * - writes need a writer (a shadow or a restricted caller hears CALLER_READ_ONLY);
 * - a role is saved, deleted or assigned only by a caller holding every code of it (before and
 *   after the change): ROLE_CODES_NOT_HELD otherwise; a role with codes the caller lacks is
 *   listed with `editable: false`;
 * - a role held by accounts outside the caller's working subtree is edited or deleted only by an
 *   account above them all (ROLE_HOLDERS_ELSEWHERE), so no agent changes the codes of its parent,
 *   siblings or cousins through a shared role;
 * - assignments go only to agents and shadows strictly inside the caller's working subtree:
 *   the caller itself and its ancestors hear ROLE_OWN_ROLES, anything else out of reach
 *   ACCOUNT_NOT_FOUND;
 * - another site's role ids are ROLE_NOT_FOUND, like ids that do not exist.
 * Effective codes are computed by the auth query on every request, so nothing here invalidates a
 * cache: a change counts from the next request of every session.
 */

export interface RoleContext {
  db: Db;
  caller: Caller;
  ip: string;
}

type ListInput = z.output<typeof roleListRequestSchema>;
type DetailInput = z.output<typeof roleDetailRequestSchema>;
type SaveInput = z.output<typeof roleSaveRequestSchema>;
type DeleteInput = z.output<typeof roleDeleteRequestSchema>;
type AssignInput = z.output<typeof roleAssignRequestSchema>;
type AssignableInput = z.output<typeof roleAssignableRequestSchema>;

type RoleRow = {
  id: number;
  builtin_key: string | null;
  name: LocalizedText;
  description: LocalizedText;
  codes: string[];
  version: number;
  holder_count: number;
  created_by: string | null;
  created_at: Date | string;
  updated_by: string | null;
  updated_at: Date | string;
};

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** Codes in catalogue order, without duplicates. */
function ordered(codes: readonly string[]): PermissionCode[] {
  const set = new Set(codes);
  return PERMISSION_CODES.filter((c) => set.has(c));
}

function holdsAll(caller: Caller, codes: readonly string[]): boolean {
  const held = new Set<string>(caller.codes);
  return codes.every((c) => held.has(c));
}

function toRole(row: RoleRow, caller: Caller): Role {
  return {
    id: row.id,
    builtinKey: row.builtin_key,
    name: row.name,
    description: row.description,
    codes: ordered(row.codes),
    version: row.version,
    holderCount: row.holder_count,
    editable: holdsAll(caller, row.codes),
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    updatedBy: row.updated_by,
    updatedAt: iso(row.updated_at),
  };
}

const roleColumns = sql`r.id, r.builtin_key, r.name, r.description, r.codes, r.version,
  (select count(*)::int from account_roles h where h.role_id = r.id) as holder_count,
  c.account_no as created_by, r.created_at, u.account_no as updated_by, r.updated_at`;
const roleFrom = sql`roles r left join accounts c on c.id = r.created_by left join accounts u on u.id = r.updated_by`;

/** `account a` lies in the caller's working subtree (the working root included). */
const inScope = (caller: Caller, a: SQL) => sql`(${a}.id = ${caller.scopeRootId} or ${a}.path @> array[${caller.scopeRootId}]::integer[])`;

export async function listRoles(ctx: RoleContext, input: ListInput): Promise<RoleList> {
  const where: SQL[] = [sql`r.site_id = ${ctx.caller.siteId}`];
  if (input.name) {
    const like = containsPattern(input.name);
    where.push(sql`exists (select 1 from jsonb_each_text(r.name) n where n.value ilike ${like})`);
  }
  if (input.code) where.push(sql`${input.code} = any(r.codes)`);
  if (input.builtin !== undefined) where.push(input.builtin ? sql`r.builtin_key is not null` : sql`r.builtin_key is null`);
  const cond = sql.join(where, sql` and `);
  const [countRes, rowsRes] = await Promise.all([
    ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from roles r where ${cond}`),
    ctx.db.execute<RoleRow>(sql`select ${roleColumns} from ${roleFrom} where ${cond}
      order by r.builtin_key is null, r.id limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`),
  ]);
  return {
    page: input.page,
    pageSize: input.pageSize,
    total: countRes.rows[0]?.n ?? 0,
    list: rowsRes.rows.map((r) => toRole(r, ctx.caller)),
  };
}

async function findRole(q: Q, caller: Caller, id: number, forUpdate = false): Promise<RoleRow> {
  const res = await q.execute<RoleRow>(
    sql`select ${roleColumns} from ${roleFrom} where r.id = ${id} and r.site_id = ${caller.siteId} ${forUpdate ? sql`for no key update of r` : sql``}`,
  );
  const row = res.rows[0];
  if (!row) throw new AppError('ROLE_NOT_FOUND');
  return row;
}

export async function roleDetail(ctx: RoleContext, input: DetailInput): Promise<RoleDetail> {
  const role = await findRole(ctx.db, ctx.caller, input.id);
  const holders = await ctx.db.execute<{
    id: number;
    account_no: string;
    nick_name: string;
    lvl: number;
    is_shadow: boolean;
    assigned_at: Date | string;
    total: number;
  }>(sql`select a.id, a.account_no, a.nick_name, a.lvl, a.is_shadow, h.assigned_at, count(*) over ()::int as total
      from account_roles h join accounts a on a.id = h.account_id
      where h.role_id = ${role.id} and ${inScope(ctx.caller, sql`a`)}
      order by a.lvl, a.account_no limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`);
  const inside = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from account_roles h join accounts a on a.id = h.account_id where h.role_id = ${role.id} and ${inScope(ctx.caller, sql`a`)}`,
  );
  const insideCount = inside.rows[0]?.n ?? 0;
  return {
    role: toRole(role, ctx.caller),
    holders: {
      page: input.page,
      pageSize: input.pageSize,
      total: insideCount,
      list: holders.rows.map((h) => ({
        id: h.id,
        accountNo: h.account_no,
        nickName: h.nick_name,
        lvl: h.lvl,
        isShadow: h.is_shadow,
        assignedAt: iso(h.assigned_at),
      })),
    },
    holdersElsewhere: role.holder_count - insideCount,
  };
}

export function catalogueFor(caller: Caller): PermissionCatalogue {
  return permissionCatalogue(new Set(caller.codes));
}

/** Refuses a change of `role` when accounts outside the caller's working subtree hold it. */
async function assertHoldersInScope(tx: Tx, caller: Caller, roleId: number): Promise<void> {
  const res = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from account_roles h join accounts a on a.id = h.account_id
      where h.role_id = ${roleId} and not ${inScope(caller, sql`a`)}`,
  );
  if ((res.rows[0]?.n ?? 0) > 0) throw new AppError('ROLE_HOLDERS_ELSEWHERE');
}

function mapNameTaken(err: unknown): never {
  if (isUniqueViolation(err, 'roles_site_name_idx')) throw new AppError('ROLE_NAME_TAKEN');
  throw err;
}

const snapshot = (r: { id: number; name: LocalizedText; codes: readonly string[] }) => ({
  role: r.id,
  name: r.name,
  codes: ordered(r.codes),
});

const sameCodes = (a: readonly string[], b: readonly string[]) => ordered(a).join() === ordered(b).join();

/**
 * A role's codes changed: every holder's history gets a row with the roles it holds and their
 * codes before and after (run after the update; the role's old codes come from the log's before).
 */
async function logHoldersCodes(tx: Tx, ctx: RoleContext, roleId: number, oldCodes: readonly string[]): Promise<void> {
  const res = await tx.execute<{ account_id: number; role_id: number; codes: string[] }>(sql`
    select h2.account_id, h2.role_id, r.codes
      from account_roles h join account_roles h2 on h2.account_id = h.account_id join roles r on r.id = h2.role_id
     where h.role_id = ${roleId}
     order by h2.account_id, h2.role_id`);
  const byHolder = new Map<number, { role_id: number; codes: string[] }[]>();
  for (const row of res.rows) byHolder.set(row.account_id, [...(byHolder.get(row.account_id) ?? []), row]);
  await writeLogs(
    tx,
    ctx,
    'OPERATION',
    [...byHolder].map(([accountId, held]) => {
      const roles = held.map((h) => h.role_id);
      const before = ordered(held.flatMap((h) => (h.role_id === roleId ? oldCodes : h.codes)));
      return { targetId: accountId, before: { roles, codes: before }, after: { roles, codes: ordered(held.flatMap((h) => h.codes)) } };
    }),
  );
}

/** Creates (no id) or changes a role with the version it read; returns its id and new version. */
export async function saveRole(ctx: RoleContext, input: SaveInput): Promise<{ id: number; version: number }> {
  const { caller } = ctx;
  assertWriter(caller);
  const codes = ordered(input.codes);
  if (!holdsAll(caller, codes)) throw new AppError('ROLE_CODES_NOT_HELD');
  try {
    return await inTransaction(ctx.db, async (tx) => {
      if (input.id === undefined) {
        const res = await tx.execute<{ id: number; version: number }>(sql`
          insert into roles (site_id, name, description, codes, created_by, updated_by)
          values (${caller.siteId}, ${JSON.stringify(input.name)}::jsonb, ${JSON.stringify(input.description)}::jsonb,
                  ${sql.param(codes)}::text[], ${caller.account.id}, ${caller.account.id})
          returning id, version`);
        const created = res.rows[0]!;
        await writeLog(tx, ctx, caller.account.id, 'OPERATION', null, {
          roleCreated: snapshot({ id: created.id, name: input.name, codes }),
        });
        return { id: created.id, version: created.version };
      }
      const role = await findRole(tx, caller, input.id, true);
      if (role.version !== input.version) throw new AppError('ROLE_VERSION_STALE');
      if (!holdsAll(caller, role.codes)) throw new AppError('ROLE_CODES_NOT_HELD');
      await assertHoldersInScope(tx, caller, role.id);
      const res = await tx.execute<{ version: number }>(sql`
        update roles set name = ${JSON.stringify(input.name)}::jsonb, description = ${JSON.stringify(input.description)}::jsonb,
               codes = ${sql.param(codes)}::text[], version = version + 1, updated_by = ${caller.account.id}, updated_at = now()
         where id = ${role.id} and version = ${input.version}
         returning version`);
      const updated = res.rows[0];
      if (!updated) throw new AppError('ROLE_VERSION_STALE');
      if (!sameCodes(role.codes, codes)) await logHoldersCodes(tx, ctx, role.id, role.codes);
      await writeLog(
        tx,
        ctx,
        caller.account.id,
        'OPERATION',
        { roleUpdated: snapshot(role) },
        { roleUpdated: { ...snapshot({ id: role.id, name: input.name, codes }), holders: role.holder_count } },
      );
      return { id: role.id, version: updated.version };
    });
  } catch (err) {
    mapNameTaken(err);
  }
}

/** The roles `accountId` holds: ids and the union of their codes (for the log's before/after). */
async function heldRoles(q: Q, accountId: number): Promise<{ roles: number[]; codes: PermissionCode[] }> {
  const res = await q.execute<{ role_id: number; codes: string[] }>(
    sql`select h.role_id, r.codes from account_roles h join roles r on r.id = h.role_id where h.account_id = ${accountId} order by h.role_id`,
  );
  return { roles: res.rows.map((r) => r.role_id), codes: ordered(res.rows.flatMap((r) => r.codes)) };
}

/** Deletes a role; when accounts hold it, only with `confirm`, removing it from them in the same transaction. */
export async function deleteRole(ctx: RoleContext, input: DeleteInput): Promise<{ removedFrom: number }> {
  const { caller } = ctx;
  assertWriter(caller);
  return inTransaction(ctx.db, async (tx) => {
    const role = await findRole(tx, caller, input.id, true);
    if (role.version !== input.version) throw new AppError('ROLE_VERSION_STALE');
    if (!holdsAll(caller, role.codes)) throw new AppError('ROLE_CODES_NOT_HELD');
    await assertHoldersInScope(tx, caller, role.id);
    // Lock the holders (ascending id, the server's lock order) so their before/after is exact.
    const holders = await tx.execute<{ id: number }>(
      sql`select a.id from accounts a join account_roles h on h.account_id = a.id where h.role_id = ${role.id} order by a.id for no key update of a`,
    );
    if (holders.rows.length > 0 && !input.confirm) throw new AppError('ROLE_HELD_CONFIRM', { n: holders.rows.length });
    const before = new Map<number, Awaited<ReturnType<typeof heldRoles>>>();
    for (const h of holders.rows) before.set(h.id, await heldRoles(tx, h.id));
    await tx.execute(sql`delete from roles where id = ${role.id}`);
    for (const h of holders.rows) {
      await writeLog(tx, ctx, h.id, 'OPERATION', before.get(h.id), await heldRoles(tx, h.id));
    }
    await writeLog(tx, ctx, caller.account.id, 'OPERATION', { roleDeleted: { ...snapshot(role), holders: holders.rows.length } }, null);
    return { removedFrom: holders.rows.length };
  });
}

/**
 * The account an assignment addresses, locked: an agent or shadow strictly inside the caller's
 * working subtree. The caller itself and its ancestors are ROLE_OWN_ROLES (nobody raises its own
 * codes); anything else out of reach (another site, a player, a sibling, nonexistent) is
 * ACCOUNT_NOT_FOUND.
 */
async function assignee(tx: Tx, caller: Caller, accountId: number): Promise<number> {
  assertNotOwn(caller, accountId);
  const res = await tx.execute<{ id: number }>(sql`
    select a.id from accounts a
     where a.id = ${accountId} and a.site_id = ${caller.siteId} and a.kind = 'AGENT'
       and a.path @> array[${caller.scopeRootId}]::integer[]
     for no key update`);
  if (!res.rows[0]) throw new AppError('ACCOUNT_NOT_FOUND');
  return accountId;
}

/**
 * The accounts `assignee` accepts whose number or nickname contains `text`, anywhere below the
 * caller's working root (not only its direct agents): an exact account number first, then the
 * shallowest. With `roleId`, each says whether it holds that role already.
 */
export async function assignableAccounts(ctx: RoleContext, input: AssignableInput): Promise<RoleAssignable> {
  const { caller } = ctx;
  const like = containsPattern(input.text);
  const res = await ctx.db.execute<{
    id: number;
    account_no: string;
    nick_name: string;
    lvl: number;
    is_shadow: boolean;
    parent_account_no: string | null;
    holds: boolean;
  }>(sql`
    select a.id, a.account_no, a.nick_name, a.lvl, a.is_shadow, p.account_no as parent_account_no,
           ${input.roleId === undefined ? sql`false` : sql`exists (select 1 from account_roles h where h.account_id = a.id and h.role_id = ${input.roleId})`} as holds
      from accounts a left join accounts p on p.id = a.parent_id
     where a.site_id = ${caller.siteId} and a.kind = 'AGENT'
       and a.path @> array[${caller.scopeRootId}]::integer[]
       and a.id <> ${caller.account.id}
       and (a.account_no ilike ${like} or a.nick_name ilike ${like})
     order by (lower(a.account_no) = lower(${input.text})) desc, a.lvl, a.account_no
     limit ${ROLE_ASSIGNABLE_MAX}`);
  return res.rows.map((r) => ({
    id: r.id,
    accountNo: r.account_no,
    nickName: r.nick_name,
    lvl: r.lvl,
    isShadow: r.is_shadow,
    parentAccountNo: r.parent_account_no,
    holds: r.holds,
  }));
}

function assertNotOwn(caller: Caller, accountId: number): void {
  if (accountId === caller.account.id || caller.account.path.includes(accountId)) throw new AppError('ROLE_OWN_ROLES');
}

/**
 * Roles of the caller's site by id, all or ROLE_NOT_FOUND. `share` locks them FOR SHARE: an
 * assignment waits for an edit of their codes in progress, so the account's role_codes (kept by
 * trigger) are computed from the codes that edit commits; taken before the account's lock, in
 * the order a role edit takes them (the role, then its holders).
 */
async function siteRoles(tx: Tx, caller: Caller, ids: readonly number[], share = false) {
  const unique = [...new Set(ids)];
  const res = await tx.execute<{ id: number; name: LocalizedText; codes: string[] }>(
    sql`select id, name, codes from roles where site_id = ${caller.siteId} and id = any(${sql.param(unique)}::integer[]) order by id ${share ? sql`for share` : sql``}`,
  );
  if (res.rows.length !== unique.length) throw new AppError('ROLE_NOT_FOUND');
  return res.rows;
}

async function assignedRoles(q: Q, accountId: number) {
  const res = await q.execute<{ id: number; name: LocalizedText }>(
    sql`select r.id, r.name from account_roles h join roles r on r.id = h.role_id where h.account_id = ${accountId} order by r.id`,
  );
  return { accountId, roles: res.rows };
}

/** Gives `accountId` the roles (each with codes the caller holds); roles it holds already stay. */
export async function assignRoles(ctx: RoleContext, input: AssignInput) {
  const { caller } = ctx;
  assertWriter(caller);
  assertNotOwn(caller, input.accountId);
  return inTransaction(ctx.db, async (tx) => {
    const roles = await siteRoles(tx, caller, input.roleIds, true);
    const accountId = await assignee(tx, caller, input.accountId);
    if (!roles.every((r) => holdsAll(caller, r.codes))) throw new AppError('ROLE_CODES_NOT_HELD');
    const before = await heldRoles(tx, accountId);
    const added = await tx.execute(sql`
      insert into account_roles (account_id, role_id, assigned_by)
      select ${accountId}, id, ${caller.account.id} from unnest(${sql.param(roles.map((r) => r.id))}::integer[]) as id
      on conflict do nothing`);
    if ((added.rowCount ?? 0) > 0) await writeLog(tx, ctx, accountId, 'OPERATION', before, await heldRoles(tx, accountId));
    return assignedRoles(tx, accountId);
  });
}

/**
 * Takes the roles from `accountId`. Any role of the site may be taken from an account in reach,
 * even one with codes the caller lacks: taking a role only narrows, and the account's codes were
 * within the caller's anyway.
 */
export async function unassignRoles(ctx: RoleContext, input: AssignInput) {
  const { caller } = ctx;
  assertWriter(caller);
  return inTransaction(ctx.db, async (tx) => {
    const accountId = await assignee(tx, caller, input.accountId);
    const roles = await siteRoles(tx, caller, input.roleIds);
    const before = await heldRoles(tx, accountId);
    const removed = await tx.execute(
      sql`delete from account_roles where account_id = ${accountId} and role_id = any(${sql.param(roles.map((r) => r.id))}::integer[])`,
    );
    if ((removed.rowCount ?? 0) > 0) await writeLog(tx, ctx, accountId, 'OPERATION', before, await heldRoles(tx, accountId));
    return assignedRoles(tx, accountId);
  });
}
