import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentTypeSchema, envelopeSchema, lobbySchema, normalizeLocale, shownContentSchema } from '@agent-bo/shared';
import { DEFAULT_CLIENT_API } from '../../config.js';
import { localeOf, ok } from '../../plugins/envelope.js';
import { resolveSite } from '../../plugins/site.js';
import { entityTag, shownContent } from './service.js';
import { LobbyCache } from '../material/index.js';

/**
 * Short enough that a change reaches players within half a minute, long enough that a client
 * polling every few seconds mostly revalidates (a 304 without a body) or hits its own cache.
 */
const CONTENT_CACHE_CONTROL = 'public, max-age=30';
/** The lobby is revalidated on every use: the answer is a 304 without a body until the material changes. */
const LOBBY_CACHE_CONTROL = 'public, no-cache';

/** True when an If-None-Match header lists `etag` (weak comparison, as RFC 9110 asks for this header). */
function etagMatches(header: string | undefined, etag: string): boolean {
  return (header ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** 304 Not Modified: no body, so none of the route's response schemas applies. */
function notModified(reply: FastifyReply): FastifyReply {
  return reply.code(304).send();
}

/** Adds `field` to the Vary header, keeping what others (CORS: Origin) put there. */
function addVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader('vary');
  void reply.header('vary', current ? `${String(current)}, ${field}` : field);
}

const contentQuerySchema = z.object({
  type: contentTypeSchema.optional().describe('one type; all three when absent'),
  lang: z
    .string()
    .trim()
    .max(35)
    .optional()
    .describe('zh_TW, en, th or vi; also zh-TW, en-US…; else Accept-Language; else zh_TW. An empty text falls back to zh_TW'),
});

/**
 * The game client's public reads (PRODUCT.md §6): no back-office session, the site from the
 * host. Limited per client address on their own, whether or not the global limit is on.
 */
export async function clientApiRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { rateLimit } = { ...DEFAULT_CLIENT_API, ...app.config.clientApi };
  const limited = { rateLimit: rateLimit ? { max: rateLimit.max, timeWindow: rateLimit.timeWindowMs } : false };

  r.get(
    '/content',
    {
      config: limited,
      schema: {
        tags: ['client'],
        security: [],
        description:
          "The game client's reads: public (no session), the site chosen by the host, limited per client address. " +
          'Bodies are sanitized HTML; images are served from `imageUrl` (public, immutable).',
        summary:
          "The site's published activities, announcements and broadcasts current now, in one language; times in the site's zone. " +
          `ETag / If-None-Match (304), cached ${CONTENT_CACHE_CONTROL.replace('public, ', '')}` +
          (rateLimit ? `, ${rateLimit.max} requests per ${rateLimit.timeWindowMs / 1000} s per client` : ''),
        querystring: contentQuerySchema,
        response: { 200: envelopeSchema(z.array(shownContentSchema)) },
      },
    },
    async (request, reply) => {
      const siteId = resolveSite(request, app.config.siteHosts);
      const { type, lang } = request.query;
      const locale = lang ? normalizeLocale(lang) : localeOf(request);
      const items = await shownContent(app.db, siteId, app.config.now(), locale, type);
      const etag = entityTag(items);
      void reply.headers({ etag, 'cache-control': CONTENT_CACHE_CONTROL });
      addVary(reply, 'Accept-Language');
      if (etagMatches(request.headers['if-none-match'], etag)) return notModified(reply);
      return ok(items);
    },
  );

  const lobbies = new LobbyCache({
    db: app.db,
    connection: app.pool.options,
    now: () => app.config.now(),
    log: app.log,
  });
  app.addHook('onClose', async () => lobbies.stop());

  r.get(
    '/lobby',
    {
      config: limited,
      schema: {
        tags: ['client'],
        security: [],
        description:
          'Public, the site chosen by the host. Only games that can be shown: listed by their provider, visible, not disabled by the ' +
          'operator, the provider or the site, of a provider the site offers; MAINTAIN ones are shown, not playable. Modules: ' +
          'published and current. Kept per process until the material changes (any process, told through PostgreSQL NOTIFY).',
        summary:
          "The site's game lobby in one language: categories, games in the operator's order, modules and the recommend tags. " +
          'ETag / If-None-Match (304); `Cache-Control: no-cache` (revalidate each time: a change shows at once)',
        querystring: contentQuerySchema.pick({ lang: true }),
        response: { 200: envelopeSchema(lobbySchema) },
      },
    },
    async (request, reply) => {
      const siteId = resolveSite(request, app.config.siteHosts);
      const { lang } = request.query;
      const locale = lang ? normalizeLocale(lang) : localeOf(request);
      const lobby = await lobbies.get(siteId, locale);
      void reply.headers({ etag: lobby.etag, 'cache-control': LOBBY_CACHE_CONTROL });
      addVary(reply, 'Accept-Language');
      if (etagMatches(request.headers['if-none-match'], lobby.etag)) return notModified(reply);
      // Serialized once per change and language: a string payload is sent as it is (Fastify runs the
      // response serializer on objects only); the schema above describes it for the API docs.
      return reply.type('application/json; charset=utf-8').send(lobby.body as never);
    },
  );
}
