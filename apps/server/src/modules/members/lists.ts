import type { lowerAgentsRequestSchema, playerListRequestSchema, shadowListRequestSchema } from '@agent-bo/shared';
import { basisPointsToRatio, formatMinorUnits, siteTimeZone, type AgentRow, type PlayerRow, type ShadowRow } from '@agent-bo/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { reachAgentOrSelf } from '../../core/access.js';
import type { Caller } from '../../core/caller.js';
import { commonRow, type Page } from './list-rows.js';
import { listAccounts } from './list-statements.js';

/**
 * The three member lists (agents, players, shadows): each reads a page of its kind
 * (list-statements.ts) and maps the rows to its answer, the columns all share (list-rows.ts)
 * and its own.
 */

export async function lowerAgents(db: Db, caller: Caller, input: z.output<typeof lowerAgentsRequestSchema>): Promise<Page<AgentRow>> {
  const tz = siteTimeZone(caller.siteId);
  const { total, rows } = await listAccounts(db, {
    ...input,
    kind: 'agents',
    caller,
    onEmpty: () => reachAgentOrSelf(db, caller, input.parentId),
  });
  return {
    page: input.page,
    pageSize: input.pageSize,
    total,
    list: rows.map((r) => ({
      ...commonRow(r, tz),
      parentId: r.parent_id,
      lvl: r.lvl,
      ratio: basisPointsToRatio(r.ratio),
      balance: formatMinorUnits(r.balance),
      childAgents: r.child_agents,
      childPlayers: r.child_players,
      providers: r.providers,
      betLimits: r.bet_limits,
      permissions: r.permissions,
    })),
  };
}

export async function playerList(db: Db, caller: Caller, input: z.output<typeof playerListRequestSchema>): Promise<Page<PlayerRow>> {
  const tz = siteTimeZone(caller.siteId);
  const { total, rows } = await listAccounts(db, {
    ...input,
    kind: 'players',
    caller,
    onEmpty: () => reachAgentOrSelf(db, caller, input.parentId),
  });
  return {
    page: input.page,
    pageSize: input.pageSize,
    total,
    list: rows.map((r) => ({
      ...commonRow(r, tz),
      parentId: r.parent_id,
      balance: formatMinorUnits(r.balance),
      verifyStatus: r.verify_status,
      registered: r.registered,
      providers: r.providers,
      betLimits: r.bet_limits,
    })),
  };
}

/** The shadows of the caller's working root (a shadow sees its owner's shadows). */
export async function shadowList(db: Db, caller: Caller, input: z.output<typeof shadowListRequestSchema>): Promise<Page<ShadowRow>> {
  const tz = siteTimeZone(caller.siteId);
  const { total, rows } = await listAccounts(db, {
    ...input,
    kind: 'shadows',
    caller,
    sortField: 'createdAt',
    sortOrder: 'desc',
  });
  return {
    page: input.page,
    pageSize: input.pageSize,
    total,
    list: rows.map((r) => ({
      ...commonRow(r, tz),
      permissions: r.permissions,
    })),
  };
}
