import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  normalizeLocale,
  playerOrderListSchema,
  playerPagingRequestSchema,
  playerPointsHistorySchema,
  playerPointsSchema,
  playerSigninRequestSchema,
  playerSigninResponseSchema,
  publicGoodsListSchema,
  redeemRequestSchema,
  redeemResultSchema,
} from '@agent-bo/shared';
import { DEFAULT_CLIENT_API, DEFAULT_STORE } from '../../../config.js';
import { localeOf, ok } from '../../../plugins/envelope.js';
import { resolveSite } from '../../../plugins/site.js';
import { authenticatePlayer, playerHistory, playerOrders, playerPoints, publishedGoods, signinPlayer, signoutPlayer } from '../player.js';
import { redeem } from '../redeem.js';
import { done } from './context.js';

/** The game client's players: sign-in, points, history, goods, redemption, orders. */
export async function storePlayerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
