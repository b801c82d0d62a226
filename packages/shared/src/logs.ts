import { z } from 'zod';
import { pageSchema } from './envelope.js';
import { LOG_ACTION_CODES } from './enums.js';
import { pagingSchema } from './members.js';
import { ledgerKindSchema } from './ledger.js';
import { moneyStringSchema } from './money.js';
import { textPerLocaleSchema } from './localized-text.js';

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

/**
 * What a row changed when that is not an account: the row's target, written with the row (the
 * record's id and its name per locale as they were then, so a deleted record keeps its name). Such a
 * row has no target account (`targetAccountNo` null). The kinds ending in `Order` are a site's
 * hand-made order of those records (no id), `games` a change of many games at once (`count`),
 * `gameTagOrder` the order of the games of one recommend tag (`id`: the tag), `provider` a game
 * provider (`id`: its code, no name).
 */
export const LOG_TARGET_KINDS = [
  'storeGoods',
  'storeCategory',
  'storeCategoryOrder',
  'storeSettings',
  'game',
  'games',
  'gameTagOrder',
  'gameCategory',
  'gameCategoryOrder',
  'lobbyModule',
  'lobbyModuleOrder',
  'role',
  'activity',
  'announcement',
  'broadcast',
  'popOrder',
  'provider',
  'siteSecurity',
] as const;
export type LogTargetKind = (typeof LOG_TARGET_KINDS)[number];
export const logTargetSchema = z.object({
  kind: z.enum(LOG_TARGET_KINDS),
  // Nullable inside the union: OpenAPI 3.0 has no `nullable` beside an `anyOf` without a type.
  id: z.union([z.number().int().nullable(), z.string()]),
  name: textPerLocaleSchema.nullable(),
  count: z.number().int().optional(),
});
export type LogTarget = z.infer<typeof logTargetSchema>;

/**
 * The records (not accounts) whose ids a log's before/after hold. `logRefKind` says which kind of
 * record the id (or list of ids) under a key is: the server looks their names up for the lists
 * (`names`, `<kind>:<id>` → name per locale, the caller's site only) and the web app shows them by
 * name. An image has no name: it is shown as a picture. A `category` is a store category in a row
 * about goods, a lobby category otherwise; an `id` is a content item's in a row about one.
 */
export const LOG_REF_KINDS = ['storeGoods', 'storeCategory', 'game', 'gameCategory', 'lobbyModule', 'role', 'content', 'image'] as const;
export type LogRefKind = (typeof LOG_REF_KINDS)[number];

const LOG_REF_KEYS: Readonly<Record<string, LogRefKind>> = {
  storeGoods: 'storeGoods',
  storeCategory: 'storeCategory',
  storeCategoryOrder: 'storeCategory',
  game: 'game',
  games: 'game',
  order: 'game',
  categoryId: 'gameCategory',
  categoryOrder: 'gameCategory',
  module: 'lobbyModule',
  moduleOrder: 'lobbyModule',
  role: 'role',
  roles: 'role',
  pops: 'content',
  imageId: 'image',
  icon: 'image',
  images: 'image',
};

const isDoc = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The kind of record whose id (or ids) `doc[key]` holds; undefined for anything else. */
export function logRefKind(key: string, doc: unknown): LogRefKind | undefined {
  if (key === 'category') return isDoc(doc) && 'storeGoods' in doc ? 'storeCategory' : 'gameCategory';
  if (key === 'id') return isDoc(doc) && 'bodyDigest' in doc ? 'content' : undefined;
  return Object.hasOwn(LOG_REF_KEYS, key) ? LOG_REF_KEYS[key] : undefined;
}

/** The key of a record in the names map of a log row. */
export const logRefKey = (kind: LogRefKind, id: unknown) => `${kind}:${String(id)}`;

/**
 * Every record id a before/after holds (nested records and lists of them included), by kind; ids
 * that are not whole numbers (images, stray values) are left out.
 */
export function logRefIds(doc: unknown, into: Map<LogRefKind, Set<number>> = new Map()): Map<LogRefKind, Set<number>> {
  const add = (kind: LogRefKind, v: unknown) => {
    if (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647) {
      if (!into.has(kind)) into.set(kind, new Set());
      into.get(kind)!.add(v);
    }
  };
  if (Array.isArray(doc)) {
    for (const item of doc) logRefIds(item, into);
    return into;
  }
  if (!isDoc(doc)) return into;
  for (const [key, value] of Object.entries(doc)) {
    const kind = logRefKind(key, doc);
    if (kind && kind !== 'image') for (const v of Array.isArray(value) ? value : [value]) add(kind, v);
    if (typeof value === 'object' && value !== null) logRefIds(value, into);
  }
  return into;
}

/** The names of the records a row's before/after name by id: `<kind>:<id>` → name per locale. */
export const logRecordNamesSchema = z.record(z.string(), textPerLocaleSchema);
export type LogRecordNames = z.infer<typeof logRecordNamesSchema>;

export const operationLogRowSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  operatorAccountNo: z.string().nullable(),
  /** The account the row is about; null when it is about another record (`target`). */
  targetAccountNo: z.string().nullable(),
  /** The record the row is about when it is not an account. */
  target: logTargetSchema.nullable().optional(),
  before: z.unknown(),
  after: z.unknown(),
  /** The account numbers of the ids under LOG_ACCOUNT_ID_KEYS in before/after (not in the CSV). */
  accounts: logAccountNosSchema.optional(),
  /** The names of the other records whose ids before/after hold (not in the CSV). */
  names: logRecordNamesSchema.optional(),
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
  operation: ['id', 'createdAt', 'action', 'operatorAccountNo', 'targetAccountNo', 'target', 'before', 'after', 'ip'],
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
