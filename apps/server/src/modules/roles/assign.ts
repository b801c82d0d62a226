import { sql } from 'drizzle-orm';
import { type LocalizedText, ROLE_ASSIGNABLE_MAX, type RoleAssignable } from '@agent-bo/shared';
import { assertWriter } from '../../core/access.js';
import type { Caller } from '../../core/caller.js';
import { writeLog } from '../../core/oplog.js';
import { inTransaction, type Q, type Tx } from '../../core/tx.js';
import { AppError } from '../../lib/app-error.js';
import { containsPattern } from '../../lib/input.js';
import type { AssignInput, AssignableInput, RoleContext } from './context.js';
import { heldRoles } from './delete.js';
import { holdsAll } from './rows.js';

/** Giving roles to agents and shadows of the caller's subtree, and taking them back. */

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
