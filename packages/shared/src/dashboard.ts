import { z } from 'zod';
import { GAME_CATEGORIES } from './enums.js';
import { providerCodeSchema } from './members.js';
import { moneyStringSchema } from './money.js';
import { businessDateSchema, daysInRange, epochDay, REPORT_MAX_DAYS } from './report.js';

/** The signed-in user's own figures for the dashboard. */
export const dashboardOverviewSchema = z.object({
  accountNo: z.string(),
  nickName: z.string(),
  lvl: z.number().int(),
  isShadow: z.boolean(),
  balance: moneyStringSchema,
  directAgents: z.number().int().min(0),
  directPlayers: z.number().int().min(0),
  subtreeAgents: z.number().int().min(0),
  subtreePlayers: z.number().int().min(0),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

/**
 * The dashboard's statistics (PRODUCT.md §5) for the caller's working root X (a shadow: its
 * owner) over a range of business dates (both ends included, at most 93 days):
 *
 * - sales figures from `report_rollups` where `ancestor_id = X`: every link (X, child) already
 *   sums the child's whole subtree (a player child: the player alone), so these rows cover X's
 *   subtree exactly once, whatever its size;
 * - the same rows grouped by provider and by game category (the shares), and per business date
 *   (the trend, one point per date of the range, zeros included);
 * - visits: back-office sign-ins (one `sessions` row each) of X and of every account inside X's
 *   subtree, per noon-based business day of the site's time zone. Players have no back-office
 *   sign-in, so visits are the agents' (and shadows') sign-ins. The provider filter does not
 *   apply to visits.
 *
 * Without `start`/`end` the range is this business week (Monday to Sunday).
 */
export const dashboardStatsRequestSchema = z
  .strictObject({
    start: businessDateSchema.optional(),
    end: businessDateSchema.optional(),
    providerCode: providerCodeSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.start === undefined) !== (v.end === undefined)) {
      ctx.addIssue({ code: 'custom', path: [v.start === undefined ? 'start' : 'end'], message: 'dateRange.both' });
      return;
    }
    if (v.start === undefined || v.end === undefined || epochDay(v.start) === null || epochDay(v.end) === null) return;
    const days = daysInRange(v.start, v.end);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['end'], message: 'dateRange.order' });
    else if (days > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['end'], message: 'dateRange.max' });
  });
export type DashboardStatsRequest = z.input<typeof dashboardStatsRequestSchema>;

/** Sums of settled bets (money as decimal strings of exact minor-unit sums). */
export const dashboardSalesSchema = z.object({
  betCount: z.number().int().nonnegative(),
  /** Total sales: Σ bet amount. */
  betAmount: moneyStringSchema,
  validBet: moneyStringSchema,
  /** The players' result, payout − bet amount (negative when they lost). */
  memberWinLoss: moneyStringSchema,
});
export type DashboardSales = z.infer<typeof dashboardSalesSchema>;

export const dashboardStatsSchema = z.object({
  /** The account whose subtree is counted (a shadow's owner). */
  root: z.object({ id: z.number().int(), accountNo: z.string() }),
  start: z.string(),
  end: z.string(),
  providerCode: z.string().nullable(),
  timeZone: z.string(),
  /** Providers the site offers, for the filter. */
  providers: z.array(z.object({ code: z.string(), name: z.string() })),
  totals: dashboardSalesSchema.extend({
    /** Sign-ins in the range. */
    visits: z.number().int().nonnegative(),
    /** Distinct accounts that signed in during the range. */
    visitors: z.number().int().nonnegative(),
  }),
  /** Providers with activity, largest bet amount first; the rows sum to the totals. */
  byProvider: z.array(dashboardSalesSchema.extend({ code: z.string(), name: z.string() })),
  /** Game categories with activity, largest bet amount first; the rows sum to the totals. */
  byCategory: z.array(dashboardSalesSchema.extend({ category: z.enum(GAME_CATEGORIES) })),
  /** One point per business date of the range, in order, zeros included. */
  trend: z.array(
    dashboardSalesSchema.extend({
      date: z.string(),
      visits: z.number().int().nonnegative(),
      visitors: z.number().int().nonnegative(),
    }),
  ),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
