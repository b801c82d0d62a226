import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { LOG_ACTION_CODES, type LogTarget } from '@agent-bo/shared';
import { accounts } from './accounts.js';
import { sites } from './sites.js';

/**
 * Operation log: who did what to whom, with before/after. Append-only: a trigger (migration
 * 0001) refuses UPDATE and DELETE.
 */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    /** Null when the system itself acted (seed, create-admin command). */
    operatorId: integer('operator_id').references(() => accounts.id),
    /** The account the row is about; null when it is about another record (`target_record`). */
    targetId: integer('target_id').references(() => accounts.id),
    /** The record (goods, a category, a role, content…) the row is about when it is not an account. */
    targetRecord: jsonb('target_record').$type<LogTarget>(),
    action: text('action', { enum: LOG_ACTION_CODES }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operation_logs_site_created_idx').on(t.siteId, t.createdAt),
    index('operation_logs_target_idx').on(t.targetId, t.createdAt),
  ],
);
