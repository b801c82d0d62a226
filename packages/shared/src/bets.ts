import { z } from 'zod';
import { GAME_CATEGORIES, SETTLEMENT_STATUSES } from './enums.js';
import { textPerLocaleSchema } from './localized-text.js';
import { DATE_TIME_PATTERN } from './logs.js';
import { pagingSchema, providerCodeSchema } from './members.js';
import { moneyStringSchema } from './money.js';

/**
 * The bet page (`/bet/index`, PRODUCT.md §5): search the bets of the caller's subtree.
 *
 * Scope: bets whose agent path (the player's ancestors when the bet was placed) contains the
 * caller's working root (a shadow: its owner), on the caller's site. The `account` filter names a
 * player (that player's bets) or an agent (every bet under it, at any depth) inside that scope;
 * any other account number is ACCOUNT_NOT_FOUND (1005), like everywhere else.
 *
 * The time range is on the placing time, `YYYY-MM-DD HH:mm:ss` wall clocks of the site's time
 * zone, both ends included, at most BET_MAX_RANGE_DAYS long; when both ends are missing the server
 * uses today's business day (12:00 → 11:59:59 the next day). Without `status`, every bet but the
 * Superseded versions (a resettled bet shows once, as its current version); `status: Superseded`
 * lists the replaced versions. `gameCode` matches codes that start with it (an exact code is its
 * own prefix). Newest first.
 *
 * Counting: a COUNT over millions of rows is slow, so the server counts at most
 * BET_COUNT_CAP matching rows. Past that, `total` is the cap, `totalCapped` is true and paging
 * stops at the cap (narrow the filters to see further); `totals` (the sums over every matching
 * bet) are given only when the count is exact, `pageTotals` always.
 */
export const BET_MAX_RANGE_DAYS = 93;
export const BET_COUNT_CAP = 10_000;
/** Rows of a CSV export, like the logs' exports. */
export const BET_EXPORT_MAX_ROWS = 50_000;

const dateTimeSchema = z.string().trim().regex(DATE_TIME_PATTERN, { message: 'dateTime.format' });

