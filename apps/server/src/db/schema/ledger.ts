import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LEDGER_KINDS } from '@agent-bo/shared';
import { accounts } from './accounts.js';

/**
 * One credit move (PRODUCT.md §4): a transaction of two or more entries summing to zero, written
 * atomically with the balance updates. Append-only (migrations 0004, 0006): no UPDATE, DELETE or
 * TRUNCATE.
 *
 * Idempotency: (site, operator, key) is unique; a concurrent duplicate's posting statement fails
 * on it once the first commits and is undone whole (see modules/ledger/service.ts).
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    // No foreign key to sites: every posting would take a KEY SHARE lock on the one site row.
    siteId: text('site_id').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** Null when the system itself posted (the demo seed). */
    operatorId: integer('operator_id').references(() => accounts.id),
    /** Null for system postings that need no replay protection. */
    idempotencyKey: text('idempotency_key'),
    /** sha256 (hex) of the canonical request: path + body without the key. */
    requestHash: text('request_hash'),
    /** The CreditResult answered the first time (replayed: false). */
    result: jsonb('result'),
    /**
     * The error name when the first request with this key was refused: such a row has no
     * entries and binds the key to its refusal, so a resend answers the same refusal.
     */
    refusal: text('refusal'),
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idem_uq').on(t.siteId, t.operatorId, t.idempotencyKey),
    // System postings (operator null: provider wallet transfers, bet refunds) have their own key
    // space per site; the index above treats null operators as distinct and would not bind them.
    uniqueIndex('ledger_transactions_system_idem_uq')
      .on(t.siteId, t.idempotencyKey)
      .where(sql`${t.operatorId} is null and ${t.idempotencyKey} is not null`),
    index('ledger_transactions_site_created_idx').on(t.siteId, t.createdAt),
  ],
);

/** One leg of a ledger transaction: signed amount on one account, with the balance after it. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransactions.id),
    // No foreign key to sites: every posting would take a KEY SHARE lock on the one site row.
    siteId: text('site_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The other side (the other account of a two-leg move); null for a provider wallet leg. */
    counterpartyId: integer('counterparty_id').references(() => accounts.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** Signed minor units: negative leaves the account, positive enters it. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    operatorId: integer('operator_id').references(() => accounts.id),
    memo: text('memo'),
    /** Game provider code of a TRANSFER_OUT / TRANSFER_IN / REFUND leg. */
    provider: text('provider'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_site_created_idx').on(t.siteId, t.createdAt),
    index('ledger_entries_account_created_idx').on(t.accountId, t.createdAt),
    // A player's outstanding position at a provider: Σ of its provider legs.
    index('ledger_entries_account_provider_idx')
      .on(t.accountId, t.provider)
      .where(sql`${t.provider} is not null`),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);
