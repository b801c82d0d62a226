import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  PERMISSION_CODES,
  SITES,
  basisPointsToRatio,
  formatMinorUnits,
  ratioToBasisPoints,
  siteTimeZone,
  type AgentChangeInfoRequest,
  type AgentCreateRequest,
  type BetLimitPreset,
  type ChangeStatusRequest,
  type CopyInfo,
  type MoveRequest,
  type OwnChangeInfoRequest,
  type PermissionGrantRequest,
  type PlayerChangeInfoRequest,
  type PlayerCreateRequest,
  type ProviderOption,
  type StatusAction,
  type UpperAgent,
  type VerifyRequest,
} from '@agent-bo/shared';
import type { z } from 'zod';
import type { AgentLimits, shadowCreateRequestSchema, verificationSchema } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import {
  accounts,
  betLimitPresets,
  passwordHandoffs,
  providerMerchants,
  providers,
  sessions,
  siteProviders,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { formatDateTime } from '../../lib/dates.js';
import { openSecret, sealSecret } from '../../lib/handoff.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { assertPasswordAllowed, isCommonPassword } from '../../lib/password-policy.js';
import { assertWriter, isWriter, reach, reachAgentOrSelf, scopeRoot, type TargetKind } from '../../core/access.js';
import { isAdmin, resolveAccount, type AccountRow, type Caller } from '../../core/caller.js';
import { lockSubtree } from '../../core/locks.js';
import { writeLog } from '../../core/oplog.js';
import { inTransaction, type Q } from '../../core/tx.js';
import { findAccountById } from '../account/index.js';
import { mapUniqueViolation, type MemberContext } from './context.js';

export const HANDOFF_TTL_MS = 24 * 60 * 60 * 1000;

// ---- catalogue: providers and bet limits ---------------------------------------------------

export async function siteProviderCodes(q: Q, siteId: string): Promise<string[]> {
  const rows = await q
    .select({ code: siteProviders.providerCode })
    .from(siteProviders)
    .where(eq(siteProviders.siteId, siteId))
    .orderBy(siteProviders.providerCode);
  return rows.map((r) => r.code);
}

export async function sitePresetCodes(q: Q, siteId: string): Promise<string[]> {
  const rows = await q
    .select({ code: betLimitPresets.code })
    .from(betLimitPresets)
    .where(eq(betLimitPresets.siteId, siteId))
    .orderBy(betLimitPresets.sort);
  return rows.map((r) => r.code);
}

/** What `account` holds: the admin every provider / preset of its site; anyone else its own set (within the site's). */
async function heldSets(q: Q, account: AccountRow): Promise<{ providers: string[]; betLimits: string[] }> {
  const [siteP, siteB] = await Promise.all([siteProviderCodes(q, account.siteId), sitePresetCodes(q, account.siteId)]);
  if (isAdmin(account)) return { providers: siteP, betLimits: siteB };
  return { providers: siteP.filter((c) => account.providers.includes(c)), betLimits: siteB.filter((c) => account.betLimits.includes(c)) };
}

const uniq = (list: readonly string[]) => [...new Set(list)];

/** Providers and bet limits of a child of `parent` must lie within the parent's. */
async function checkWithinParent(q: Q, parent: AccountRow, input: { providers?: string[]; betLimits?: string[] }): Promise<void> {
  const held = await heldSets(q, parent);
  if (input.providers?.some((c) => !held.providers.includes(c))) throw new AppError('PROVIDER_NOT_ALLOWED');
  if (input.betLimits?.some((c) => !held.betLimits.includes(c))) throw new AppError('BET_LIMIT_NOT_ALLOWED');
}

export async function providerOptions(db: Db, m: Pick<MemberContext, 'caller'>, id: number): Promise<ProviderOption[]> {
  const { caller } = m;
  const own = id === caller.scopeRootId;
  const account = own ? await scopeRoot(db, caller) : await reach(db, caller, id, 'member');
  const ownHeld = await heldSets(db, account);
  let options: string[];
  if (own) options = ownHeld.providers;
  else {
    const parent = await findAccountById(db, account.parentId!);
    options = (await heldSets(db, parent!)).providers;
  }
  // The status is the site's own (its merchant account at the provider).
  const catalogue = await db
    .select({ code: providers.code, name: providers.name, status: providerMerchants.status })
    .from(providers)
    .innerJoin(providerMerchants, and(eq(providerMerchants.providerCode, providers.code), eq(providerMerchants.siteId, account.siteId)));
  const byCode = new Map(catalogue.map((p) => [p.code, p]));
  return options.map((code) => ({
    code,
    name: byCode.get(code)?.name ?? code,
    status: byCode.get(code)?.status ?? 'ACTIVE',
    enabled: ownHeld.providers.includes(code),
  }));
}

/**
 * What an agent holds and so bounds accounts created under it: its ratio, providers and
 * bet-limit presets. The caller's own id (a shadow: its owner's) is allowed, as the create
 * wizard needs its own bounds at its own level.
 */
export async function agentLimits(db: Db, m: Pick<MemberContext, 'caller'>, id: number): Promise<AgentLimits> {
  const account = id === m.caller.scopeRootId ? await scopeRoot(db, m.caller) : await reach(db, m.caller, id, 'agent');
  const held = await heldSets(db, account);
  return { ratio: basisPointsToRatio(account.ratio), providers: held.providers, betLimits: held.betLimits };
}

export async function betLimits(db: Db, siteId: string): Promise<BetLimitPreset[]> {
  const rows = await db
    .select()
    .from(betLimitPresets)
    .where(eq(betLimitPresets.siteId, siteId))
    .orderBy(betLimitPresets.sort, betLimitPresets.code);
  return rows.map((r) => ({ code: r.code, name: r.name, min: formatMinorUnits(r.min), max: formatMinorUnits(r.max) }));
}

// ---- account numbers -----------------------------------------------------------------------

export async function isAccountNoFree(q: Q, siteId: string, accountNo: string): Promise<boolean> {
  const [row] = await q
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.siteId, siteId), sql`lower(${accounts.accountNo}) = lower(${accountNo})`));
  return !row;
}

