import { sql } from 'drizzle-orm';
import {
  ERRORS,
  errorMessage,
  type CancelBetItem,
  type PlaceBetItem,
  type ProviderBatchResult,
  type ProviderItemResult,
  type SettleBetItem,
} from '@agent-bo/shared';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../core/tx.js';
import type { ProviderContext } from './context.js';
import { placeBatch } from './place.js';
import { transitionBatch } from './transitions.js';

/**
 * Bets from game providers (PRODUCT.md §5): place, settle, cancel and resettle in batches.
 *
 * Transitions (one current, non-Superseded version per bet):
 *
 *   (none)    --place-->    Unsettled
 *   Unsettled --settle-->   Settled          (rollups: + this version)
 *   Unsettled --cancel-->   Canceled         (rollups: nothing; they count settled bets only;
 *                                             the stake is refunded: REFUND house → player)
 *   Settled   --resettle--> Superseded, and a new version Settled
 *                                            (rollups: − the old version, + the new one)
 *
 * Anything else is BET_STATE_CONFLICT (settle or resettle a Canceled bet, cancel a Settled one,
 * resettle an Unsettled one, a resettle dated no later than the current settlement). Replays are
 * DUPLICATE and change nothing: a place identical to the bet's first version, a settle identical
 * to the first settlement, a cancel of a Canceled bet, a resettle identical to any settled
 * version. The same bet id with other content is BET_CONTENT_CONFLICT.
 *
 * Player rules (found on the site, not restricted own or inherited, VERIFIED, the provider
 * enabled for the player) are checked when a bet is placed; a bet once accepted can always be
 * settled, canceled or resettled (the stake is already taken).
 *
 * One batch is one database transaction: the bet rows and the rollup changes together, so the
 * reports never disagree with the bets. Batches of one (site, provider) are serialised by a
 * transaction advisory lock — they would queue on the same hot rollup rows (the admin's links)
 * anyway — and the rollup rows are written in one INSERT … ON CONFLICT in sorted key order.
 */

type Op = 'place' | 'settle' | 'cancel' | 'resettle';

/** Two-key advisory lock class of the bet batches: (class, hashtext(site:provider)). */
const BET_LOCK_CLASS = 4_206;

export async function placeBets(ctx: ProviderContext, items: PlaceBetItem[]) {
  return runBatch(ctx, 'place', items);
}
export async function settleBets(ctx: ProviderContext, items: SettleBetItem[]) {
  return runBatch(ctx, 'settle', items);
}
export async function cancelBets(ctx: ProviderContext, items: CancelBetItem[]) {
  return runBatch(ctx, 'cancel', items);
}
export async function resettleBets(ctx: ProviderContext, items: SettleBetItem[]) {
  return runBatch(ctx, 'resettle', items);
}

async function runBatch(
  ctx: ProviderContext,
  op: Op,
  items: (PlaceBetItem | SettleBetItem | CancelBetItem)[],
): Promise<ProviderBatchResult> {
  const answers = await inTransaction(ctx.db, async (tx) => {
    // The batch lock and the site's offer of the provider (SITE_PROVIDER) in one round trip; a
    // provider the site does not offer is refused before anything is read, and the rollback
    // releases the lock.
    const { rows } = await tx.execute<{ offered: boolean }>(
      sql`select pg_advisory_xact_lock(${BET_LOCK_CLASS}::int, hashtext(${`${ctx.siteId}:${ctx.providerCode}`})),
                 exists (select 1 from site_providers where site_id = ${ctx.siteId} and provider_code = ${ctx.providerCode}) as offered`,
    );
    if (!rows[0]!.offered) throw new AppError('PROVIDER_NOT_OFFERED');
    // Each item answered as it would be alone in a call, the batch decided and written as a set:
    // place in place.ts, settle, cancel and resettle in transitions.ts.
    if (op === 'place') return placeBatch(tx, ctx, items as PlaceBetItem[]);
    return transitionBatch(tx, ctx, op, items as (SettleBetItem | CancelBetItem)[]);
  });
  const results: ProviderItemResult[] = items.map((item, i) => {
    const a = answers[i]!;
    if (typeof a !== 'string') {
      const name = a.refused;
      return { betId: item.betId, status: 'REFUSED', code: ERRORS[name].code, error: name, message: errorMessage(name, ctx.locale) };
    }
    return { betId: item.betId, status: a };
  });
  const count = (s: ProviderItemResult['status']) => results.filter((r) => r.status === s).length;
  return { results, ok: count('OK'), duplicate: count('DUPLICATE'), refused: count('REFUSED') };
}