/** Milliseconds of a wall clock read as UTC (only differences between two of them are used). */
function naiveMs(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const c = new Date(ms);
  if (c.getUTCFullYear() !== y || c.getUTCMonth() !== mo - 1 || c.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return ms;
}

/** Both ends or neither; a real date; end not before start; at most BET_MAX_RANGE_DAYS days. */
function checkRange(v: { start?: string; end?: string }, ctx: z.RefinementCtx): void {
  if (v.start === undefined && v.end === undefined) return;
  if (v.start === undefined || v.end === undefined) {
    ctx.addIssue({ code: 'custom', path: [v.start === undefined ? 'start' : 'end'], message: 'dateRange.both' });
    return;
  }
  const a = naiveMs(v.start);
  const b = naiveMs(v.end);
  if (a === null) ctx.addIssue({ code: 'custom', path: ['start'], message: 'dateTime.format' });
  if (b === null) ctx.addIssue({ code: 'custom', path: ['end'], message: 'dateTime.format' });
  if (a === null || b === null) return;
  const issue = betRangeIssue(v.start, v.end);
  if (issue) ctx.addIssue({ code: 'custom', path: ['end'], message: issue });
}

/** What is wrong with a range of two valid wall clocks: end before start, or too long; null when fine. */
export function betRangeIssue(start: string, end: string): 'dateRange.order' | 'dateRange.max' | null {
  const a = naiveMs(start);
  const b = naiveMs(end);
  if (a === null || b === null) return null;
  if (b < a) return 'dateRange.order';
  return b - a >= BET_MAX_RANGE_DAYS * 86_400_000 ? 'dateRange.max' : null;
}

const filterShape = {
  /** A player or an agent of the caller's subtree (empty: the whole subtree). */
  account: z.string().trim().max(32).optional(),
  providerCode: providerCodeSchema.optional(),
  /** Codes starting with this text. */
  gameCode: z.string().trim().max(64).optional(),
  status: z.enum(SETTLEMENT_STATUSES).optional(),
  start: dateTimeSchema.optional(),
  end: dateTimeSchema.optional(),
};

/** `POST /api/manage/bet/list`. */
export const betListRequestSchema = z.strictObject({ ...filterShape, ...pagingSchema }).superRefine(checkRange);
export type BetListRequest = z.input<typeof betListRequestSchema>;
export type BetFilters = Omit<z.output<typeof betListRequestSchema>, 'page' | 'pageSize'>;

/** `GET /api/manage/bet/export`: the same filters as a query string (`_t`: the client's cache buster). */
export const betExportQuerySchema = z.strictObject({ ...filterShape, _t: z.string().max(32).optional() }).superRefine(checkRange);
export type BetExportQuery = z.input<typeof betExportQuerySchema>;

/** `POST /api/manage/bet/detail`: a bet row's id. */
export const betDetailRequestSchema = z.strictObject({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export type BetDetailRequest = z.input<typeof betDetailRequestSchema>;

/** One bet version. Times are `YYYY-MM-DD HH:mm:ss` in the site's time zone. */
export const betRowSchema = z.object({
  id: z.number().int(),
  providerBetId: z.string(),
  version: z.number().int(),
  playerAccountNo: z.string(),
  providerCode: z.string(),
  gameCode: z.string(),
  /** The game's name per locale from the site's catalogue (empty where it has none); null: a code the catalogue never had. */
  gameNames: textPerLocaleSchema.nullable(),
  gameCategory: z.enum(GAME_CATEGORIES),
  roundId: z.string(),
  betAmount: moneyStringSchema,
  validBet: moneyStringSchema,
  payout: moneyStringSchema,
  /** The player's result: payout − bet amount (negative when the player lost); 0 unless settled. */
  winLoss: moneyStringSchema,
  status: z.enum(SETTLEMENT_STATUSES),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
  /** The noon-based business day the bet counts on. */
  businessDate: z.string(),
});
export type BetRow = z.infer<typeof betRowSchema>;

export const betTotalsSchema = z.object({
  betAmount: moneyStringSchema,
  validBet: moneyStringSchema,
  payout: moneyStringSchema,
  winLoss: moneyStringSchema,
});
export type BetTotals = z.infer<typeof betTotalsSchema>;

export const betPageSchema = z.object({
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** Matching bets, counted up to BET_COUNT_CAP. */
  total: z.number().int().min(0),
  /** More than BET_COUNT_CAP bets match: `total` is the cap and `totals` is null. */
  totalCapped: z.boolean(),
  list: z.array(betRowSchema),
  /** Sums of the rows of this page. */
  pageTotals: betTotalsSchema,
  /** Sums over every matching bet; null when the count is capped. */
  totals: betTotalsSchema.nullable(),
  /** The range searched (today's business day when the request had none). */
  start: z.string(),
  end: z.string(),
  /** Providers the site offers, for the filter. */
  providers: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type BetPage = z.infer<typeof betPageSchema>;

export const betVersionSchema = betRowSchema.extend({
  /** When this version was written (site time zone). */
  recordedAt: z.string(),
});
export type BetVersion = z.infer<typeof betVersionSchema>;

export const betDetailSchema = z.object({
  bet: betVersionSchema,
  /** Every version of the provider's bet, oldest first; Superseded ones included. */
  versions: z.array(betVersionSchema),
  /** The player's agents when the bet was placed, from the caller's working root down. */
  agentChain: z.array(z.string()),
});
export type BetDetail = z.infer<typeof betDetailSchema>;

/** The CSV export's columns, in order. */
export const BET_CSV_COLUMNS = [
  'id',
  'placedAt',
  'settledAt',
  'businessDate',
  'playerAccountNo',
  'providerCode',
  'providerBetId',
  'version',
  'gameCode',
  'gameCategory',
  'roundId',
  'betAmount',
  'validBet',
  'payout',
  'winLoss',
  'status',
] as const;
