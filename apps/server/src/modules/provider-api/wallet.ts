import { createHash } from 'node:crypto';
import { inArray, sql, type SQL } from 'drizzle-orm';
import {
  ERRORS,
  errorMessage,
  toMinorUnits,
  type ErrorName,
  type LedgerKind,
  type WalletBatchResult,
  type WalletItemResult,
  type WalletTransferItem,
} from '@agent-bo/shared';
import { accounts } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { resolveWithAncestors, type AccountRow, type ChainNode } from '../../core/caller.js';
import type { ProviderContext } from './context.js';
import { houseOf, postHouseTransfer } from './house.js';
import { inTransaction } from '../../core/tx.js';

/**
 * Wallet transfers between a player's main balance and a provider's wallet (PRODUCT.md §4–§5).
 *
 * The provider's wallet is outside our books: credit a player sends to a provider is held by the
 * house (the site's admin, the only account allowed below zero) on the provider's behalf. So
 *
 *   transfer_out  player −amount, house +amount   TRANSFER_OUT
 *   transfer_in   house −amount, player +amount   TRANSFER_IN
 *   bet cancel    house −stake,  player +stake    REFUND (service.ts, with the status change)
 *
 * every one a ledger posting (ledger/service.ts `post`) with `provider` on both legs, the other
 * account as counterparty and no operator (the system). A player's outstanding position at a
 * provider, as the platform sees it, is Σ TRANSFER_OUT − Σ TRANSFER_IN − Σ REFUND of its legs
 * there (`positionSql`), never below zero.
 *
 * Idempotency per (site, provider, transactionId) through the ledger's keys
 * (`provider:<code>:<transactionId>`, the system key space of ledger_transactions): the first
 * outcome binds the id — an accepted transfer replays as DUPLICATE with the balance it left, a
 * refused one replays the same refusal (stored as a transaction row without entries), and the same
 * id with another content (direction, player or amount) is IDEMPOTENCY_CONFLICT.
 *
 * One call is one database transaction. Calls of one (site, provider) run one at a time (an
 * advisory lock of their own class, so wallet calls never wait for bet batches), then every
 * account the call touches — the house and the players — is locked in ascending id order, the
 * ledger's lock order, before the first posting; each item is one posting statement.
 */

export type Direction = 'out' | 'in';

/** Two-key advisory lock class of the wallet calls: (class, hashtext(site:provider)). */
const WALLET_LOCK_CLASS = 4_207;

const KIND: Record<Direction, LedgerKind> = { out: 'TRANSFER_OUT', in: 'TRANSFER_IN' };

/** The ledger key of a provider's transfer. */
export function transferKey(providerCode: string, transactionId: string): string {
  return `provider:${providerCode}:${transactionId}`;
}

