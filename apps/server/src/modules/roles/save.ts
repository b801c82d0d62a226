import { sql } from 'drizzle-orm';
import type { LocalizedText } from '@agent-bo/shared';
import { assertWriter } from '../../core/access.js';
import type { Caller } from '../../core/caller.js';
import { logTarget, writeLog, writeLogs } from '../../core/oplog.js';
import { inTransaction, type Tx } from '../../core/tx.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/app-error.js';
import type { RoleContext, SaveInput } from './context.js';
import { findRole } from './read.js';
import { holdsAll, inScope, ordered } from './rows.js';

/** Creating and changing a role: names unique per site, codes the caller holds, holders inside its subtree, each holder's code change logged. */

/** Refuses a change of `role` when accounts outside the caller's working subtree hold it. */
export async function assertHoldersInScope(tx: Tx, caller: Caller, roleId: number): Promise<void> {
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

export const snapshot = (r: {
  id: number;
  name: LocalizedText;
  description: LocalizedText;
  codes: readonly string[];
  requireTwoFactor?: boolean;
}) => ({
  role: r.id,
  name: r.name,
  description: r.description,
  codes: ordered(r.codes),
  ...(r.requireTwoFactor ? { requireTwoFactor: true } : {}),
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
      return { target: accountId, before: { roles, codes: before }, after: { roles, codes: ordered(held.flatMap((h) => h.codes)) } };
    }),
  );
}

/** Creates (no id) or changes a role with the version it read; returns its id and new version. */
export async function saveRole(ctx: RoleContext, input: SaveInput): Promise<{ id: number; version: number }> {
  const { caller } = ctx;
  assertWriter(caller);
  const codes = ordered(input.codes);
  const { requireTwoFactor } = input;
  if (!holdsAll(caller, codes)) throw new AppError('ROLE_CODES_NOT_HELD');
  try {
    return await inTransaction(ctx.db, async (tx) => {
      if (input.id === undefined) {
        const res = await tx.execute<{ id: number; version: number }>(sql`
          insert into roles (site_id, name, description, codes, require_two_factor, created_by, updated_by)
          values (${caller.siteId}, ${JSON.stringify(input.name)}::jsonb, ${JSON.stringify(input.description)}::jsonb,
                  ${sql.param(codes)}::text[], ${requireTwoFactor ?? false}, ${caller.account.id}, ${caller.account.id})
          returning id, version`);
        const created = res.rows[0]!;
        await writeLog(tx, ctx, logTarget('role', created.id, input.name), 'OPERATION', null, {
          roleCreated: snapshot({ id: created.id, name: input.name, description: input.description, codes, requireTwoFactor }),
        });
        return { id: created.id, version: created.version };
      }
      const role = await findRole(tx, caller, input.id, true);
      if (role.version !== input.version) throw new AppError('ROLE_VERSION_STALE');
      if (!holdsAll(caller, role.codes)) throw new AppError('ROLE_CODES_NOT_HELD');
      await assertHoldersInScope(tx, caller, role.id);
      const required = requireTwoFactor ?? role.require_two_factor;
      const res = await tx.execute<{ version: number }>(sql`
        update roles set name = ${JSON.stringify(input.name)}::jsonb, description = ${JSON.stringify(input.description)}::jsonb,
               codes = ${sql.param(codes)}::text[], require_two_factor = ${required},
               version = version + 1, updated_by = ${caller.account.id}, updated_at = now()
         where id = ${role.id} and version = ${input.version}
         returning version`);
      const updated = res.rows[0];
      if (!updated) throw new AppError('ROLE_VERSION_STALE');
      if (!sameCodes(role.codes, codes)) await logHoldersCodes(tx, ctx, role.id, role.codes);
      await writeLog(
        tx,
        ctx,
        logTarget('role', role.id, input.name),
        'OPERATION',
        { roleUpdated: snapshot({ ...role, requireTwoFactor: role.require_two_factor }) },
        {
          roleUpdated: {
            ...snapshot({ id: role.id, name: input.name, description: input.description, codes, requireTwoFactor: required }),
            holders: role.holder_count,
          },
        },
      );
      return { id: role.id, version: updated.version };
    });
  } catch (err) {
    mapNameTaken(err);
  }
}
