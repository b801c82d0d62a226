import { z } from 'zod';
import { GAME_CATEGORIES } from './enums.js';
import { accountIdSchema } from './auth.js';
import { MAX_AMOUNT_MINOR, amountSchema, balanceChangeSchema, idempotencyKeySchema } from './ledger.js';
import { minorUnitsText, minorUnitsTextAtMost, moneyStringSchema } from './money.js';
import { SITE_IDS } from './sites.js';

/**
 * The server-to-server API of game providers (PRODUCT.md §5), under `POST /api/provider/v1/`.
 *
 * Every call is signed: `x-provider-code` names the provider, `x-timestamp` is the sending time in
 * unix milliseconds, and `x-signature` is the lower-case hex HMAC-SHA256 of
 * `${timestamp}.${rawBody}` under the provider's shared secret, over the exact bytes sent. A
 * timestamp more than 5 minutes away from the server's clock (either way) is refused. The body
 * names the site, so the site is signed too.
 *
 * Batch endpoints take 1..1000 items; each item is answered on its own: OK, DUPLICATE (an
 * identical replay: nothing changed) or REFUSED with an error code of the catalogue. Refusals of
 * the whole call (signature, timestamp, provider, site offering) are the usual error envelope.
 */

export const PROVIDER_HEADERS = {
  provider: 'x-provider-code',
  timestamp: 'x-timestamp',
  signature: 'x-signature',
} as const;

/** How far a request's timestamp may be from the server's clock, either way. */
export const PROVIDER_MAX_SKEW_MS = 5 * 60_000;
/** Items per batch call. */
export const PROVIDER_BATCH_MAX = 1000;
/** Body limit of the batch routes: 1000 items of the longest fields fit well inside. */
export const PROVIDER_BODY_LIMIT = 2 * 1024 * 1024;
export const PROVIDER_API_PREFIX = '/provider/v1';

/** The string a provider signs: `${timestamp}.${rawBody}`. */
export function providerSigningText(timestamp: string | number, rawBody: string): string {
  return `${timestamp}.${rawBody}`;
}

const ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
const idSchema = z.string().regex(ID_PATTERN, { message: 'id.format' });

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
// The bounds as minor-unit digits: a batch checks a thousand amounts, compared as text (no bigint each).
const MAX_MONEY_TEXT = (MAX_AMOUNT_MINOR * 100n).toString();
const MAX_STAKE_TEXT = MAX_AMOUNT_MINOR.toString();
/** A non-negative decimal money string with at most two decimals (minor units on the server). */
export const providerMoneySchema = z
  .string()
  .regex(MONEY, { message: 'amount.format' })
  .refine((v) => !MONEY.test(v) || minorUnitsTextAtMost(minorUnitsText(v), MAX_MONEY_TEXT), { message: 'amount.max' });
/** A stake: like the ledger's amounts, strictly positive and at most 100,000,000.00. */
export const providerStakeSchema = z
  .string()
  .regex(MONEY, { message: 'amount.format' })
  .refine((v) => !MONEY.test(v) || minorUnitsText(v) !== '0', { message: 'amount.positive' })
  .refine((v) => !MONEY.test(v) || minorUnitsTextAtMost(minorUnitsText(v), MAX_STAKE_TEXT), { message: 'amount.max' });

/** An instant with its offset, e.g. `2026-11-21T08:00:00.000Z` or `2026-11-21T16:00:00+08:00`. */
const instantSchema = z.iso.datetime({ offset: true });

export const gameCategorySchema = z.enum(GAME_CATEGORIES);

export const placeBetItemSchema = z.strictObject({
  betId: idSchema,
  playerAccountNo: z.string().min(1).max(64),
  gameCode: idSchema,
  gameCategory: gameCategorySchema,
  roundId: idSchema,
  betAmount: providerStakeSchema,
  placedAt: instantSchema,
});
export type PlaceBetItem = z.infer<typeof placeBetItemSchema>;

/** settle and resettle: the bet's result. */
export const settleBetItemSchema = z.strictObject({
  betId: idSchema,
  validBet: providerMoneySchema,
  payout: providerMoneySchema,
  settledAt: instantSchema,
});
export type SettleBetItem = z.infer<typeof settleBetItemSchema>;

export const cancelBetItemSchema = z.strictObject({ betId: idSchema });
export type CancelBetItem = z.infer<typeof cancelBetItemSchema>;

function batchSchema<T extends z.ZodType>(item: T) {
  return z.strictObject({
    siteId: z.enum(SITE_IDS),
    items: z.array(item).min(1).max(PROVIDER_BATCH_MAX),
  });
}

