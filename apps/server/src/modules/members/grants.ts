import { eq } from 'drizzle-orm';
import { PERMISSION_CODES, type PermissionGrantRequest } from '@agent-bo/shared';
import { accounts } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { assertWriter, reach } from '../../core/access.js';
import { writeLog } from '../../core/oplog.js';
import { inTransaction } from '../../core/tx.js';
import type { MemberContext } from './context.js';

/** Permission codes granted to an agent or a shadow: only by a permission writer, and only codes it holds. */

/**
 * Permission management needs ROLE_PERMISSION_WRITE (spec §6); granting codes to a new shadow is
 * permission management too. Checked after `assertWriter`, as MOVE_USER is, so a read-only caller
 * still answers CALLER_READ_ONLY.
 */
export function assertPermissionWriter(m: MemberContext): void {
  if (!m.caller.codes.includes('ROLE_PERMISSION_WRITE')) throw new AppError('PERMISSION_DENIED');
}

export function assertHeld(m: MemberContext, codes: readonly string[]): void {
  const held = new Set<string>(m.caller.codes);
  if (codes.some((c) => !held.has(c))) throw new AppError('PERMISSION_NOT_HELD');
}

export async function changePermissions(m: MemberContext, input: PermissionGrantRequest, kind: 'agent' | 'shadow'): Promise<null> {
  assertWriter(m.caller);
  assertPermissionWriter(m);
  const permissions = PERMISSION_CODES.filter((c) => input.permissions.includes(c));
  assertHeld(m, permissions);
  await inTransaction(m.db, async (tx) => {
    const target = await reach(tx, m.caller, input.id, kind, true);
    await tx.update(accounts).set({ permissions }).where(eq(accounts.id, target.id));
    await writeLog(tx, m, target.id, 'OPERATION', { permissions: target.permissions }, { permissions });
  });
  return null;
}
