import { sql } from 'drizzle-orm';
import { formatMinorUnits, siteTimeZone, type DashboardOverview } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { formatDateTime } from '../../lib/dates.js';
import type { Caller } from '../../core/caller.js';
import { previousSignin } from '../auth/index.js';

/**
 * The caller's own figures. A shadow sees its owner's balance and tree (it works for the owner).
 * Shadows are staff logins, not agents: they are not counted. `lastLogin*` is the sign-in before
 * the current session.
 */
export async function overview(db: Db, caller: Caller): Promise<DashboardOverview> {
  const root = caller.scopeRootId;
  const result = await db.execute<{
    balance: string;
    direct_agents: number;
    direct_players: number;
    subtree_agents: number;
    subtree_players: number;
  }>(sql`
    select
      (select balance::text from accounts where id = ${root}) as balance,
      count(*) filter (where kind = 'AGENT' and not is_shadow and parent_id = ${root})::int as direct_agents,
      count(*) filter (where kind = 'PLAYER' and parent_id = ${root})::int as direct_players,
      count(*) filter (where kind = 'AGENT' and not is_shadow)::int as subtree_agents,
      count(*) filter (where kind = 'PLAYER')::int as subtree_players
    from accounts
    where site_id = ${caller.siteId} and path @> array[${root}]::integer[]`);
  const row = result.rows[0];
  const previous = await previousSignin(db, caller);
  return {
    accountNo: caller.account.accountNo,
    nickName: caller.account.nickName,
    lvl: caller.account.lvl,
    isShadow: caller.account.isShadow,
    balance: formatMinorUnits(row?.balance ?? '0'),
    directAgents: row?.direct_agents ?? 0,
    directPlayers: row?.direct_players ?? 0,
    subtreeAgents: row?.subtree_agents ?? 0,
    subtreePlayers: row?.subtree_players ?? 0,
    lastLoginAt: previous ? formatDateTime(previous.at, siteTimeZone(caller.siteId)) : null,
    lastLoginIp: previous?.ip ?? null,
  };
}
