import { randomBytes } from 'node:crypto';
import {
  PERMISSION_CODES,
  SITES,
  basisPointsToRatio,
  ratioToBasisPoints,
  type AgentCreateRequest,
  type CopyInfo,
  type PlayerCreateRequest,
} from '@agent-bo/shared';
import type { z } from 'zod';
import type { shadowCreateRequestSchema } from '@agent-bo/shared';
import { accounts } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import { assertPasswordAllowed } from '../../lib/password-policy.js';
import { assertWriter, reachAgentOrSelf, scopeRoot } from '../../core/access.js';
import { resolveAccount, type AccountRow } from '../../core/caller.js';
import { writeLog } from '../../core/oplog.js';
import { inTransaction } from '../../core/tx.js';
import { mapUniqueViolation, type MemberContext } from './context.js';
import { copyInfoOf, isAccountNoFree, issueHandoff } from './credentials.js';
import { assertHeld, assertPermissionWriter } from './grants.js';
import { checkWithinParent, uniq } from './limits.js';

/** Opening accounts: agents and players under an agent of the caller's subtree, shadows under the caller's owner. */

const siteMode = (siteId: string) => SITES.find((s) => s.id === siteId)?.mode ?? 'default';

interface NewAccount {
  kind: 'AGENT' | 'PLAYER';
  isShadow: boolean;
  parent: AccountRow;
  accountNo: string;
  nickName: string;
  password: string;
  ratio: number;
  providers: string[];
  betLimits: string[];
  permissions: string[];
}

/** Inserts the account, its hand-off and its logs in one transaction; a taken accountNo is ACCOUNT_NO_TAKEN. */
async function insertAccount(m: MemberContext, n: NewAccount): Promise<AccountRow> {
  assertPasswordAllowed(n.password, n);
  const passwordHash = await hashPassword(n.password);
  try {
    return await inTransaction(m.db, async (tx) => {
      if (!(await isAccountNoFree(tx, m.caller.siteId, n.accountNo))) throw new AppError('ACCOUNT_NO_TAKEN');
      const [row] = await tx
        .insert(accounts)
        .values({
          siteId: m.caller.siteId,
          kind: n.kind,
          isShadow: n.isShadow,
          parentId: n.parent.id,
          lvl: n.isShadow ? n.parent.lvl : n.parent.lvl + 1,
          path: [...n.parent.path, n.parent.id],
          accountNo: n.accountNo,
          nickName: n.nickName,
          passwordHash,
          ratio: n.ratio,
          permissions: n.permissions,
          providers: n.providers,
          betLimits: n.betLimits,
          inviteCode: n.kind === 'AGENT' && !n.isShadow ? randomBytes(9).toString('base64url') : null,
          verifyStatus: 'VERIFIED',
          createdBy: m.caller.account.id,
        })
        .returning();
      const created = row!;
      const action = n.isShadow ? 'SHADOW_CREATE' : n.kind === 'AGENT' ? 'AGENT_CREATE' : 'PLAYER_CREATE';
      await writeLog(tx, m, created.id, action, null, {
        accountNo: created.accountNo,
        nickName: created.nickName,
        parentId: n.parent.id,
        parentAccountNo: n.parent.accountNo,
        lvl: created.lvl,
        ...(n.kind === 'AGENT' && !n.isShadow ? { ratio: basisPointsToRatio(created.ratio) } : {}),
        ...(n.isShadow ? { permissions: created.permissions } : { providers: created.providers, betLimits: created.betLimits }),
      });
      if (n.kind === 'AGENT' && !n.isShadow) {
        await writeLog(tx, m, created.id, 'RATIO_LOG', { ratio: null }, { ratio: basisPointsToRatio(created.ratio) });
      }
      // Cabinet sites: a player is a machine placed with the agent; the placement is logged as CABINET.
      if (n.kind === 'PLAYER' && siteMode(m.caller.siteId) === 'cabinet') {
        await writeLog(tx, m, created.id, 'CABINET', null, { bound: true, agentId: n.parent.id, agentAccountNo: n.parent.accountNo });
      }
      await issueHandoff(tx, m, created.id, n.password);
      return created;
    });
  } catch (err) {
    mapUniqueViolation(err);
  }
}

export async function createAgent(m: MemberContext, input: AgentCreateRequest): Promise<CopyInfo> {
  assertWriter(m.caller);
  const parent = await reachAgentOrSelf(m.db, m.caller, input.parentId);
  const ratio = ratioToBasisPoints(input.ratio);
  if (ratio > parent.ratio) throw new AppError('RATIO_ABOVE_PARENT');
  const provs = uniq(input.providers);
  const limits = uniq(input.betLimits);
  await checkWithinParent(m.db, parent, { providers: provs, betLimits: limits });
  // A new agent may look at what its parent may look at; write codes are granted afterwards.
  const parentCodes = (await resolveAccount(m.db, parent)).codes;
  const created = await insertAccount(m, {
    kind: 'AGENT',
    isShadow: false,
    parent,
    accountNo: input.accountNo,
    nickName: input.nickName,
    password: input.password,
    ratio,
    providers: provs,
    betLimits: limits,
    permissions: parentCodes.filter((c) => c.endsWith('_READ')),
  });
  return copyInfoOf(m, created, input.password);
}

export async function createPlayer(m: MemberContext, input: PlayerCreateRequest): Promise<CopyInfo> {
  assertWriter(m.caller);
  const parent = await reachAgentOrSelf(m.db, m.caller, input.parentId);
  const provs = uniq(input.providers);
  const limits = uniq(input.betLimits);
  await checkWithinParent(m.db, parent, { providers: provs, betLimits: limits });
  const created = await insertAccount(m, {
    kind: 'PLAYER',
    isShadow: false,
    parent,
    accountNo: input.accountNo,
    nickName: input.nickName,
    password: input.password,
    ratio: 0,
    providers: provs,
    betLimits: limits,
    permissions: [],
  });
  return copyInfoOf(m, created, input.password);
}

export async function createShadow(m: MemberContext, input: z.output<typeof shadowCreateRequestSchema>): Promise<CopyInfo> {
  assertWriter(m.caller);
  const permissions = PERMISSION_CODES.filter((c) => input.permissions.includes(c));
  if (permissions.length > 0) assertPermissionWriter(m);
  assertHeld(m, permissions);
  const owner = await scopeRoot(m.db, m.caller);
  const created = await insertAccount(m, {
    kind: 'AGENT',
    isShadow: true,
    parent: owner,
    accountNo: input.accountNo,
    nickName: input.nickName,
    password: input.password,
    ratio: 0,
    providers: [],
    betLimits: [],
    permissions,
  });
  return copyInfoOf(m, created, input.password);
}
