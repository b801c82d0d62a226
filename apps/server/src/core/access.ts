import { and, arrayContains, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { isPooled } from '../db/named.js';
import { accounts } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { AccountRow, Caller } from './caller.js';
import type { Q } from './tx.js';

/**
 * The access rules every module applies to a caller (ARCHITECTURE.md convention 6): the subtree
 * check on an id the caller names, and who may write. Permission codes are checked by the
 * `requirePermission` preHandler; these are the rules a service applies itself.
 */

/** Which accounts an endpoint addresses; any other kind is "not found". */
export type TargetKind = 'agent' | 'player' | 'shadow' | 'member' | 'any';

function kindFilter(kind: TargetKind) {
  switch (kind) {
    case 'agent':
      return sql`${accounts.kind} = 'AGENT' and not ${accounts.isShadow}`;
    case 'player':
      return sql`${accounts.kind} = 'PLAYER'`;
    case 'shadow':
      return sql`${accounts.isShadow}`;
    case 'member':
      return sql`not ${accounts.isShadow}`;
    case 'any':
      return sql`true`;
  }
}

/**
 * The account `id` of kind `kind`, strictly inside the caller's working subtree on the caller's
 * site. Outside, another site, nonexistent and the wrong kind are one answer: ACCOUNT_NOT_FOUND.
 *
 * With `forUpdate`, the row is locked FOR NO KEY UPDATE (no write changes an account's id): enough
 * against concurrent writes of the row, and foreign-key checks on it (FOR KEY SHARE) still pass.
 */
export async function reach(q: Q, caller: Caller, id: number, kind: TargetKind, forUpdate = false): Promise<AccountRow> {
  let row: AccountRow | undefined;
  if (!forUpdate && isPooled(q)) {
    [row] = await preparedReads(q as Db).reach[kind].execute({ id, siteId: caller.siteId, root: [caller.scopeRootId] });
  } else {
    const query = q
      .select()
      .from(accounts)
      .where(
        and(eq(accounts.id, id), eq(accounts.siteId, caller.siteId), arrayContains(accounts.path, [caller.scopeRootId]), kindFilter(kind)),
      );
    [row] = forUpdate ? await query.for('no key update') : await query;
  }
  if (!row) throw new AppError('ACCOUNT_NOT_FOUND');
  return row;
}

/**
 * Whether the caller works on the whole site: its working root is the site's root (the admin, or
 * a shadow of the admin). Then "the root or strictly inside it" is every account of the site and
 * every bet's chain, so a read may say `site_id = …` alone — a test whose plan does not depend on
 * the root, where the subtree test through the GIN index does.
 */
export function isSiteScope(caller: Caller): boolean {
  const { account } = caller;
  return account.isShadow ? account.path.length === 1 : account.parentId === null && account.path.length === 0;
}

/** The caller's working root (itself; a shadow: its owner). */
export async function scopeRoot(q: Q, caller: Caller): Promise<AccountRow> {
  if (caller.scopeRootId === caller.account.id) return caller.account;
  const [row] = isPooled(q)
    ? await preparedReads(q as Db).byId.execute({ id: caller.scopeRootId })
    : await q.select().from(accounts).where(eq(accounts.id, caller.scopeRootId));
  if (!row) throw new AppError('ACCOUNT_NOT_FOUND');
  return row;
}

/**
 * The reads above as named prepared statements of the pooled database (every list and report
 * request runs one): planned once per connection. The plan is the primary key's whatever the
 * values, so the generic plan is the right one.
 */
function prepareReads(db: Db) {
  const reachOf = (kind: TargetKind) =>
    db
      .select()
      .from(accounts)
      .where(
        and(
          eq(accounts.id, sql.placeholder('id')),
          eq(accounts.siteId, sql.placeholder('siteId')),
          arrayContains(accounts.path, sql.placeholder('root')),
          kindFilter(kind),
        ),
      )
      .prepare(`reach_${kind}`);
  return {
    reach: {
      agent: reachOf('agent'),
      player: reachOf('player'),
      shadow: reachOf('shadow'),
      member: reachOf('member'),
      any: reachOf('any'),
    },
    byId: db
      .select()
      .from(accounts)
      .where(eq(accounts.id, sql.placeholder('id')))
      .prepare('account_by_id'),
  };
}
const readsByDb = new WeakMap<Db, ReturnType<typeof prepareReads>>();
function preparedReads(db: Db): ReturnType<typeof prepareReads> {
  let reads = readsByDb.get(db);
  if (!reads) readsByDb.set(db, (reads = prepareReads(db)));
  return reads;
}

/** An agent that may be a parent: the caller's working root, or an agent strictly inside it. */
export async function reachAgentOrSelf(q: Q, caller: Caller, id: number | undefined, forUpdate = false): Promise<AccountRow> {
  if (id === undefined || id === caller.scopeRootId) return scopeRoot(q, caller);
  return reach(q, caller, id, 'agent', forUpdate);
}

/**
 * Writes are refused for a shadow and for a caller that is disabled, fully disabled or fully
 * read-only, own or inherited (the last two cannot even authenticate, but the rule stands on its own).
 */
export function assertWriter(caller: Caller): void {
  if (!isWriter(caller)) throw new AppError('CALLER_READ_ONLY');
}

/** The rule of `assertWriter` as a question: may this caller write at all? */
export function isWriter(caller: Caller): boolean {
  return !(caller.account.isShadow || caller.isDisabled || caller.isFullDisabled || caller.isFullReadonly);
}
