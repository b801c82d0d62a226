import { z } from 'zod';
import { accountNoSchema, PASSWORD_MAX_LENGTH } from './auth.js';
import { dateTimeSchema, imageIdSchema, localizedTextSchema, publishStatusSchema } from './content.js';
import { REDEMPTION_TYPES, SHIPPING_STATUSES } from './enums.js';
import { idempotencyKeySchema } from './ledger.js';
import { textPerLocaleSchema } from './localized-text.js';
import { pagingSchema } from './members.js';

/**
 * The points store (PRODUCT.md §6, `/store`): players earn points from valid bets at the site's
 * rate (GetByValidBet) and spend them on goods (PointsStore); a cancelled order gives them back
 * (PointsStoreRefund). Points are whole numbers and live in their own append-only ledger.
 *
 * - Categories and goods carry per-locale names (zh_TW required) and an optimistic `version`:
 *   a save with a stale one is STORE_VERSION_STALE.
 * - Redemption is one step — points down, stock down, order created — or nothing, with an
 *   idempotency key per player (a replay answers the first order).
 * - Orders go Unshipped → Shipped (with a note, who and when) or Unshipped → Cancelled (points
 *   refunded and stock restored in the same transaction).
 */

export const STORE_NAME_MAX = 60;
export const STORE_DESCRIPTION_MAX = 2_000;
export const STORE_IMAGES_MAX = 6;
export const STORE_IDS_MAX = 500;
export const STORE_NOTE_MAX = 500;
/** The highest points price, stock and per-player limit: well inside a 32-bit integer. */
export const STORE_QUANTITY_MAX = 1_000_000_000;
/** At most this many items in one redemption. */
export const REDEEM_QUANTITY_MAX = 100;
/** The highest points rate: points per 100.00 of valid bet. */
export const POINTS_RATE_MAX = 1_000_000;

/** Every kind of points entry: the spec's two redemption types, and the refund of a cancelled order. */
export const POINTS_ENTRY_TYPES = [...REDEMPTION_TYPES, 'PointsStoreRefund'] as const;
export const pointsEntryTypeSchema = z.enum(POINTS_ENTRY_TYPES);
export type PointsEntryType = z.infer<typeof pointsEntryTypeSchema>;

export const STORE_ORDER_STATUSES = [...SHIPPING_STATUSES, 'Cancelled'] as const;
export const storeOrderStatusSchema = z.enum(STORE_ORDER_STATUSES);
export type StoreOrderStatus = z.infer<typeof storeOrderStatusSchema>;

export const STORE_CATEGORY_STATUSES = ['ACTIVE', 'DISABLE'] as const;
export const storeCategoryStatusSchema = z.enum(STORE_CATEGORY_STATUSES);
export type StoreCategoryStatus = z.infer<typeof storeCategoryStatusSchema>;
export const goodsStatusSchema = publishStatusSchema;
export type GoodsStatus = z.infer<typeof goodsStatusSchema>;

/**
 * Points earned by a settled bet: floor(validBet × rate ÷ 10,000), validBet in minor units and
 * the rate in points per 100.00. Integers only, so every side computes the same number.
 */
export function pointsForValidBet(validBetMinor: bigint, pointsPer100: number): bigint {
  if (validBetMinor <= 0n || pointsPer100 <= 0) return 0n;
  return (validBetMinor * BigInt(pointsPer100)) / 10_000n;
}

const idSchema = z.number().int().min(1).max(2_147_483_647);
const versionSchema = z.number().int().min(1);
const countSchema = z.number().int().min(0).max(STORE_QUANTITY_MAX);
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), list: z.array(item) });

function requireName(value: { id?: number; version?: number; name: { zh_TW: string } }, ctx: z.RefinementCtx) {
  if (!value.name.zh_TW) ctx.addIssue({ code: 'custom', path: ['name', 'zh_TW'], message: 'name.required' });
  if (value.id !== undefined && value.version === undefined)
    ctx.addIssue({ code: 'custom', path: ['version'], message: 'version.required' });
}

