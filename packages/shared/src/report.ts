import { z } from 'zod';
import { accountIdSchema } from './auth.js';
import type { DateTimeRange } from './business-day.js';
import { providerCodeSchema } from './members.js';
import { moneyStringSchema } from './money.js';

/**
 * The agent report (`/report/agent`, PRODUCT.md §5): for an agent (default: the caller's working
 * root; a shadow: its owner) and a range of business dates, one row per direct child with
 * activity — a sub-agent summed over its whole subtree, a player alone — and a totals row.
 *
 * Served from `report_rollups` (one row per chain link × business date × provider × game
 * category, shares fixed at settlement). Every agent may see its own report and the reports of
 * the agents strictly inside its subtree; no permission code is needed. An agent outside the
 * caller's subtree, on another site or nonexistent is one answer: ACCOUNT_NOT_FOUND (1005).
 *
 * Columns (money as decimal strings, minor units summed exactly):
 * - betCount, betAmount, validBet, payout: sums over the child's settled bets in the range;
 * - memberWinLoss: the players' result (payout − bet amount; negative when they lost);
 * - childShare: the sub-agent's own share of the house result (0 for a player);
 * - agentShare: this agent's share (its ratio minus the child's ratio, of the house result);
 * - upperShare: what is left of the house result (−memberWinLoss) for the agents above:
 *   −memberWinLoss − childShare − agentShare.
 * The totals row is the sum of the rows, column by column.
 */

/** A business date: the noon-based day of the site's time zone, `YYYY-MM-DD`. */
export const BUSINESS_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The longest range the report accepts, in days (both ends included). */
export const REPORT_MAX_DAYS = 93;

/** Days since 1970-01-01 of a `YYYY-MM-DD` calendar date, or null when it is not a real date. */
export function epochDay(date: string): number | null {
  const m = BUSINESS_DATE_PATTERN.exec(date);
  if (!m) return null;
  const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
  const ms = Date.UTC(y, mo - 1, d);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return ms / 86_400_000;
}

/** Number of days in [start, end], both included (0 or less when end is before start). */
export function daysInRange(start: string, end: string): number {
  const a = epochDay(start);
  const b = epochDay(end);
  return a === null || b === null ? 0 : b - a + 1;
}

/**
 * The business dates `[start, end]` of a noon-based wall-clock range of the date-range helpers
 * (`2030-01-10 12:00:00` … `2030-01-11 11:59:59` is the business date 2030-01-10).
 */
export function businessDatesOf(range: DateTimeRange): { start: string; end: string } {
  const start = range.start.slice(0, 10);
  const endDay = epochDay(range.end.slice(0, 10));
  const end = endDay === null ? range.end.slice(0, 10) : new Date((endDay - 1) * 86_400_000).toISOString().slice(0, 10);
  return { start, end };
}

export const businessDateSchema = z
  .string()
  .trim()
  .regex(BUSINESS_DATE_PATTERN, { message: 'date.format' })
  .refine((v) => epochDay(v) !== null, { message: 'date.format' });

const rangeShape = {
  start: businessDateSchema,
  end: businessDateSchema,
  providerCode: providerCodeSchema.optional(),
};

function checkRange(v: { start: string; end: string }, ctx: z.RefinementCtx): void {
  if (epochDay(v.start) === null || epochDay(v.end) === null) return; // already refused as date.format
  const days = daysInRange(v.start, v.end);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['end'], message: 'dateRange.order' });
  else if (days > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['end'], message: 'dateRange.max' });
}

/** `POST /api/manage/report/agent`. Without `agentId`: the caller's working root. */
export const agentReportRequestSchema = z.strictObject({ agentId: accountIdSchema.optional(), ...rangeShape }).superRefine(checkRange);
export type AgentReportRequest = z.input<typeof agentReportRequestSchema>;

/** `GET /api/manage/report/agent/export`: the same filters as a query string (`_t`: the client's cache buster). */
export const agentReportExportQuerySchema = z
  .strictObject({
    agentId: z.coerce.number().pipe(accountIdSchema).optional(),
    ...rangeShape,
    _t: z.string().max(32).optional(),
  })
  .superRefine(checkRange);
export type AgentReportExportQuery = z.input<typeof agentReportExportQuerySchema>;

export const REPORT_ROW_KINDS = ['AGENT', 'PLAYER'] as const;
export type ReportRowKind = (typeof REPORT_ROW_KINDS)[number];

/** The figures of a row and of the totals. */
export const reportFiguresSchema = z.object({
  betCount: z.number().int().nonnegative(),
  betAmount: moneyStringSchema,
  validBet: moneyStringSchema,
  payout: moneyStringSchema,
  /** The players' result: payout − bet amount (negative when the players lost). */
  memberWinLoss: moneyStringSchema,
  /** The sub-agent's own share of the house result; 0 for a player. */
  childShare: moneyStringSchema,
  /** This agent's share: its ratio minus the child's, of the house result. */
  agentShare: moneyStringSchema,
  /** The rest of the house result, for the agents above: −memberWinLoss − childShare − agentShare. */
  upperShare: moneyStringSchema,
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const agentReportRowSchema = reportFiguresSchema.extend({
  kind: z.enum(REPORT_ROW_KINDS),
  id: z.number().int(),
  accountNo: z.string(),
  nickName: z.string(),
  /** The child's current share ratio, "0.00"–"100.00" (a player: "0.00"). */
  ratio: z.string(),
});
export type AgentReportRow = z.infer<typeof agentReportRowSchema>;

export const reportChainItemSchema = z.object({ id: z.number().int(), accountNo: z.string(), nickName: z.string(), lvl: z.number().int() });
export type ReportChainItem = z.infer<typeof reportChainItemSchema>;

export const agentReportSchema = z.object({
  agent: reportChainItemSchema.extend({ ratio: z.string() }),
  /** From the caller's working root down to the agent (the agent last). */
  chain: z.array(reportChainItemSchema),
  start: z.string(),
  end: z.string(),
  providerCode: z.string().nullable(),
  /** Providers the site offers, for the filter. */
  providers: z.array(z.object({ code: z.string(), name: z.string() })),
  /** Agents first, then players; each by account number. */
  rows: z.array(agentReportRowSchema),
  totals: reportFiguresSchema,
});
export type AgentReport = z.infer<typeof agentReportSchema>;

/** The report's figures in the order the table and the CSV show them. */
export const AGENT_REPORT_FIGURE_COLUMNS = [
  'betCount',
  'betAmount',
  'validBet',
  'payout',
  'memberWinLoss',
  'childShare',
  'agentShare',
  'upperShare',
] as const satisfies readonly (keyof ReportFigures)[];

/** The CSV export's columns, in order (the totals are its last line, kind TOTAL). */
export const AGENT_REPORT_CSV_COLUMNS = ['kind', 'accountNo', 'nickName', 'ratio', ...AGENT_REPORT_FIGURE_COLUMNS] as const;
