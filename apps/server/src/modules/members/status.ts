import { eq, sql } from 'drizzle-orm';
import type { ChangeStatusRequest, StatusAction } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { assertWriter, reach, type TargetKind } from '../../core/access.js';
import { isAdmin, type AccountRow, type Caller } from '../../core/caller.js';
import { writeLog } from '../../core/oplog.js';
import { inTransaction } from '../../core/tx.js';
import { findAccountById } from '../account/index.js';
import type { MemberContext } from './context.js';

/** Restrictions (disable, full disable, full read-only): set and lifted by whom the rules allow. */

const STATUS_FLAG: Record<StatusAction, { column: 'isDisabled' | 'isFullDisabled' | 'isFullReadonly'; value: boolean }> = {
  ACTIVE: { column: 'isDisabled', value: false },
  DISABLE: { column: 'isDisabled', value: true },
  FULLY_ACTIVE: { column: 'isFullDisabled', value: false },
  FULLY_DISABLE: { column: 'isFullDisabled', value: true },
  FULLY_READ_ONLY: { column: 'isFullReadonly', value: true },
  FULLY_READ_ONLY_CANCEL: { column: 'isFullReadonly', value: false },
};

const flagsOf = (a: AccountRow) => ({ isDisabled: a.isDisabled, isFullDisabled: a.isFullDisabled, isFullReadonly: a.isFullReadonly });

/** The column recording who set each restriction. */
const SETTER_COLUMN = { isDisabled: 'disabledBy', isFullDisabled: 'fullDisabledBy', isFullReadonly: 'fullReadonlyBy' } as const;

/**
 * May the caller lift a restriction set by `setter`? Only the level that set it or a level above
 * it: the setter itself or an ancestor of it (PRODUCT.md §3). An unknown setter (a flag set
 * outside the status actions) counts as the site admin's.
 */
export function mayLift(caller: Caller, setter: Pick<AccountRow, 'id' | 'path'> | null): boolean {
  if (!setter) return isAdmin(caller.account);
  return setter.id === caller.account.id || setter.path.includes(caller.account.id);
}

/**
 * A status action on an account strictly inside the caller's subtree (never the caller itself).
 * DISABLE revokes the account's sessions and its shadows'; FULLY_DISABLE every session of the
 * subtree (shadows included). Read-only needs no revocation: every request re-reads the flags.
 */
export async function changeStatus(m: MemberContext, input: ChangeStatusRequest, kind: TargetKind): Promise<null> {
  assertWriter(m.caller);
  if (kind === 'shadow' && input.action !== 'ACTIVE' && input.action !== 'DISABLE') throw new AppError('STATUS_NOT_APPLICABLE');
  const { column, value } = STATUS_FLAG[input.action];
  const by = SETTER_COLUMN[column];
  await inTransaction(m.db, async (tx) => {
    const target = await reach(tx, m.caller, input.id, kind, true);
    const setterId = target[by];
    const setter = setterId === null ? null : ((await findAccountById(tx as Db, setterId)) ?? null);
    let nextSetter: Pick<AccountRow, 'id' | 'accountNo'> | null;
    if (!value) {
      // Lifting: refused below the level that set it; nothing changes then.
      if (target[column] && !mayLift(m.caller, setter)) throw new AppError('RESTRICTION_SET_ABOVE');
      nextSetter = null;
    } else if (target[column] && !(setter ? setter.path.includes(m.caller.account.id) : isAdmin(m.caller.account))) {
      // Set again at or below the level that holds it: it stays that level's to lift.
      nextSetter = setter;
    } else {
      nextSetter = m.caller.account;
    }
    const [updated] = await tx
      .update(accounts)
      .set({ [column]: value, [by]: nextSetter?.id ?? null })
      .where(eq(accounts.id, target.id))
      .returning();
    const now = m.now();
    if (input.action === 'DISABLE') {
      await tx.execute(sql`
        update sessions set revoked_at = ${now} where revoked_at is null and account_id in
          (select id from accounts where id = ${target.id} or (parent_id = ${target.id} and is_shadow))`);
    } else if (input.action === 'FULLY_DISABLE') {
      await tx.execute(sql`
        update sessions set revoked_at = ${now} where revoked_at is null and account_id in
          (select id from accounts where id = ${target.id} or (site_id = ${target.siteId} and path @> array[${target.id}]::integer[]))`);
    }
    await writeLog(
      tx,
      m,
      target.id,
      input.action,
      { ...flagsOf(target), [by]: target[column] ? (setter?.accountNo ?? null) : null },
      { ...flagsOf(updated!), [by]: nextSetter?.accountNo ?? null },
    );
  });
  return null;
}
