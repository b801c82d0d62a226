import { z } from 'zod';
import { accountIdSchema } from './auth.js';
import { moneyStringSchema, toMinorUnits } from './money.js';

/**
 * Credit moves (PRODUCT.md §4). Amounts travel as decimal strings with at most two decimals and
 * become integer minor units on the server; no floating point touches them.
 */

/** The largest single move: 100,000,000.00. */
export const MAX_AMOUNT_MINOR = 10_000_000_000n;

// Any number of digits is an amount (its size is the next check's business): a too-large amount
// is told it is too large, not that it is malformed.
const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;
/** In minor units; past 13 whole digits (leading zeros aside) an amount is above the largest whatever they are. */
function minorOf(amount: string): bigint {
  const [whole = '0', fraction] = amount.split('.');
  const digits = whole.replace(/^0+(?=\d)/, '');
  return digits.length > 13 ? MAX_AMOUNT_MINOR + 1n : toMinorUnits(fraction === undefined ? digits : `${digits}.${fraction}`);
}
// Zod 4 runs every check even after the pattern fails, so the refinements skip what the pattern
// refused and leave that issue alone.
export const amountSchema = z
  .string()
  .trim()
  .regex(AMOUNT_PATTERN, { message: 'amount.format' })
  .refine((v) => !AMOUNT_PATTERN.test(v) || minorOf(v) > 0n, { message: 'amount.positive' })
  .refine((v) => !AMOUNT_PATTERN.test(v) || minorOf(v) <= MAX_AMOUNT_MINOR, { message: 'amount.max' });

/** Idempotency key: the `Idempotency-Key` header or the `idempotencyKey` field (not both different). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{8,64}$/, { message: 'idempotencyKey.format' });

export const LEDGER_KINDS = ['RECHARGE', 'WITHDRAW', 'TRANSFER_OUT', 'TRANSFER_IN', 'REFUND', 'POOR_USER'] as const;
export const ledgerKindSchema = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof ledgerKindSchema>;

/** agent/recharge, agent/withdraw, player/recharge, player/withdraw: with a direct child `id`. */
export const creditRequestSchema = z.strictObject({
  id: accountIdSchema,
  amount: amountSchema,
  memo: z.string().trim().max(200).optional(),
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type CreditRequest = z.infer<typeof creditRequestSchema>;

/** agent/poor, player/poor: relief to a direct child player under the site's threshold and daily cap. */
export const reliefRequestSchema = creditRequestSchema;
export type ReliefRequest = CreditRequest;

export const balanceChangeSchema = z.object({
  id: accountIdSchema,
  accountNo: z.string(),
  balanceBefore: moneyStringSchema,
  balanceAfter: moneyStringSchema,
});

export const creditResultSchema = z.object({
  transactionId: z.string(),
  kind: ledgerKindSchema,
  amount: moneyStringSchema,
  /** The account that paid (the caller on a recharge, the child on a withdrawal). */
  from: balanceChangeSchema,
  /** The account that received. */
  to: balanceChangeSchema,
  createdAt: z.string(),
  /** True when this answer replays an earlier request with the same idempotency key. */
  replayed: z.boolean(),
});
export type CreditResult = z.infer<typeof creditResultSchema>;

/** The site's relief rule (PRODUCT.md §3 "Poor user"). */
export const reliefRuleSchema = z.object({
  threshold: moneyStringSchema,
  maxAmount: moneyStringSchema,
  dailyCount: z.number().int().min(0),
});
export type ReliefRule = z.infer<typeof reliefRuleSchema>;

/** Result of the ledger invariant check (`npm run ledger:check`, `GET /api/manage/ledger/check`). */
export const ledgerCheckSchema = z.object({
  ok: z.boolean(),
  sites: z.array(
    z.object({
      siteId: z.string(),
      houseIssued: moneyStringSchema,
      sumOfBalances: moneyStringSchema,
      accountsChecked: z.number().int(),
      balanceMismatches: z.array(z.object({ accountNo: z.string(), balance: moneyStringSchema, entriesSum: moneyStringSchema })),
      forbiddenNegatives: z.array(z.object({ accountNo: z.string(), balance: moneyStringSchema })),
      unbalancedTransactions: z.array(z.string()),
    }),
  ),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;