/** A free account number: `ag` / `pl` + 8 random digits. */
export async function suggestAccountNo(db: Db, siteId: string, prefix: 'ag' | 'pl'): Promise<string> {
  for (;;) {
    const candidate = `${prefix}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    if (await isAccountNoFree(db, siteId, candidate)) return candidate;
  }
}

// ---- password hand-off ---------------------------------------------------------------------

const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/**
 * A random password meeting the password rule: 10 characters, letters and at least two digits
 * (about 57 bits), never one of the common passwords the policy refuses.
 */
export function generatePassword(): string {
  for (;;) {
    const chars = Array.from({ length: 8 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]);
    chars.splice(randomInt(9), 0, DIGITS[randomInt(DIGITS.length)]!);
    chars.splice(randomInt(10), 0, DIGITS[randomInt(DIGITS.length)]!);
    const password = chars.join('');
    if (!isCommonPassword(password)) return password;
  }
}

/** Issues a new hand-off for `accountId` (earlier ones are closed). */
async function issueHandoff(q: Q, m: Pick<MemberContext, 'handoffKey' | 'now'>, accountId: number, password: string): Promise<void> {
  const now = m.now();
  await q
    .update(passwordHandoffs)
    .set({ usedAt: now })
    .where(and(eq(passwordHandoffs.accountId, accountId), isNull(passwordHandoffs.usedAt)));
  await q.insert(passwordHandoffs).values({
    accountId,
    ciphertext: sealSecret(m.handoffKey, password),
    expiresAt: new Date(now.getTime() + HANDOFF_TTL_MS),
    createdAt: now,
  });
}

/** The hand-off (its id and password) while unexpired, unused and the account has not signed in since; else null. */
async function readHandoff(
  q: Q,
  m: Pick<MemberContext, 'handoffKey' | 'now'>,
  account: AccountRow,
): Promise<{ id: number; pwd: string } | null> {
  const [row] = await q
    .select()
    .from(passwordHandoffs)
    .where(and(eq(passwordHandoffs.accountId, account.id), isNull(passwordHandoffs.usedAt), gt(passwordHandoffs.expiresAt, m.now())))
    .orderBy(desc(passwordHandoffs.id))
    .limit(1);
  if (!row) return null;
  if (account.lastLoginAt && account.lastLoginAt >= row.createdAt) return null;
  const pwd = openSecret(m.handoffKey, row.ciphertext);
  return pwd === null ? null : { id: row.id, pwd };
}

/**
 * Where the account signs in: an agent at this back office's sign-in page, a player in the site's
 * game client (CLIENT_SITE_URLS); '' when the site's client is not configured, rather than the
 * back office's address, where a player cannot sign in.
 */
function accountUrl(m: Pick<MemberContext, 'origin' | 'clientUrl'>, account: AccountRow): string {
  return account.kind === 'PLAYER' ? (m.clientUrl ?? '') : `${m.origin}/login`;
}

function copyInfoOf(
  m: Pick<MemberContext, 'origin' | 'clientUrl'>,
  account: AccountRow,
  pwd: string | null,
  pwdWithheld = false,
): CopyInfo {
  return { url: accountUrl(m, account), nickName: account.nickName, accountNo: account.accountNo, pwd, pwdWithheld };
}

/**
 * Copy info of an account in reach. The hand-off password goes only to a caller who may write
 * to the account (never a shadow or a restricted caller: with the password it could sign in as
 * the account and write), and every reveal is logged (OPERATION, the hand-off's id, never the
 * password) before it is answered.
 */
export async function copyInfo(m: MemberContext, id: number, kind: TargetKind): Promise<CopyInfo> {
  const account = await reach(m.db, m.caller, id, kind);
  if (!isWriter(m.caller)) return copyInfoOf(m, account, null, true);
  const handoff = await readHandoff(m.db, m, account);
  if (!handoff) return copyInfoOf(m, account, null);
  await writeLog(m.db, m, account.id, 'OPERATION', null, { handoffRevealed: handoff.id });
  return copyInfoOf(m, account, handoff.pwd);
}

/** Sets a new random password, hands it off once and revokes the account's sessions. */
export async function resetPassword(m: MemberContext, id: number, kind: TargetKind): Promise<CopyInfo> {
  assertWriter(m.caller);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const account = await inTransaction(m.db, async (tx) => {
    const target = await reach(tx, m.caller, id, kind, true);
    await tx.update(accounts).set({ passwordHash }).where(eq(accounts.id, target.id));
    await tx
      .update(sessions)
      .set({ revokedAt: m.now() })
      .where(and(eq(sessions.accountId, target.id), isNull(sessions.revokedAt)));
    await issueHandoff(tx, m, target.id, password);
    await writeLog(tx, m, target.id, 'PWD_CHANGE', null, { reset: true });
    return target;
  });
  return copyInfoOf(m, account, password);
}

export async function inviteUrl(m: MemberContext, id: number): Promise<{ url: string }> {
  const account = id === m.caller.scopeRootId ? await scopeRoot(m.db, m.caller) : await reach(m.db, m.caller, id, 'agent');
  let code = account.inviteCode;
  if (!code) {
    code = randomBytes(9).toString('base64url');
    await inTransaction(m.db, async (tx) => {
      await tx
        .update(accounts)
        .set({ inviteCode: code })
        .where(and(eq(accounts.id, account.id), isNull(accounts.inviteCode)));
      await writeLog(tx, m, account.id, 'OPERATION', { inviteCode: null }, { inviteCode: code });
    });
    // A concurrent call may have set one first: answer with what is stored.
    code = (await findAccountById(m.db, account.id))?.inviteCode ?? code;
  }
  return { url: `${m.origin}/register?invite=${encodeURIComponent(code)}` };
}

// ---- create --------------------------------------------------------------------------------

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

/**
 * Permission management needs ROLE_PERMISSION_WRITE (spec §6); granting codes to a new shadow is
 * permission management too. Checked after `assertWriter`, as MOVE_USER is, so a read-only caller
 * still answers CALLER_READ_ONLY.
 */
function assertPermissionWriter(m: MemberContext): void {
  if (!m.caller.codes.includes('ROLE_PERMISSION_WRITE')) throw new AppError('PERMISSION_DENIED');
}

function assertHeld(m: MemberContext, codes: readonly string[]): void {
  const held = new Set<string>(m.caller.codes);
  if (codes.some((c) => !held.has(c))) throw new AppError('PERMISSION_NOT_HELD');
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

// ---- edit ----------------------------------------------------------------------------------

/**
 * Narrowing an account's providers / bet limits removes the dropped codes from every account
 * below it in the same transaction, so "a child's set within its parent's" keeps holding.
 */
async function cascadeNarrowing(tx: Q, account: AccountRow, set: { providers?: string[]; betLimits?: string[] }): Promise<number> {
  let touched = 0;
  if (set.providers) {
    const r = await tx.execute(sql`
      update accounts set providers = array(select p from unnest(providers) p where p = any(${sql.param(set.providers)}::text[]))
      where site_id = ${account.siteId} and path @> array[${account.id}]::integer[] and not (providers <@ ${sql.param(set.providers)}::text[])`);
    touched += r.rowCount ?? 0;
  }
  if (set.betLimits) {
    const r = await tx.execute(sql`
      update accounts set bet_limits = array(select b from unnest(bet_limits) b where b = any(${sql.param(set.betLimits)}::text[]))
      where site_id = ${account.siteId} and path @> array[${account.id}]::integer[] and not (bet_limits <@ ${sql.param(set.betLimits)}::text[])`);
    touched += r.rowCount ?? 0;
  }
  return touched;
}

export async function changeMemberInfo(
  m: MemberContext,
  input: AgentChangeInfoRequest | PlayerChangeInfoRequest,
  kind: 'agent' | 'player',
): Promise<null> {
  assertWriter(m.caller);
  await inTransaction(m.db, async (tx) => {
    // Narrowing providers or bet limits changes the whole subtree: check the target is within reach,
    // then lock it and its subtree in the one lock order (core/locks.ts) and read it again as locked.
    const narrowing = input.providers !== undefined || input.betLimits !== undefined;
    if (narrowing) {
      await reach(tx, m.caller, input.id, kind);
      await lockSubtree(tx, m.caller.siteId, input.id);
    }
    const target = await reach(tx, m.caller, input.id, kind, !narrowing);
    const parent = (await findAccountById(tx as Db, target.parentId!))!;
    const set: Partial<Pick<AccountRow, 'nickName' | 'ratio' | 'providers' | 'betLimits'>> = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (input.nickName !== undefined && input.nickName !== target.nickName) {
      set.nickName = input.nickName;
      before.nickName = target.nickName;
      after.nickName = input.nickName;
    }
    const provs = input.providers ? uniq(input.providers) : undefined;
    const limits = input.betLimits ? uniq(input.betLimits) : undefined;
    await checkWithinParent(tx, parent, { providers: provs, betLimits: limits });
    if (provs && (provs.length !== target.providers.length || provs.some((c) => !target.providers.includes(c)))) {
      set.providers = provs;
      before.providers = target.providers;
      after.providers = provs;
    }
    if (limits && (limits.length !== target.betLimits.length || limits.some((c) => !target.betLimits.includes(c)))) {
      set.betLimits = limits;
      before.betLimits = target.betLimits;
      after.betLimits = limits;
    }
    let ratioChange: { from: number; to: number } | undefined;
    if ('ratio' in input && input.ratio !== undefined) {
      const ratio = ratioToBasisPoints(input.ratio);
      if (ratio > parent.ratio) throw new AppError('RATIO_ABOVE_PARENT');
      const [child] = await tx
        .execute<{ max: number | null }>(
          sql`select max(ratio)::int as max from accounts where parent_id = ${target.id} and kind = 'AGENT' and not is_shadow`,
        )
        .then((r) => r.rows);
      if (child?.max !== null && child?.max !== undefined && ratio < child.max) throw new AppError('RATIO_BELOW_CHILD');
      if (ratio !== target.ratio) {
        set.ratio = ratio;
        ratioChange = { from: target.ratio, to: ratio };
      }
    }
    if (Object.keys(set).length === 0) return;
    await tx.update(accounts).set(set).where(eq(accounts.id, target.id));
    const cascaded = await cascadeNarrowing(tx, target, { providers: set.providers, betLimits: set.betLimits });
    if (Object.keys(after).length > 0) {
      await writeLog(
        tx,
        m,
        target.id,
        kind === 'player' ? 'PLAYER_MODIFY' : 'OPERATION',
        before,
        cascaded ? { ...after, narrowedBelow: cascaded } : after,
      );
    }
    if (ratioChange) {
      await writeLog(
        tx,
        m,
        target.id,
        'RATIO_LOG',
        { ratio: basisPointsToRatio(ratioChange.from) },
        { ratio: basisPointsToRatio(ratioChange.to) },
      );
    }
  });
  return null;
}

/** The caller's own nickname and password (allowed to every signed-in caller, read-only included). */
export async function changeOwnInfo(m: MemberContext, input: OwnChangeInfoRequest): Promise<null> {
  const self = (await findAccountById(m.db, m.caller.account.id))!;
  let passwordHash: string | undefined;
  if (input.newPassword) {
    if (!(await verifyPassword(self.passwordHash, input.oldPassword ?? ''))) throw new AppError('WRONG_PASSWORD');
    assertPasswordAllowed(input.newPassword, { accountNo: self.accountNo, nickName: input.nickName ?? self.nickName });
    passwordHash = await hashPassword(input.newPassword);
  }
  await inTransaction(m.db, async (tx) => {
    if (input.nickName !== undefined && input.nickName !== self.nickName) {
      await tx.update(accounts).set({ nickName: input.nickName }).where(eq(accounts.id, self.id));
      await writeLog(tx, m, self.id, 'OPERATION', { nickName: self.nickName }, { nickName: input.nickName });
    }
    if (passwordHash) {
      await tx.update(accounts).set({ passwordHash }).where(eq(accounts.id, self.id));
      // Other sessions of this account end; the current one stays. Any hand-off is void.
      await tx
        .update(sessions)
        .set({ revokedAt: m.now() })
        .where(and(eq(sessions.accountId, self.id), isNull(sessions.revokedAt), sql`${sessions.id} <> ${m.caller.sessionId}`));
      await tx
        .update(passwordHandoffs)
        .set({ usedAt: m.now() })
        .where(and(eq(passwordHandoffs.accountId, self.id), isNull(passwordHandoffs.usedAt)));
      await writeLog(tx, m, self.id, 'PWD_CHANGE', null, { self: true });
    }
  });
  return null;
}

// ---- status --------------------------------------------------------------------------------

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

// ---- move ----------------------------------------------------------------------------------

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

// ---- permissions ---------------------------------------------------------------------------

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

// ---- verification --------------------------------------------------------------------------

export async function verification(db: Db, m: Pick<MemberContext, 'caller'>, id: number): Promise<z.infer<typeof verificationSchema>> {
  const player = await reach(db, m.caller, id, 'player');
  return {
    status: player.verifyStatus,
    realName: player.realName,
    phone: player.phone,
    submittedAt: player.verifySubmittedAt ? formatDateTime(player.verifySubmittedAt, siteTimeZone(player.siteId)) : null,
  };
}

export async function verify(m: MemberContext, input: VerifyRequest): Promise<null> {
  assertWriter(m.caller);
  await inTransaction(m.db, async (tx) => {
    const player = await reach(tx, m.caller, input.id, 'player', true);
    if (player.verifyStatus !== 'PENDING') throw new AppError('VERIFY_NOT_PENDING');
    const status = input.approve ? 'VERIFIED' : 'REJECTED';
    await tx.update(accounts).set({ verifyStatus: status }).where(eq(accounts.id, player.id));
    await writeLog(tx, m, player.id, 'VERIFY', { verifyStatus: 'PENDING' }, { verifyStatus: status, memo: input.memo ?? null });
  });
  return null;
}
