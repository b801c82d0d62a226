import { and, eq } from 'drizzle-orm';
import { basisPointsToRatio, formatMinorUnits, type BetLimitPreset, type ProviderOption } from '@agent-bo/shared';
import type { AgentLimits } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { betLimitPresets, providerMerchants, providers, siteProviders } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { reach, scopeRoot } from '../../core/access.js';
import { isAdmin, type AccountRow } from '../../core/caller.js';
import type { Q } from '../../core/tx.js';
import { findAccountById } from '../account/index.js';
import type { MemberContext } from './context.js';

/** The provider and bet-limit sets of accounts: a site's catalogue, what a parent holds, the rule that a child's set stays within it. */

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

export const uniq = (list: readonly string[]) => [...new Set(list)];

/** Providers and bet limits of a child of `parent` must lie within the parent's. */
export async function checkWithinParent(q: Q, parent: AccountRow, input: { providers?: string[]; betLimits?: string[] }): Promise<void> {
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