function hashOf(...parts: (string | bigint | number)[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

/**
 * A player's outstanding position at a provider (minor units, never below zero), as SQL over the
 * player id: what the provider's wallet holds for the player as the platform sees it —
 *
 *   Σ TRANSFER_OUT − Σ TRANSFER_IN − Σ REFUND          (the ledger: credit sent and come home)
 *   + Σ winLoss of the settled bets − Σ stakes of the unsettled ones   (the provider's own reports)
 *
 * so winnings reported through bets/settle may come home, and nothing else: a transfer_in above it
 * is held (walletTransfers), a pull-back is capped at it (modules/wallet).
 */
export function positionSql(playerId: SQL | number, providerCode: SQL | string): SQL {
  // sum(bigint) is numeric: cast back, so money formatting divides integers.
  return sql`greatest(0, coalesce((select -sum(e.amount) from ledger_entries e
    where e.account_id = ${playerId} and e.provider = ${providerCode} and e.kind in ('TRANSFER_OUT', 'TRANSFER_IN', 'REFUND')), 0)
    + coalesce((select sum(case when b.status = 'Settled' then b.win_loss else -b.bet_amount end) from bets b
    where b.player_id = ${playerId} and b.provider_code = ${providerCode} and b.status in ('Settled', 'Unsettled')), 0))::bigint`;
}

/** Σ of the player's pull-backs at the provider that the provider has not confirmed yet (reserved). */
export function pendingPullBacksSql(playerId: SQL | number, providerCode: SQL | string): SQL {
  return sql`coalesce((select sum(pb.amount) from provider_pullbacks pb
    where pb.player_id = ${playerId} and pb.provider_code = ${providerCode} and pb.status = 'PENDING'), 0)::bigint`;
}

/** What may still come home from the provider: the position less the pending pull-backs, never below zero. */
export function availableSql(playerId: SQL | number, providerCode: SQL | string): SQL {
  return sql`greatest(0, ${positionSql(playerId, providerCode)} - ${pendingPullBacksSql(playerId, providerCode)})::bigint`;
}

interface Stored extends Record<string, unknown> {
  request_hash: string | null;
  refusal: string | null;
  result: { balance?: string } | null;
}

type Outcome = { status: 'OK' | 'DUPLICATE'; balance?: string } | { status: 'REFUSED' | 'HELD'; error: ErrorName };

/** The refusal name a held transfer_in binds its id to. */
const HELD: ErrorName = 'TRANSFER_HELD';

class Refusal {
  constructor(readonly name: ErrorName) {}
}

/** transfer_out / transfer_in batches (routes.ts): 1..1000 items, answered one by one, in order. */
export async function walletTransfers(ctx: ProviderContext, direction: Direction, items: WalletTransferItem[]): Promise<WalletBatchResult> {
  const { db, siteId, providerCode } = ctx;
  if (direction === 'out') {
    // transfer_in is exempt: credit must be able to come home from a provider the site no longer offers.
    const offered = await db.execute(sql`select 1 from site_providers where site_id = ${siteId} and provider_code = ${providerCode}`);
    if (!offered.rows.length) throw new AppError('PROVIDER_NOT_OFFERED');
  }
  const kind = KIND[direction];

  const outcomes = await inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WALLET_LOCK_CLASS}::int, hashtext(${`${siteId}:${providerCode}`}))`);
    const keys = [...new Set(items.map((i) => transferKey(providerCode, i.transactionId)))];
    // One probe of the system-key index per key, as bets are read (provider-api/place.ts): a
    // young ledger not yet analyzed would otherwise filter every system posting of the site.
    const stored = await tx.execute<Stored & { idempotency_key: string }>(sql`
      select t.idempotency_key, t.request_hash, t.refusal, t.result
        from unnest(${sql.param(keys)}::text[]) as k(key)
       cross join lateral (
         select idempotency_key, request_hash, refusal, result from ledger_transactions
          where site_id = ${siteId} and operator_id is null and idempotency_key = k.key
          limit 1) t`);
    const known = new Map<string, Stored>(stored.rows.map((r) => [r.idempotency_key, r]));

    // The players of the call and the house, locked in ascending id order before any posting.
    const numbers = [...new Set(items.map((i) => i.playerAccountNo.toLowerCase()))];
    const rows = await tx.execute<{ id: number }>(sql`
      select id from accounts
       where site_id = ${siteId} and ((kind = 'PLAYER' and lower(account_no) = any(${sql.param(numbers)}::text[])) or (parent_id is null and not is_shadow))
       order by id for no key update`);
    const houseId = await houseOf(tx, siteId);
    const players = new Map<string, { account: AccountRow; restricted: boolean }>();
    const ids = rows.rows.map((r) => r.id).filter((id) => id !== houseId);
    if (ids.length) {
      const found: AccountRow[] = await tx.select().from(accounts).where(inArray(accounts.id, ids));
      const ancestorIds = [...new Set(found.flatMap((a) => a.path))];
      const ancestors: ChainNode[] = ancestorIds.length ? await tx.select().from(accounts).where(inArray(accounts.id, ancestorIds)) : [];
      for (const a of found) {
        // The bet rules' restriction: disabled own; fully disabled / fully read-only own or inherited.
        const r = resolveWithAncestors(a, ancestors);
        players.set(a.accountNo.toLowerCase(), { account: a, restricted: r.isDisabled || r.isFullDisabled || r.isFullReadonly });
      }
    }
    const balances = new Map<number, bigint>();
    for (const p of players.values()) balances.set(p.account.id, p.account.balance);
    // transfer_in: what may still come home per player (the rows are locked: no posting moves it meanwhile).
    const available = new Map<number, bigint>();
    if (direction === 'in' && players.size) {
      const found = await tx.execute<{ id: number; available: string }>(sql`
        select a.id, ${availableSql(sql`a.id`, providerCode)}::text as available from accounts a
         where a.id = any(${sql.param([...players.values()].map((p) => p.account.id))}::int[])`);
      for (const r of found.rows) available.set(r.id, BigInt(r.available));
    }

    const out: Outcome[] = [];
    for (const item of items) {
      const key = transferKey(providerCode, item.transactionId);
      const amount = toMinorUnits(item.amount);
      const hash = hashOf('wallet', direction, item.playerAccountNo.toLowerCase(), amount);
      const first = known.get(key);
      if (first) {
        if (first.request_hash !== hash) out.push({ status: 'REFUSED', error: 'IDEMPOTENCY_CONFLICT' });
        else if (first.refusal === HELD) out.push({ status: 'HELD', error: HELD });
        else if (first.refusal) out.push({ status: 'REFUSED', error: first.refusal as ErrorName });
        else out.push({ status: 'DUPLICATE', balance: first.result?.balance });
        continue;
      }
      const player = players.get(item.playerAccountNo.toLowerCase());
      try {
        if (!player) throw new Refusal('PLAYER_NOT_FOUND');
        if (direction === 'out') {
          if (player.restricted) throw new Refusal('PLAYER_RESTRICTED');
          if (player.account.verifyStatus !== 'VERIFIED') throw new Refusal('PLAYER_UNVERIFIED');
          if (!player.account.providers.includes(providerCode)) throw new Refusal('PROVIDER_NOT_ENABLED');
          // The rows are locked: this balance is the one the posting will see.
          if ((balances.get(player.account.id) ?? 0n) < amount) throw new Refusal('INSUFFICIENT_BALANCE');
        } else {
          // Above what may come home: held for reconciliation, credited to nobody. The id binds to it.
          const may = available.get(player.account.id) ?? 0n;
          if (amount > may) {
            await tx.execute(sql`
              insert into ledger_transactions (site_id, kind, operator_id, idempotency_key, request_hash, refusal)
              values (${siteId}, ${kind}, null, ${key}, ${hash}, ${HELD})`);
            await tx.execute(sql`
              insert into provider_held_transfers (site_id, provider_code, transaction_id, player_id, amount, position)
              values (${siteId}, ${providerCode}, ${item.transactionId}, ${player.account.id}, ${amount}, ${may})`);
            known.set(key, { request_hash: hash, refusal: HELD, result: null });
            out.push({ status: 'HELD', error: HELD });
            continue;
          }
          available.set(player.account.id, may - amount);
        }
        const balance = await postHouseTransfer(tx, {
          siteId,
          kind,
          providerCode,
          houseId,
          playerId: player.account.id,
          amount,
          toPlayer: direction === 'in',
          key,
          hash,
        });
        balances.set(player.account.id, toMinorUnits(balance));
        known.set(key, { request_hash: hash, refusal: null, result: { balance } });
        out.push({ status: 'OK', balance });
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        // The refusal binds the id (a row without entries), as a refused ledger key does.
        await tx.execute(sql`
          insert into ledger_transactions (site_id, kind, operator_id, idempotency_key, request_hash, refusal)
          values (${siteId}, ${kind}, null, ${key}, ${hash}, ${err.name})`);
        known.set(key, { request_hash: hash, refusal: err.name, result: null });
        out.push({ status: 'REFUSED', error: err.name });
      }
    }
    return out;
  });

  const results: WalletItemResult[] = items.map((item, i) => {
    const o = outcomes[i]!;
    if ('error' in o) {
      return {
        transactionId: item.transactionId,
        status: o.status,
        code: ERRORS[o.error].code,
        error: o.error,
        message: errorMessage(o.error, ctx.locale),
      };
    }
    return { transactionId: item.transactionId, status: o.status, ...(o.balance !== undefined ? { balance: o.balance } : {}) };
  });
  const count = (s: WalletItemResult['status']) => results.filter((r) => r.status === s).length;
  return { results, ok: count('OK'), duplicate: count('DUPLICATE'), refused: count('REFUSED'), held: count('HELD') };
}
