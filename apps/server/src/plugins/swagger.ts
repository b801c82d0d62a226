import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { describeDocument, describeRoute } from './api-description.js';

/**
 * OpenAPI generated from the routes' zod schemas (`app.swagger()`, always); browsable at
 * `<apiPrefix>/docs` (with the JSON at `<apiPrefix>/docs/json`) only when `ui` is on (API_DOCS,
 * off by default in production): a map of every call is not something to publish by default.
 */
export const swaggerPlugin = fp(async (app: FastifyInstance, opts: { apiPrefix: string; ui: boolean }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Agent back office API',
        description:
          'Every response is the envelope `{code, message, success, data}`; `code` 0 is success. ' +
          'Signed-in calls send `Authorization: Bearer <token>`, `x-site-id` and `accept-language`.',
        version: '0.1.0',
      },
      tags: [
        { name: 'content', description: 'Site content management (`/announcement`): activities, announcements, broadcasts, pop-ups' },
        { name: 'uploads', description: 'Image upload (content-addressed, checked by magic bytes) and public image serving' },
        { name: 'live', description: 'Server-Sent Events for signed-in users: the live broadcast marquee' },
        {
          name: 'client',
          description:
            "The game client's public reads (no back-office session; the site comes from the host): published, current " +
            'content in a requested language with zh_TW fallback; ETag/If-None-Match, short public caching, a per-address limit',
        },
        { name: 'store', description: 'The points store (`/store`): categories, goods, points detail, orders, the points rate' },
        {
          name: 'player',
          description:
            "The game client's players (`/client/player/*`; the site comes from the host): sign-in with account number and " +
            'password (the back office’s hashes and throttle; restricted players PLAYER_RESTRICTED, unverified PLAYER_UNVERIFIED), ' +
            'then a short-lived player token (`Authorization: Bearer pt_…`) for points, history, redemption and orders. A player ' +
            'token is refused (401) by every back-office endpoint, and a back-office token by every player endpoint. ' +
            'Redemption takes an idempotency key: the same key again answers the first order and moves nothing twice',
        },
      ],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'token from /manage/signin' },
          playerToken: { type: 'http', scheme: 'bearer', description: 'player token from /client/player/signin (never valid on /manage)' },
          // The provider API (/provider/v1): all three headers together sign each call.
          providerCode: { type: 'apiKey', in: 'header', name: 'x-provider-code', description: "the game provider's code" },
          providerTimestamp: {
            type: 'apiKey',
            in: 'header',
            name: 'x-timestamp',
            description: 'unix milliseconds; refused when more than 5 minutes from the server clock',
          },
          providerSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'x-signature',
            description: 'hex HMAC-SHA256(provider secret, `${timestamp}.${rawBody}`) over the exact bytes of the body',
          },
        },
      },
    },
    transform: describeRoute,
    transformObject: describeDocument,
  });
  if (!opts.ui) return;
  await app.register(swaggerUi, {
    routePrefix: `${opts.apiPrefix}/docs`,
    uiConfig: { docExpansion: 'list', deepLinking: false, validatorUrl: null },
  });
});