export const storeSavedSchema = z.object({ id: idSchema, version: z.number().int() });
export type StoreSaved = z.infer<typeof storeSavedSchema>;
export const storeDeleteRequestSchema = z.strictObject({ id: idSchema, version: versionSchema });
export type StoreDeleteRequest = z.input<typeof storeDeleteRequestSchema>;
/** A new order: these ids take positions 0, 1, 2…; the others keep their relative order after them. */
export const storeSortRequestSchema = z.strictObject({ ids: z.array(idSchema).min(1).max(STORE_IDS_MAX) });
export type StoreSortRequest = z.input<typeof storeSortRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Categories.

export const storeCategoryListRequestSchema = z.strictObject({
  ...pagingSchema,
  /** Matches any locale's name, case-insensitively. */
  name: z.string().trim().max(STORE_NAME_MAX).optional(),
  status: storeCategoryStatusSchema.optional(),
});
export type StoreCategoryListRequest = z.input<typeof storeCategoryListRequestSchema>;

export const storeCategorySchema = z.object({
  id: idSchema,
  name: textPerLocaleSchema,
  sort: z.number().int(),
  status: storeCategoryStatusSchema,
  goodsCount: z.number().int(),
  version: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type StoreCategory = z.infer<typeof storeCategorySchema>;
export const storeCategoryListSchema = pageOf(storeCategorySchema);
export type StoreCategoryList = z.infer<typeof storeCategoryListSchema>;

export const storeCategorySaveRequestSchema = z
  .strictObject({
    id: idSchema.optional(),
    version: versionSchema.optional(),
    name: localizedTextSchema(STORE_NAME_MAX),
    sort: z.number().int().min(0).max(1_000_000).default(0),
    status: storeCategoryStatusSchema.default('ACTIVE'),
  })
  .superRefine(requireName);
export type StoreCategorySaveRequest = z.input<typeof storeCategorySaveRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Goods.

export const goodsListRequestSchema = z.strictObject({
  ...pagingSchema,
  /** Matches any locale's name, case-insensitively. */
  name: z.string().trim().max(STORE_NAME_MAX).optional(),
  categoryId: idSchema.optional(),
  status: goodsStatusSchema.optional(),
  /** Only goods whose stock is at most this (e.g. 0: sold out). */
  stockAtMost: countSchema.optional(),
});
export type GoodsListRequest = z.input<typeof goodsListRequestSchema>;

export const goodsSchema = z.object({
  id: idSchema,
  categoryId: idSchema,
  categoryName: textPerLocaleSchema,
  name: textPerLocaleSchema,
  description: textPerLocaleSchema,
  imageIds: z.array(z.string()),
  imageUrls: z.array(z.string()),
  /** Points for one item. */
  price: z.number().int(),
  stock: z.number().int(),
  /** Items one player may redeem in all; null: no limit. */
  perPlayerLimit: z.number().int().nullable(),
  status: goodsStatusSchema,
  sort: z.number().int(),
  /** Items redeemed (orders not cancelled). */
  redeemed: z.number().int(),
  version: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type Goods = z.infer<typeof goodsSchema>;
export const goodsListSchema = pageOf(goodsSchema);
export type GoodsList = z.infer<typeof goodsListSchema>;

export const goodsSaveRequestSchema = z
  .strictObject({
    id: idSchema.optional(),
    version: versionSchema.optional(),
    categoryId: idSchema,
    name: localizedTextSchema(STORE_NAME_MAX),
    description: localizedTextSchema(STORE_DESCRIPTION_MAX).default({ zh_TW: '', en: '', th: '', vi: '' }),
    imageIds: z.array(imageIdSchema).max(STORE_IMAGES_MAX).default([]),
    price: z.number().int().min(1).max(STORE_QUANTITY_MAX),
    stock: countSchema,
    perPlayerLimit: z.number().int().min(1).max(STORE_QUANTITY_MAX).nullable().default(null),
    status: goodsStatusSchema.default('Draft'),
    sort: z.number().int().min(0).max(1_000_000).default(0),
  })
  .superRefine(requireName);
export type GoodsSaveRequest = z.input<typeof goodsSaveRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Points detail (PLAYER_POINTS_READ).

export const pointsEntryListRequestSchema = z.strictObject({
  ...pagingSchema,
  /** A player's account number in the caller's subtree; without it, every player of the subtree. */
  accountNo: z.string().trim().max(12).optional(),
  type: pointsEntryTypeSchema.optional(),
  /** Site wall clock, `YYYY-MM-DD HH:mm:ss`, inclusive. */
  start: dateTimeSchema.optional(),
  end: dateTimeSchema.optional(),
});
export type PointsEntryListRequest = z.input<typeof pointsEntryListRequestSchema>;

export const pointsEntrySchema = z.object({
  id: z.string(),
  playerId: idSchema,
  accountNo: z.string(),
  type: pointsEntryTypeSchema,
  /**
   * Where the entry comes from, as a code: `order:<id>` (ORDER_SOURCE_PREFIX) for an order,
   * `<provider>:<bet id>` for a bet. Screens and exports put the order in words.
   */
  source: z.string(),
  betId: z.string().nullable(),
  orderId: z.number().int().nullable(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
});
export type PointsEntry = z.infer<typeof pointsEntrySchema>;
export const pointsEntryListSchema = pageOf(pointsEntrySchema);
export type PointsEntryList = z.infer<typeof pointsEntryListSchema>;

// ---------------------------------------------------------------------------------------------
// Orders.

export const storeOrderListRequestSchema = z.strictObject({
  ...pagingSchema,
  status: storeOrderStatusSchema.optional(),
  accountNo: z.string().trim().max(12).optional(),
  goodsId: idSchema.optional(),
  /** Site wall clock, `YYYY-MM-DD HH:mm:ss`, inclusive, on the order's creation. */
  start: dateTimeSchema.optional(),
  end: dateTimeSchema.optional(),
});
export type StoreOrderListRequest = z.input<typeof storeOrderListRequestSchema>;

export const storeOrderSchema = z.object({
  id: idSchema,
  playerId: idSchema,
  accountNo: z.string(),
  goodsId: idSchema,
  goodsName: textPerLocaleSchema,
  quantity: z.number().int(),
  /** Points paid in all (price × quantity at the time). */
  points: z.number().int(),
  status: storeOrderStatusSchema,
  shippingNote: z.string().nullable(),
  shippedBy: z.string().nullable(),
  shippedAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type StoreOrder = z.infer<typeof storeOrderSchema>;
export const storeOrderListSchema = pageOf(storeOrderSchema);
export type StoreOrderList = z.infer<typeof storeOrderListSchema>;

export const storeOrderShipRequestSchema = z.strictObject({
  id: idSchema,
  version: versionSchema,
  note: z.string().trim().max(STORE_NOTE_MAX).default(''),
});
export type StoreOrderShipRequest = z.input<typeof storeOrderShipRequestSchema>;
export const storeOrderCancelRequestSchema = z.strictObject({
  id: idSchema,
  version: versionSchema,
  note: z.string().trim().max(STORE_NOTE_MAX).default(''),
});
export type StoreOrderCancelRequest = z.input<typeof storeOrderCancelRequestSchema>;

// ---------------------------------------------------------------------------------------------
// The site's points rate.

export const storeSettingsSchema = z.object({
  /** Points per 100.00 of valid bet (0: players earn nothing). */
  pointsPer100: z.number().int(),
  version: z.number().int(),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;
export const storeSettingsSaveRequestSchema = z.strictObject({
  pointsPer100: z.number().int().min(0).max(POINTS_RATE_MAX),
  version: versionSchema,
});
export type StoreSettingsSaveRequest = z.input<typeof storeSettingsSaveRequestSchema>;

// ---------------------------------------------------------------------------------------------
// The game client's player API.

export const playerSigninRequestSchema = z.strictObject({
  accountNo: accountNoSchema,
  password: z.string().min(1, { message: 'password.required' }).max(PASSWORD_MAX_LENGTH),
});
export type PlayerSigninRequest = z.infer<typeof playerSigninRequestSchema>;
export const playerSigninResponseSchema = z.object({
  /** A player token: valid on the player API only, never on the back office. */
  token: z.string(),
  /** Seconds until it expires. */
  expiresIn: z.number().int(),
  accountNo: z.string(),
  nickName: z.string(),
});
export type PlayerSigninResponse = z.infer<typeof playerSigninResponseSchema>;

/** A published goods item as the game client shows it. */
export const publicGoodsSchema = z.object({
  id: idSchema,
  categoryId: idSchema,
  categoryName: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrls: z.array(z.string()),
  price: z.number().int(),
  stock: z.number().int(),
  perPlayerLimit: z.number().int().nullable(),
});
export type PublicGoods = z.infer<typeof publicGoodsSchema>;
export const publicGoodsListSchema = z.array(publicGoodsSchema);

export const playerPointsSchema = z.object({ balance: z.number().int() });
export type PlayerPoints = z.infer<typeof playerPointsSchema>;

export const playerPagingRequestSchema = z.strictObject({ ...pagingSchema });
export const playerPointsEntrySchema = pointsEntrySchema.omit({ playerId: true, accountNo: true });
export const playerPointsHistorySchema = pageOf(playerPointsEntrySchema);
export type PlayerPointsHistory = z.infer<typeof playerPointsHistorySchema>;

export const redeemRequestSchema = z.strictObject({
  goodsId: idSchema,
  quantity: z.number().int().min(1).max(REDEEM_QUANTITY_MAX).default(1),
  /** The same key again answers the first order and moves nothing twice. */
  idempotencyKey: idempotencyKeySchema,
});
export type RedeemRequest = z.input<typeof redeemRequestSchema>;

export const playerOrderSchema = storeOrderSchema.omit({ playerId: true, accountNo: true, cancelledBy: true, shippedBy: true });
export type PlayerOrder = z.infer<typeof playerOrderSchema>;
export const redeemResultSchema = z.object({
  order: playerOrderSchema,
  balance: z.number().int(),
  /** True when the key had been used: this is the first answer, nothing moved again. */
  replayed: z.boolean(),
});
export type RedeemResult = z.infer<typeof redeemResultSchema>;
export const playerOrderListSchema = pageOf(playerOrderSchema);
export type PlayerOrderList = z.infer<typeof playerOrderListSchema>;

// ---------------------------------------------------------------------------------------------
// CSV exports (GET, the list's filters as query parameters; `_t` is the client's cache buster).

export const STORE_EXPORT_MAX_ROWS = 50_000;
const exportExtra = { _t: z.string().max(32).optional() };
export const pointsEntryExportQuerySchema = pointsEntryListRequestSchema.omit({ page: true, pageSize: true }).extend(exportExtra);
export type PointsEntryExportQuery = z.input<typeof pointsEntryExportQuerySchema>;
export const storeOrderExportQuerySchema = storeOrderListRequestSchema
  .omit({ page: true, pageSize: true, goodsId: true })
  .extend({ ...exportExtra, goodsId: z.coerce.number().pipe(idSchema).optional() });
export type StoreOrderExportQuery = z.input<typeof storeOrderExportQuerySchema>;

/** The points orders' CSV columns, in order (the API's keys; the download puts them in words). */
export const STORE_ORDER_CSV_COLUMNS = [
  'id',
  'accountNo',
  'goods',
  'quantity',
  'points',
  'status',
  'shippingNote',
  'shippedBy',
  'shippedAt',
  'createdAt',
] as const;

/** The points entries' CSV columns, in order. */
/** A points entry's source when an order made it: `order:<id>` (a provider code never is `order`). */
export const ORDER_SOURCE_PREFIX = 'order:';

export const POINTS_ENTRY_CSV_COLUMNS = ['id', 'accountNo', 'type', 'source', 'amount', 'balanceAfter', 'createdAt'] as const;