export const placeBetsRequestSchema = batchSchema(placeBetItemSchema);
export const settleBetsRequestSchema = batchSchema(settleBetItemSchema);
export const cancelBetsRequestSchema = batchSchema(cancelBetItemSchema);
export const resettleBetsRequestSchema = batchSchema(settleBetItemSchema);
export type PlaceBetsRequest = z.infer<typeof placeBetsRequestSchema>;
export type SettleBetsRequest = z.infer<typeof settleBetsRequestSchema>;
export type CancelBetsRequest = z.infer<typeof cancelBetsRequestSchema>;

export const PROVIDER_ITEM_STATUSES = ['OK', 'DUPLICATE', 'REFUSED'] as const;
export type ProviderItemStatus = (typeof PROVIDER_ITEM_STATUSES)[number];

export const providerItemResultSchema = z.object({
  betId: z.string(),
  status: z.enum(PROVIDER_ITEM_STATUSES),
  /** REFUSED only: the catalogue code, its name and the message in the caller's language. */
  code: z.number().int().optional(),
  error: z.string().optional(),
  message: z.string().optional(),
});
export type ProviderItemResult = z.infer<typeof providerItemResultSchema>;

export const providerBatchResultSchema = z.object({
  /** One answer per item, in the order of the request. */
  results: z.array(providerItemResultSchema),
  ok: z.number().int(),
  duplicate: z.number().int(),
  refused: z.number().int(),
});
export type ProviderBatchResult = z.infer<typeof providerBatchResultSchema>;

// ---- wallet transfers ------------------------------------------------------------------------

/**
 * `wallet/transfer_out` (player → provider) and `wallet/transfer_in` (provider → player): one item
 * per transfer. `transactionId` is the provider's id of the transfer: unique per (site, provider),
 * bound to its first outcome (a refusal included), so a retry after a refusal needs a new id.
 */
export const walletTransferItemSchema = z.strictObject({
  transactionId: idSchema,
  playerAccountNo: z.string().min(1).max(64),
  amount: providerStakeSchema,
});
export type WalletTransferItem = z.infer<typeof walletTransferItemSchema>;
export const walletTransferRequestSchema = batchSchema(walletTransferItemSchema);
export type WalletTransferRequest = z.infer<typeof walletTransferRequestSchema>;

/**
 * A wallet item's answer. HELD (transfer_in only): more than the player's outstanding position at
 * the provider — the platform keeps the transfer for reconciliation and credits nothing; the
 * provider must not pay it into its own wallet again (the id is bound: a replay answers HELD).
 */
export const WALLET_ITEM_STATUSES = ['OK', 'DUPLICATE', 'REFUSED', 'HELD'] as const;
export type WalletItemStatus = (typeof WALLET_ITEM_STATUSES)[number];

export const walletItemResultSchema = z.object({
  transactionId: z.string(),
  status: z.enum(WALLET_ITEM_STATUSES),
  /** OK and DUPLICATE: the player's main balance right after this transfer (as first recorded). */
  balance: z.string().optional(),
  /** REFUSED and HELD: the catalogue code, its name and the message in the caller's language. */
  code: z.number().int().optional(),
  error: z.string().optional(),
  message: z.string().optional(),
});
export type WalletItemResult = z.infer<typeof walletItemResultSchema>;

export const walletBatchResultSchema = z.object({
  results: z.array(walletItemResultSchema),
  ok: z.number().int(),
  duplicate: z.number().int(),
  refused: z.number().int(),
  held: z.number().int(),
});
export type WalletBatchResult = z.infer<typeof walletBatchResultSchema>;

// ---- the provider's side: calls the platform makes to a provider --------------------------------

/**
 * Calls the platform sends to a provider's endpoint (configured per site: each site is its own
 * merchant), signed exactly like the provider's calls to us — `x-provider-code`, `x-timestamp`,
 * `x-signature` = hex HMAC-SHA256(the site's secret at the provider, `${timestamp}.${rawBody}`).
 * The provider signs its answer the same way (headers `x-timestamp` and `x-signature` over the
 * answer's exact bytes), and the platform accepts only a correctly signed answer.
 *
 * - `POST {endpoint}/wallet/pull_back`: staff pull a player's credit back from the provider's
 *   wallet. Idempotent by the platform's `transactionId`: the provider takes the amount from its
 *   wallet once and answers the same outcome to every resend. OK means the provider's wallet no
 *   longer holds the amount (so it can never be sent home again through transfer_in); only then does
 *   the platform credit the player.
 * - `POST {endpoint}/wallet/report`: the provider's transfers with the site's players in a time
 *   range, for the daily reconciliation.
 */
