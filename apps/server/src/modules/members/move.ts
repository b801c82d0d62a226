import { sql } from 'drizzle-orm';
import type { MoveRequest, UpperAgent } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { assertWriter, reach, reachAgentOrSelf } from '../../core/access.js';
import type { AccountRow } from '../../core/caller.js';
import { lockSubtree } from '../../core/locks.js';
import { writeLog } from '../../core/oplog.js';
import { inTransaction } from '../../core/tx.js';
import { findAccountById } from '../account/index.js';
import type { MemberContext } from './context.js';
import { checkWithinParent } from './limits.js';

/** Moving an account under another upper agent of the caller's subtree, and the chain it may move to. */

/** The ids of `target`'s chain from the caller's working root down to its parent (root first). */
function upperChainIds(m: Pick<MemberContext, 'caller'>, target: AccountRow): number[] {
  const at = target.path.indexOf(m.caller.scopeRootId);
  return at < 0 ? [] : target.path.slice(at);
}

export async function upperAgents(db: Db, m: Pick<MemberContext, 'caller'>, id: number): Promise<UpperAgent[]> {
  if (id === m.caller.scopeRootId || id === m.caller.account.id) return [];
  const target = await reach(db, m.caller, id, 'member');
  const ids = upperChainIds(m, target);
  if (ids.length === 0) return [];
  const rows = await db.execute<{ id: number; account_no: string; nick_name: string; lvl: number }>(
    sql`select id, account_no, nick_name, lvl from accounts where id = any(${sql.param(ids)}::integer[])`,
  );
  const byId = new Map(rows.rows.map((r) => [r.id, r]));
  return ids.map((i) => byId.get(i)!).map((r) => ({ id: r.id, accountNo: r.account_no, nickName: r.nick_name, lvl: r.lvl }));
}

/**
 * Re-parents an agent or player under another agent of its upper chain (from the caller's working
 * root down to its current parent, the parent itself excluded); the subtree moves with it: paths
 * and levels of every descendant in one statement. Ratio, provider and bet-limit rules are checked
 * against the new parent.
 */
export async function move(m: MemberContext, input: MoveRequest): Promise<null> {
  assertWriter(m.caller);
  if (!m.caller.codes.includes('MOVE_USER')) throw new AppError('PERMISSION_DENIED');
  await inTransaction(m.db, async (tx) => {
    // The moved subtree and the new parent, checked within reach, then locked in the one lock order
    // (core/locks.ts) and read again as locked: every row the move writes or checks against.
    await reach(tx, m.caller, input.id, 'member');
    const wanted = await reachAgentOrSelf(tx, m.caller, input.newParentId);
    await lockSubtree(tx, m.caller.siteId, input.id, { also: [wanted.id] });
    const target = await reach(tx, m.caller, input.id, 'member');
    const newParent = await reachAgentOrSelf(tx, m.caller, input.newParentId);
    const chain = upperChainIds(m, target);
    if (!chain.includes(newParent.id) || newParent.id === target.parentId) throw new AppError('MOVE_NOT_ALLOWED');
    if (target.kind === 'AGENT' && target.ratio > newParent.ratio) throw new AppError('RATIO_ABOVE_PARENT');
    await checkWithinParent(tx, newParent, { providers: target.providers, betLimits: target.betLimits });
    const oldParent = (await findAccountById(tx as Db, target.parentId!))!;
    const newPath = [...newParent.path, newParent.id];
    const delta = newParent.lvl + 1 - target.lvl;
    const keep = sql.raw(String(target.path.length + 1));
    await tx.execute(sql`
      update accounts set path = ${sql.param(newPath)}::integer[] || path[${keep}:], lvl = lvl + ${delta}::int,
        parent_id = case when id = ${target.id} then ${newParent.id}::int else parent_id end
      where site_id = ${target.siteId} and (id = ${target.id} or path @> array[${target.id}]::integer[])`);
    await writeLog(
      tx,
      m,
      target.id,
      'MOVE_USER',
      { parentId: oldParent.id, parentAccountNo: oldParent.accountNo, lvl: target.lvl },
      { parentId: newParent.id, parentAccountNo: newParent.accountNo, lvl: target.lvl + delta },
    );
  });
  return null;
}
