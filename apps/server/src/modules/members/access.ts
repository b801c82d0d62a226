import { and, arrayContains, eq, sql } from 'drizzle-orm';
import { type LogActionCode } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { accounts, operationLogs } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { findAccountById, type AccountRow, type Caller } from '../account/service.js';

/** The database or an open transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Q = Db | Tx;

/** What every member operation needs besides its input. */
export interface MemberContext {
  db: Db;
  caller: Caller;
  ip: string;
  /** `scheme://host` of the request, for copy-info and invite URLs. */
  origin: string;
  handoffKey: Buffer;
  now: () => Date;
}

/** Which accounts an endpoint addresses; any other kind is "not found". */
export type TargetKind = 'agent' | 'player' | 'shadow' | 'member';

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
  }
}

/**
 * The account `id` of kind `kind`, strictly inside the caller's working subtree on the caller's
 * site. Outside, another site, nonexistent and the wrong kind are one answer: ACCOUNT_NOT_FOUND.
 */
export async function reach(q: Q, caller: Caller, id: number, kind: TargetKind, forUpdate = false): Promise<AccountRow> {
  const query = q
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.siteId, caller.siteId), arrayContains(accounts.path, [caller.scopeRootId]), kindFilter(kind)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('ACCOUNT_NOT_FOUND');
  return row;
}

/** The caller's working root (itself; a shadow: its owner). */
export async function scopeRoot(q: Q, caller: Caller): Promise<AccountRow> {
  if (caller.scopeRootId === caller.account.id) return caller.account;
  const row = await findAccountById(q as Db, caller.scopeRootId);
  if (!row) throw new AppError('ACCOUNT_NOT_FOUND');
  return row;
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
  if (caller.account.isShadow || caller.isDisabled || caller.isFullDisabled || caller.isFullReadonly) {
    throw new AppError('CALLER_READ_ONLY');
  }
}

/** Appends one operation-log row. */
export async function writeLog(
  q: Q,
  m: Pick<MemberContext, 'caller' | 'ip'> | { siteId: string; operatorId: number | null; ip: string },
  targetId: number,
  action: LogActionCode,
  before: unknown,
  after: unknown,
): Promise<void> {
  const siteId = 'caller' in m ? m.caller.siteId : m.siteId;
  const operatorId = 'caller' in m ? m.caller.account.id : m.operatorId;
  await q.insert(operationLogs).values({ siteId, operatorId, targetId, action, before: before ?? null, after: after ?? null, ip: m.ip });
}

/** Maps a unique violation on the account-number index to ACCOUNT_NO_TAKEN. */
export function mapUniqueViolation(err: unknown): never {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgErr = e.code ? e : e.cause;
  if (pgErr?.code === '23505' && pgErr.constraint === 'accounts_site_account_no_uq') throw new AppError('ACCOUNT_NO_TAKEN');
  throw err;
}
