import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SiteId } from '@agent-bo/shared';
import type { Db } from '../db/client.js';
import { accounts, sessions } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import { hashToken } from '../lib/tokens.js';
import { ownRolesSql, resolveWithAncestors, roleCodesSql, type Caller, type ChainNode, type OwnRoles } from './caller.js';

// Resolving a bearer token to its caller is cross-cutting: the auth plugin does it for every
// guarded route, and the error-log report does it for a token that may or may not be valid.

/**
 * The caller behind a bearer token on `siteId`. Unknown, expired, revoked, other-site tokens and
 * accounts that may no longer sign in (disabled, fully disabled by an ancestor) are UNAUTHORIZED,
 * so the client signs the user out.
 */
function authQuery(db: Db) {
  // One round trip: the live session, its account with its roles, and the account's ancestors with
  // their role codes (chain rules). Nothing is cached: a role edit counts from the next request.
  return db
    .select({
      sessionId: sessions.id,
      sessionSiteId: sessions.siteId,
      account: accounts,
      ancestors: sql<ChainNode[]>`(
        select coalesce(json_agg(json_build_object(
          'id', p.id, 'parentId', p.parent_id, 'isShadow', p.is_shadow, 'lvl', p.lvl, 'kind', p.kind, 'permissions', p.permissions,
          'isDisabled', p.is_disabled, 'isFullDisabled', p.is_full_disabled, 'isFullReadonly', p.is_full_readonly,
          'roleCodes', ${roleCodesSql(sql`p.id`, sql`p.site_id`)})), '[]'::json)
        from accounts p where p.id = any(${accounts.path}))`,
      ownRoles: sql<OwnRoles['roles']>`${ownRolesSql(sql`${accounts.id}`, sql`${accounts.siteId}`)}`,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .prepare('auth_session');
}

/** A named prepared statement per database handle: parsed and planned once per connection. */
const authQueries = new WeakMap<Db, ReturnType<typeof authQuery>>();

export async function authenticate(db: Db, token: string, siteId: SiteId): Promise<Caller> {
  let query = authQueries.get(db);
  if (!query) {
    query = authQuery(db);
    authQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash: hashToken(token), now: new Date().toISOString() });
  if (!row || row.sessionSiteId !== siteId) throw new AppError('UNAUTHORIZED');
  const { account } = row;
  if (account.kind !== 'AGENT' || account.siteId !== siteId) throw new AppError('UNAUTHORIZED');
  const resolved = resolveWithAncestors(account, row.ancestors, { roles: row.ownRoles });
  if (resolved.isDisabled || resolved.isFullDisabled) throw new AppError('UNAUTHORIZED');
  return { ...resolved, sessionId: row.sessionId, siteId };
}
