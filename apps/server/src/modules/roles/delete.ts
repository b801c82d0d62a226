import { sql } from 'drizzle-orm';
import type { PermissionCode } from '@agent-bo/shared';
import { assertWriter } from '../../core/access.js';
import { logTarget, writeLog } from '../../core/oplog.js';
import { inTransaction, type Q } from '../../core/tx.js';
import { AppError } from '../../lib/app-error.js';
import type { DeleteInput, RoleContext } from './context.js';
import { findRole } from './read.js';
import { holdsAll, ordered } from './rows.js';
import { assertHoldersInScope, snapshot } from './save.js';

/** The roles `accountId` holds: ids and the union of their codes (for the log's before/after). */
export async function heldRoles(q: Q, accountId: number): Promise<{ roles: number[]; codes: PermissionCode[] }> {
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
    await writeLog(
      tx,
      ctx,
      logTarget('role', role.id, role.name),
      'OPERATION',
      { roleDeleted: { ...snapshot(role), holders: holders.rows.length } },
      null,
    );
    return { removedFrom: holders.rows.length };
  });
}
