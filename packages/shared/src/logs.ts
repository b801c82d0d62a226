import { z } from 'zod';
import { pageSchema } from './envelope.js';
import { LOG_ACTION_CODES } from './enums.js';
import { pagingSchema } from './members.js';
import { ledgerKindSchema } from './ledger.js';
import { moneyStringSchema } from './money.js';

/**
 * The log page (`/log/index`): operation, cash, ratio and transfer logs, each scoped to the
 * caller's subtree (the caller itself included), newest first. Times are `YYYY-MM-DD HH:mm:ss`
 * in the site's time zone. Logs are append-only: there is no endpoint that edits or deletes.
 */
export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const dateTimeSchema = z.string().trim().regex(DATE_TIME_PATTERN, { message: 'dateTime.format' });
const accountFilter = z.string().trim().max(12).optional();

const logFilterBase = {
  ...pagingSchema,
  start: dateTimeSchema.optional(),
  end: dateTimeSchema.optional(),
  operator: accountFilter,
  target: accountFilter,
};

export const operationLogRequestSchema = z.strictObject({ ...logFilterBase, action: z.enum(LOG_ACTION_CODES).optional() });
export const cashLogRequestSchema = z.strictObject({ ...logFilterBase, kind: ledgerKindSchema.optional() });
export const ratioLogRequestSchema = z.strictObject(logFilterBase);
export const transferLogRequestSchema = z.strictObject({ ...logFilterBase, kind: z.enum(['TRANSFER_OUT', 'TRANSFER_IN']).optional() });
export type OperationLogRequest = z.input<typeof operationLogRequestSchema>;
export type CashLogRequest = z.input<typeof cashLogRequestSchema>;
export type RatioLogRequest = z.input<typeof ratioLogRequestSchema>;
export type TransferLogRequest = z.input<typeof transferLogRequestSchema>;

/**
 * The keys of a log's before/after whose value is an account id. The lists answer the account
 * number of each such id (`accounts`, id → account number, the caller's site only), so a reader
 * sees `agentA01` rather than `parentId: 7`; an id of another site or a deleted account is absent.
 */
export const LOG_ACCOUNT_ID_KEYS = ['parentId', 'agentId', 'ownerId'] as const;
export const logAccountNosSchema = z.record(z.string(), z.string());
export type LogAccountNos = z.infer<typeof logAccountNosSchema>;

export const operationLogRowSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  operatorAccountNo: z.string().nullable(),
  targetAccountNo: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** The account numbers of the ids under LOG_ACCOUNT_ID_KEYS in before/after (not in the CSV). */
  accounts: logAccountNosSchema.optional(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export const cashLogRowSchema = z.object({
  id: z.number().int(),
  transactionId: z.string(),
  kind: ledgerKindSchema,
  accountNo: z.string(),
  counterpartyAccountNo: z.string().nullable(),
  /** Signed: positive credits the account, negative debits it. */
  amount: moneyStringSchema,
  balanceAfter: moneyStringSchema,
  operatorAccountNo: z.string().nullable(),
  memo: z.string().nullable(),
  createdAt: z.string(),
});
export const ratioLogRowSchema = z.object({
  id: z.number().int(),
  targetAccountNo: z.string().nullable(),
  operatorAccountNo: z.string().nullable(),
  oldRatio: z.string().nullable(),
  newRatio: z.string().nullable(),
  createdAt: z.string(),
});
export const transferLogRowSchema = cashLogRowSchema.extend({ provider: z.string().nullable() });

export const operationLogPageSchema = pageSchema(operationLogRowSchema);
export const cashLogPageSchema = pageSchema(cashLogRowSchema);
export const ratioLogPageSchema = pageSchema(ratioLogRowSchema);
export const transferLogPageSchema = pageSchema(transferLogRowSchema);
export type OperationLogRow = z.infer<typeof operationLogRowSchema>;
export type CashLogRow = z.infer<typeof cashLogRowSchema>;
export type RatioLogRow = z.infer<typeof ratioLogRowSchema>;
export type TransferLogRow = z.infer<typeof transferLogRowSchema>;

export const LOG_TABS = ['operation', 'cash', 'ratio', 'transfer'] as const;
export type LogTab = (typeof LOG_TABS)[number];

/**
 * CSV export (`GET /api/manage/log/<tab>/export`): the tab's filters as a query string, without
 * paging (the server caps the rows at LOG_EXPORT_MAX_ROWS). `_t` is the client's cache buster.
 */
export const LOG_EXPORT_MAX_ROWS = 50_000;
const exportExtra = { _t: z.string().max(32).optional() };
export const operationLogExportQuerySchema = operationLogRequestSchema.omit({ page: true, pageSize: true }).extend(exportExtra);
export const cashLogExportQuerySchema = cashLogRequestSchema.omit({ page: true, pageSize: true }).extend(exportExtra);
export const ratioLogExportQuerySchema = ratioLogRequestSchema.omit({ page: true, pageSize: true }).extend(exportExtra);
export const transferLogExportQuerySchema = transferLogRequestSchema.omit({ page: true, pageSize: true }).extend(exportExtra);

/** Each log tab's CSV columns, in order: the keys of the API's file (the download puts them in words). */
export const LOG_CSV_COLUMNS = {
  operation: ['id', 'createdAt', 'action', 'operatorAccountNo', 'targetAccountNo', 'before', 'after', 'ip'],
  cash: [
    'id',
    'createdAt',
    'transactionId',
    'kind',
    'accountNo',
    'counterpartyAccountNo',
    'amount',
    'balanceAfter',
    'operatorAccountNo',
    'memo',
  ],
  ratio: ['id', 'createdAt', 'targetAccountNo', 'operatorAccountNo', 'oldRatio', 'newRatio'],
  transfer: [
    'id',
    'createdAt',
    'transactionId',
    'kind',
    'provider',
    'accountNo',
    'counterpartyAccountNo',
    'amount',
    'balanceAfter',
    'operatorAccountNo',
    'memo',
  ],
} as const satisfies Record<LogTab, readonly string[]>;
