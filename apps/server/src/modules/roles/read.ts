import { sql, type SQL } from 'drizzle-orm';
import { permissionCatalogue, type PermissionCatalogue, type RoleDetail, type RoleList } from '@agent-bo/shared';
import type { Caller } from '../../core/caller.js';
import type { Q } from '../../core/tx.js';
import { AppError } from '../../lib/app-error.js';
import { containsPattern } from '../../lib/input.js';
import type { DetailInput, ListInput, RoleContext } from './context.js';
import { type RoleRow, inScope, iso, roleColumns, roleFrom, toRole } from './rows.js';

/** Reading roles: the paged list, one role with its holders, the code catalogue the caller may grant. */

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

export async function findRole(q: Q, caller: Caller, id: number, forUpdate = false): Promise<RoleRow> {
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
