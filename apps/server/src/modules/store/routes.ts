import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  goodsListRequestSchema,
  goodsListSchema,
  goodsSaveRequestSchema,
  normalizeLocale,
  playerOrderListSchema,
  playerPagingRequestSchema,
  playerPointsHistorySchema,
  playerPointsSchema,
  playerSigninRequestSchema,
  playerSigninResponseSchema,
  pointsEntryExportQuerySchema,
  pointsEntryListRequestSchema,
  pointsEntryListSchema,
  publicGoodsListSchema,
  redeemRequestSchema,
  redeemResultSchema,
  siteTimeZone,
  STORE_EXPORT_MAX_ROWS,
  storeCategoryListRequestSchema,
  storeCategoryListSchema,
  storeCategorySaveRequestSchema,
  storeDeleteRequestSchema,
  storeOrderCancelRequestSchema,
  storeOrderExportQuerySchema,
  storeOrderListRequestSchema,
  storeOrderListSchema,
  storeOrderSchema,
  storeOrderShipRequestSchema,
  storeSavedSchema,
  storeSettingsSaveRequestSchema,
  storeSettingsSchema,
  storeSortRequestSchema,
} from '@agent-bo/shared';
import { DEFAULT_CLIENT_API, DEFAULT_STORE } from '../../config.js';
import { csvHeaders } from '../../core/csv.js';
import { formatDateTime } from '../../lib/dates.js';
import { requirePermission } from '../../plugins/access.js';
import { callerOf } from '../../plugins/auth.js';
import { localeOf, ok } from '../../plugins/envelope.js';
import { resolveSite } from '../../plugins/site.js';
import {
  deleteCategory,
  deleteGoods,
  listCategories,
  listGoods,
  readSettings,
  saveCategory,
  saveGoods,
  saveSettings,
  sortCategories,
} from './catalogue.js';
import type { StoreContext } from './common.js';
import { earnAll } from './earning.js';
import { cancelOrder, exportEntries, exportOrders, listEntries, listOrders, shipOrder } from './orders.js';
import { authenticatePlayer, playerHistory, playerOrders, playerPoints, publishedGoods, signinPlayer, signoutPlayer } from './player.js';
import { redeem } from './redeem.js';

const done = envelopeSchema(z.null());

/**
 * Runs the points earning job every `earningIntervalMs` (0: never): each process tries, one runs
 * at a time (the job's advisory lock). The timer does not keep the process alive; closing the app
 * stops it and waits for a run in progress, which needs the database.
 */
