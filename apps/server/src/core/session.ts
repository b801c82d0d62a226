import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SiteId } from '@agent-bo/shared';
import type { Db } from '../db/client.js';
import { accounts, sessions } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import { hashToken } from '../lib/tokens.js';
import { resolveWithAncestors, type Caller, type ChainNode } from './caller.js';
import type { SessionCache } from './session-cache.js';

// Resolving a bearer token to its caller is cross-cutting: the auth plugin does it for every
// guarded route, and the error-log report does it for a token that may or may not be valid.

/**
 * The caller behind a bearer token on `siteId`. A token that signs nothing in is refused with a
 * 401 that says why, so the client signs the user out with a reason: SESSION_EXPIRED (its time
 * ran out), SESSION_ENDED (revoked: signed out, or the password was changed or reset),
 * SESSION_ACCOUNT_DISABLED (the account, or an ancestor, may no longer sign in), and
 * UNAUTHORIZED for a token that was never a session of this site.
 */
function authSelect(db: Db) {
  // One round trip: the live session, its account and the account's ancestors (chain rules), each
  // with `role_codes`, which the role tables' triggers keep in the transaction of every role
  // change: nothing is cached, a role edit counts from the next request.
  return db
    .select({
      sessionId: sessions.id,
      sessionSiteId: sessions.siteId,
      expiresAt: sessions.expiresAt,
      step: sessions.step,
      lastSeenAt: sessions.lastSeenAt,
      account: accounts,
      ownCidrs: sql<string[] | null>`(select l.cidrs from account_address_lists l where l.account_id = ${accounts.id})`,
      ancestors: sql<(ChainNode & { cidrs: string[] | null })[]>`(
        select coalesce(json_agg(json_build_object(
          'id', p.id, 'parentId', p.parent_id, 'isShadow', p.is_shadow, 'lvl', p.lvl, 'kind', p.kind, 'permissions', p.permissions,
          'isDisabled', p.is_disabled, 'isFullDisabled', p.is_full_disabled, 'isFullReadonly', p.is_full_readonly,
          'roleCodes', p.role_codes,
          'cidrs', (select l.cidrs from account_address_lists l where l.account_id = p.id))), '[]'::json)
        from accounts p where p.id = any(${accounts.path}))`,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))),
    );
}

const authQuery = (db: Db) => authSelect(db).prepare('auth_session');

/**
 * The auth statement's text and its parameters' order (`tokenHash`, `now`): bench/auth.mjs runs
 * the very same SQL through `pg` to compare a request with its floor.
 */
export function authStatement(db: Db): { text: string; params: string[] } {
  const { sql: text, params } = authSelect(db).toSQL();
  return { text, params: params.map((p) => (p as { name?: string }).name ?? String(p)) };
}

/** A named prepared statement per database handle: parsed and planned once per connection. */
const authQueries = new WeakMap<Db, ReturnType<typeof authQuery>>();

/**
 * With `cache`, a caller resolved earlier is answered from it (core/session-cache.ts says why that
 * is never stale), and a caller resolved now is kept. A refusal is never kept.
 */
export async function authenticate(db: Db, token: string, siteId: SiteId, cache?: SessionCache): Promise<Caller> {
  const tokenHash = hashToken(token);
  const now = new Date();
  const kept = cache?.get(tokenHash, siteId, now);
  if (kept) return kept;
  const mark = cache?.mark() ?? 0;
  let query = authQueries.get(db);
  if (!query) {
    query = authQuery(db);
    authQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash, now: now.toISOString() });
  if (!row) throw new AppError(await whyNoSession(db, tokenHash, siteId, now));
  if (row.sessionSiteId !== siteId) throw new AppError('UNAUTHORIZED');
  const { account } = row;
  if (account.kind !== 'AGENT' || account.siteId !== siteId) throw new AppError('UNAUTHORIZED');
  const resolved = resolveWithAncestors(account, row.ancestors);
  if (resolved.isDisabled || resolved.isFullDisabled) throw new AppError('SESSION_ACCOUNT_DISABLED');
  const addressLists = [row.ownCidrs, ...row.ancestors.map((node) => node.cidrs)].filter((list): list is string[] => list !== null);
  const caller: Caller = {
    ...resolved,
    sessionId: row.sessionId,
    siteId,
    sessionStep: row.step,
    sessionSeenAt: row.lastSeenAt,
    addressLists,
  };
  cache?.set(tokenHash, caller, row.expiresAt, mark);
  return caller;
}

/**
 * Why a token has no live session: read only on a refusal (one more lookup by the unique token
 * hash), so a signed-in request still costs one statement.
 */
async function whyNoSession(
  db: Db,
  tokenHash: string,
  siteId: SiteId,
  now: Date,
): Promise<'SESSION_EXPIRED' | 'SESSION_ENDED' | 'UNAUTHORIZED'> {
  const [session] = await db
    .select({ siteId: sessions.siteId, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash));
  if (!session || session.siteId !== siteId) return 'UNAUTHORIZED';
  if (session.revokedAt) return 'SESSION_ENDED';
  return session.expiresAt <= now ? 'SESSION_EXPIRED' : 'UNAUTHORIZED';
}