export const PROVIDER_OUTBOUND_PATHS = { pullBack: '/wallet/pull_back', report: '/wallet/report' } as const;

export const pullBackCallSchema = z.strictObject({
  siteId: z.enum(SITE_IDS),
  transactionId: idSchema,
  playerAccountNo: z.string().min(1).max(64),
  amount: providerStakeSchema,
});
export type PullBackCall = z.infer<typeof pullBackCallSchema>;

export const pullBackAnswerSchema = z.object({
  transactionId: z.string(),
  /** OK: taken from the provider's wallet now; DUPLICATE: taken by an earlier send of this id; REFUSED: not taken. */
  status: z.enum(['OK', 'DUPLICATE', 'REFUSED']),
  amount: moneyStringSchema,
  /** REFUSED: why (e.g. the player's wallet at the provider holds less). */
  reason: z.string().max(200).optional(),
});
export type PullBackAnswer = z.infer<typeof pullBackAnswerSchema>;

export const providerReportCallSchema = z.strictObject({
  siteId: z.enum(SITE_IDS),
  /** ISO instants, [from, to). */
  from: instantSchema,
  to: instantSchema,
});
export type ProviderReportCall = z.infer<typeof providerReportCallSchema>;

export const PROVIDER_TRANSFER_TYPES = ['TRANSFER_OUT', 'TRANSFER_IN', 'PULL_BACK'] as const;
export type ProviderTransferType = (typeof PROVIDER_TRANSFER_TYPES)[number];

export const providerReportSchema = z.object({
  items: z.array(
    z.object({
      /** The provider's id of a transfer_out / transfer_in, the platform's id of a pull-back. */
      transactionId: z.string(),
      type: z.enum(PROVIDER_TRANSFER_TYPES),
      playerAccountNo: z.string(),
      amount: moneyStringSchema,
      at: instantSchema,
    }),
  ),
});
export type ProviderReport = z.infer<typeof providerReportSchema>;

// ---- staff: pulling a player's credit back from a provider (OPERATION_TRANSFER) ---------------

const providerCodeSchema = z.string().trim().min(1).max(32);

/**
 * `POST /api/manage/player/transfer_back`: a signed pull-back call to the provider, then TRANSFER_IN
 * of at most the player's outstanding position (less pending pull-backs) once the provider confirms.
 */
export const transferBackRequestSchema = z.strictObject({
  id: accountIdSchema,
  providerCode: providerCodeSchema,
  amount: amountSchema,
  memo: z.string().trim().max(200).optional(),
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type TransferBackRequest = z.infer<typeof transferBackRequestSchema>;

export const transferBackResultSchema = z.object({
  transactionId: z.string(),
  kind: z.literal('TRANSFER_IN'),
  providerCode: z.string(),
  amount: moneyStringSchema,
  /** The player's main balance. */
  player: balanceChangeSchema,
  /** The player's outstanding position at the provider before and after. */
  positionBefore: moneyStringSchema,
  positionAfter: moneyStringSchema,
  createdAt: z.string(),
  replayed: z.boolean(),
});
export type TransferBackResult = z.infer<typeof transferBackResultSchema>;

/**
 * `GET /api/manage/player/provider_positions?id=`: what the platform sees the player holding at
 * each provider (`_t`: the client's cache buster).
 */
export const providerPositionsQuerySchema = z.strictObject({
  id: z.coerce.number().pipe(accountIdSchema),
  _t: z.string().max(32).optional(),
});
export const providerPositionSchema = z.object({
  providerCode: z.string(),
  providerName: z.string(),
  status: z.string(),
  /**
   * What the provider's wallet holds for the player as the platform sees it, never below zero:
   * Σ TRANSFER_OUT − Σ TRANSFER_IN − Σ REFUND, plus the win/loss of its settled bets there, less
   * the stakes of its unsettled ones.
   */
  position: moneyStringSchema,
  /** Pull-backs the provider has not confirmed yet (reserved: they may not be pulled again). */
  pending: moneyStringSchema.optional(),
});
export type ProviderPosition = z.infer<typeof providerPositionSchema>;
export const providerPositionsSchema = z.object({
  id: accountIdSchema,
  accountNo: z.string(),
  balance: moneyStringSchema,
  positions: z.array(providerPositionSchema),
});
export type ProviderPositions = z.infer<typeof providerPositionsSchema>;