function scheduleEarning(app: FastifyInstance) {
  const { earningIntervalMs } = { ...DEFAULT_STORE, ...app.config.store };
  if (earningIntervalMs <= 0) return;
  let running: Promise<void> | null = null;
  const run = async () => {
    try {
      await earnAll(app.db, { wait: false });
    } catch (err) {
      // The queue keeps what this run did not finish; the next run takes it again.
      app.log.error({ err }, 'points earning failed');
    } finally {
      running = null;
    }
  };
  const timer = setInterval(() => {
    running ??= run();
  }, earningIntervalMs).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/**
 * The points store (PRODUCT.md §6): the earning job, the back office's `/store` screens under
 * `/manage/store/*` (STORE_CATEGORY_, STORE_GOODS_, STORE_ORDER_ READ/WRITE and
 * PLAYER_POINTS_READ: READ or WRITE reads, only WRITE writes), and the game client's player API
 * under `/client/player/*`.
 */
export async function storeRoutes(app: FastifyInstance) {
  scheduleEarning(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { security: [{ bearer: [] }], tags: ['store'] };
  const needs = (code: string) => ({ preHandler: [app.authenticate, requirePermission(code)] });
  const reads = (area: string) => needs(`${area}_READ||${area}_WRITE`);
  const writes = (area: string) => needs(`${area}_WRITE`);
  const ctx = (request: FastifyRequest): StoreContext => ({ db: app.db, caller: callerOf(request), ip: request.ip, now: app.config.now });
  const S = '/manage/store';

  // ---- categories
  r.post(
    `${S}/category/list`,
    {
      ...reads('STORE_CATEGORY'),
      schema: {
        ...secured,
        summary: "The site's store categories in order, filtered by name (any locale) and status; paged",
        body: storeCategoryListRequestSchema,
        response: { 200: envelopeSchema(storeCategoryListSchema) },
      },
    },
    async (req) => ok(await listCategories(ctx(req), req.body)),
  );
  r.post(
    `${S}/category/save`,
    {
      ...writes('STORE_CATEGORY'),
      schema: {
        ...secured,
        summary: 'Creates (no id) or changes a category with the version it read (STORE_VERSION_STALE otherwise)',
        body: storeCategorySaveRequestSchema,
        response: { 200: envelopeSchema(storeSavedSchema) },
      },
    },
    async (req) => ok(await saveCategory(ctx(req), req.body)),
  );
  r.delete(
    `${S}/category/delete`,
    {
      ...writes('STORE_CATEGORY'),
      schema: {
        ...secured,
        summary: 'Deletes an empty category (JSON body, with the version it read); STORE_CATEGORY_IN_USE while goods are in it',
        body: storeDeleteRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => ok(await deleteCategory(ctx(req), req.body)),
  );
  r.post(
    `${S}/category/sort`,
    {
      ...writes('STORE_CATEGORY'),
      schema: {
        ...secured,
        summary: 'The order of the categories: these first, in this order',
        body: storeSortRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => ok(await sortCategories(ctx(req), req.body)),
  );

  // ---- goods
  r.post(
    `${S}/goods/list`,
    {
      ...reads('STORE_GOODS'),
      schema: {
        ...secured,
        summary: "The site's goods in store order, filtered by name (any locale), category, status and stock; paged",
        body: goodsListRequestSchema,
        response: { 200: envelopeSchema(goodsListSchema) },
      },
    },
    async (req) => ok(await listGoods(ctx(req), req.body)),
  );
  r.post(
    `${S}/goods/save`,
    {
      ...writes('STORE_GOODS'),
      schema: {
        ...secured,
        summary:
          'Creates (no id) or changes goods with the version it read: per-locale name and description, uploaded images, points price, ' +
          'stock, per-player limit, Published / Draft, category (STORE_CATEGORY_UNKNOWN), sort',
        body: goodsSaveRequestSchema,
        response: { 200: envelopeSchema(storeSavedSchema) },
      },
    },
    async (req) => ok(await saveGoods(ctx(req), req.body)),
  );
  r.delete(
    `${S}/goods/delete`,
    {
      ...writes('STORE_GOODS'),
      schema: {
        ...secured,
        summary: 'Deletes goods nobody ordered (JSON body, with the version it read); STORE_GOODS_HAS_ORDERS otherwise',
        body: storeDeleteRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => ok(await deleteGoods(ctx(req), req.body)),
  );

  // ---- the points rate
  r.get(
    `${S}/settings`,
    {
      ...needs('STORE_GOODS_READ||STORE_GOODS_WRITE||PLAYER_POINTS_READ'),
      schema: {
        ...secured,
        summary: "The site's points rate: points per 100.00 of valid bet",
        response: { 200: envelopeSchema(storeSettingsSchema) },
      },
    },
    async (req) => ok(await readSettings(app.db, callerOf(req).siteId)),
  );
  r.post(
    `${S}/settings`,
    {
      ...writes('STORE_GOODS'),
      schema: {
        ...secured,
        summary: "Changes the site's points rate with the version it read; bets settled from now on earn at the new rate",
        body: storeSettingsSaveRequestSchema,
        response: { 200: envelopeSchema(storeSettingsSchema) },
      },
    },
    async (req) => ok(await saveSettings(ctx(req), req.body)),
  );

  // ---- points detail
  r.post(
    `${S}/points/list`,
    {
      ...needs('PLAYER_POINTS_READ'),
      schema: {
        ...secured,
        summary:
          "Points entries of the players in the caller's subtree, newest first: type, source (bet or order), amount, balance after; " +
          'filtered by player, type and time (site zone); paged',
        body: pointsEntryListRequestSchema,
        response: { 200: envelopeSchema(pointsEntryListSchema) },
      },
    },
    async (req) => ok(await listEntries(ctx(req), req.body)),
  );
  r.get(
    `${S}/points/export`,
    {
      ...needs('PLAYER_POINTS_READ'),
      schema: {
        ...secured,
        summary: `Points entries as CSV (UTF-8 with BOM, at most ${STORE_EXPORT_MAX_ROWS} rows), the list's filters`,
        produces: ['text/csv'],
        querystring: pointsEntryExportQuerySchema,
      },
    },
    async (req, reply) => sendCsv(req, reply, 'points', await exportEntries(app.pool, callerOf(req), req.query)),
  );

  // ---- orders
  r.post(
    `${S}/order/list`,
    {
      ...reads('STORE_ORDER'),
      schema: {
        ...secured,
        summary:
          "Orders of the players in the caller's subtree, newest first, filtered by status, player, goods and date (site zone); paged",
        body: storeOrderListRequestSchema,
        response: { 200: envelopeSchema(storeOrderListSchema) },
      },
    },
    async (req) => ok(await listOrders(ctx(req), req.body)),
  );
  r.get(
    `${S}/order/export`,
    {
      ...reads('STORE_ORDER'),
      schema: {
        ...secured,
        summary: `Orders as CSV (UTF-8 with BOM, at most ${STORE_EXPORT_MAX_ROWS} rows), the list's filters`,
        produces: ['text/csv'],
        querystring: storeOrderExportQuerySchema,
      },
    },
    async (req, reply) => sendCsv(req, reply, 'orders', await exportOrders(app.pool, callerOf(req), req.query, localeOf(req))),
  );
  r.post(
    `${S}/order/ship`,
    {
      ...writes('STORE_ORDER'),
      schema: {
        ...secured,
        summary: 'Unshipped → Shipped with the shipping note; who and when are recorded (STORE_ORDER_STATE from any other status)',
        body: storeOrderShipRequestSchema,
        response: { 200: envelopeSchema(storeOrderSchema) },
      },
    },
    async (req) => ok(await shipOrder(ctx(req), req.body)),
  );
  r.post(
    `${S}/order/cancel`,
    {
      ...writes('STORE_ORDER'),
      schema: {
        ...secured,
        summary: 'Cancels an Unshipped order: the points are refunded and the stock restored in the same transaction',
        body: storeOrderCancelRequestSchema,
        response: { 200: envelopeSchema(storeOrderSchema) },
      },
    },
    async (req) => ok(await cancelOrder(ctx(req), req.body)),
  );

  function sendCsv(req: FastifyRequest, reply: FastifyReply, name: string, file: NodeJS.ReadableStream) {
    const stamp = formatDateTime(app.config.now(), siteTimeZone(callerOf(req).siteId)).replace(/[-: ]/g, '');
    return reply.headers(csvHeaders(`store-${name}-${stamp}.csv`)).send(file);
  }

  // ---- the game client's players
  const { rateLimit } = { ...DEFAULT_CLIENT_API, ...app.config.clientApi };
  const limited = { rateLimit: rateLimit ? { max: rateLimit.max, timeWindow: rateLimit.timeWindowMs } : false };
  const { playerSessionTtlMinutes } = { ...DEFAULT_STORE, ...app.config.store };
  const P = '/client/player';
  const player = { security: [{ playerToken: [] }], tags: ['player'] };
  const signedIn = (req: FastifyRequest) =>
    authenticatePlayer(app.db, resolveSite(req, app.config.siteHosts), req.headers.authorization, app.config.now());

  r.post(
    `${P}/signin`,
    {
      config: limited,
      schema: {
        tags: ['player'],
        security: [],
        summary:
          'Player sign-in: a short-lived player token. INVALID_CREDENTIALS for unknown, wrong or staff accounts; PLAYER_RESTRICTED, ' +
          'PLAYER_UNVERIFIED after a correct password; SIGNIN_LOCKED by the same throttle as the back office',
        body: playerSigninRequestSchema,
        response: { 200: envelopeSchema(playerSigninResponseSchema) },
      },
    },
    async (req) =>
      ok(
        await signinPlayer(
          app.db,
          { siteId: resolveSite(req, app.config.siteHosts), accountNo: req.body.accountNo, password: req.body.password, ip: req.ip },
          { ttlMinutes: playerSessionTtlMinutes, throttle: app.config.throttle, sleep: app.config.sleep, now: app.config.now() },
        ),
      ),
  );
  r.post(
    `${P}/signout`,
    { config: limited, schema: { ...player, summary: 'Ends the player token', response: { 200: done } } },
    async (req) => ok(await signoutPlayer(app.db, await signedIn(req))),
  );
  r.get(
    `${P}/goods`,
    {
      config: limited,
      schema: {
        tags: ['player'],
        security: [],
        summary: "The store's published goods (public, no token) in one language (zh_TW when a text is missing), in store order",
        querystring: z.object({ lang: z.string().trim().max(35).optional() }),
        response: { 200: envelopeSchema(publicGoodsListSchema) },
      },
    },
    async (req) => {
      const locale = req.query.lang ? normalizeLocale(req.query.lang) : localeOf(req);
      return ok(await publishedGoods(app.db, resolveSite(req, app.config.siteHosts), locale));
    },
  );
  r.get(
    `${P}/points`,
    {
      config: limited,
      schema: { ...player, summary: "The player's points balance", response: { 200: envelopeSchema(playerPointsSchema) } },
    },
    async (req) => ok(await playerPoints(app.db, await signedIn(req))),
  );
  r.post(
    `${P}/points/history`,
    {
      config: limited,
      schema: {
        ...player,
        summary: "The player's points entries, newest first, with the balance after each",
        body: playerPagingRequestSchema,
        response: { 200: envelopeSchema(playerPointsHistorySchema) },
      },
    },
    async (req) => ok(await playerHistory(app.db, await signedIn(req), req.body)),
  );
  r.post(
    `${P}/redeem`,
    {
      config: limited,
      schema: {
        ...player,
        summary:
          'Redeems published goods: points down, stock down, order created — or nothing (POINTS_INSUFFICIENT, STORE_OUT_OF_STOCK, ' +
          'STORE_LIMIT_REACHED, STORE_GOODS_UNAVAILABLE). The same idempotency key again answers the first order',
        body: redeemRequestSchema,
        response: { 200: envelopeSchema(redeemResultSchema) },
      },
    },
    async (req) => {
      const who = await signedIn(req);
      return ok(await redeem(app.db, who, req.body, req.ip, app.config.now()));
    },
  );
  r.post(
    `${P}/orders`,
    {
      config: limited,
      schema: {
        ...player,
        summary: "The player's orders, newest first",
        body: playerPagingRequestSchema,
        response: { 200: envelopeSchema(playerOrderListSchema) },
      },
    },
    async (req) => ok(await playerOrders(app.db, await signedIn(req), req.body)),
  );
}
