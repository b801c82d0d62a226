import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { GAME_CATEGORIES, SETTLEMENT_STATUSES } from '@agent-bo/shared';

/**
 * Bets reported by game providers through the provider API (PRODUCT.md §5).
 *
 * One row per version of a provider's bet: a resettle marks the current row `Superseded` and
 * inserts the next version, so a bet's history stays readable. Exactly one row of a bet is not
 * Superseded. Amounts are minor units; `winLoss` is the player's result (payout − bet amount;
 * negative when the player lost), 0 while Unsettled or Canceled.
 *
 * `agentPath` is the player's ancestor ids (root first) when the bet was placed, so a later
 * move of the player does not rewrite history, and "everything under agent X" is
 * `agent_path @> ARRAY[X]`. `businessDate` is the noon-based business day of `placedAt` in the
 * site's time zone: reports and rollups count a bet on the day it was placed.
 */
export const bets = pgTable(
  'bets',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    // No foreign keys on bets: each would take a KEY SHARE lock per ingested row on the site,
    // provider and player rows, and the ledger locks player rows FOR UPDATE, so bet ingestion
    // would queue behind wallet transfers. The provider API checks all three before writing.
    siteId: text('site_id').notNull(),
    providerCode: text('provider_code').notNull(),
    providerBetId: text('provider_bet_id').notNull(),
    version: integer('version').notNull().default(1),
    playerId: integer('player_id').notNull(),
    agentPath: integer('agent_path').array().notNull(),
    gameCode: text('game_code').notNull(),
    /** Game category as the provider reports it. */
    gameCategory: text('game_category', { enum: GAME_CATEGORIES }).notNull(),
    roundId: text('round_id').notNull(),
    betAmount: bigint('bet_amount', { mode: 'bigint' }).notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    winLoss: bigint('win_loss', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status', { enum: SETTLEMENT_STATUSES }).notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * The ratios (basis points) of the `agentPath` accounts when this version was settled, in the
     * same order; null until settled. The rollups hold shares computed with these, so a resettle
     * can take back exactly what this version added even if a ratio changed in between.
     */
    shareRatios: integer('share_ratios').array(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bets_provider_bet_version_uq').on(t.siteId, t.providerCode, t.providerBetId, t.version),
    index('bets_site_placed_idx').on(t.siteId, t.placedAt),
    index('bets_player_placed_idx').on(t.playerId, t.placedAt),
    index('bets_agent_path_gin').using('gin', t.agentPath),
    check('bets_amounts_nonnegative', sql`${t.betAmount} >= 0 and ${t.validBet} >= 0 and ${t.payout} >= 0`),
  ],
);

/**
 * Per-business-day rollups for the agent report, kept in the same transaction as every bet
 * change, so the report never disagrees with the bets (PRODUCT.md §5).
 *
 * A settled bet of a player with path [A0, A1, …, An] adds to one row per link of its chain:
 * (ancestor A0, child A1), (A1, A2), …, (An, the player). The report of agent X for a range is
 * then `WHERE ancestor_id = X AND business_date BETWEEN …` grouped by child: a sub-agent row
 * sums its whole subtree and a player row is the player alone, whatever the size of the tree.
 *
 * Shares are fixed when the bet is settled, with the ratios of that moment (basis points):
 * `childShare` is the child's share of the house result (0 for a player), `ancestorShare` is the
 * ancestor's own part, by ratio difference; what is left of the house result is the upper share.
 * The house result is −winLoss. See docs/REPORTS.md for the rule and a worked example.
 */
export const reportRollups = pgTable(
  'report_rollups',
  {
    siteId: text('site_id').notNull(),
    ancestorId: integer('ancestor_id').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    childId: integer('child_id').notNull(),
    providerCode: text('provider_code').notNull(),
    /** Game category: the dashboard's share by category reads the same rows. */
    gameCategory: text('game_category', { enum: GAME_CATEGORIES }).notNull(),
    betCount: bigint('bet_count', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    betAmount: bigint('bet_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    validBet: bigint('valid_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    winLoss: bigint('win_loss', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    childShare: bigint('child_share', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    ancestorShare: bigint('ancestor_share', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.ancestorId, t.businessDate, t.childId, t.providerCode, t.gameCategory] })],
);
