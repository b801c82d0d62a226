import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearer, callerOf } from '../../plugins/auth.js';
import { authenticate } from '../../core/session.js';
import { addressAllowed } from '../../core/address-lists.js';
import { isAppError } from '../../lib/app-error.js';
import { readBroadcasts } from './broadcasts.js';
import { DEFAULT_LIVE } from './config.js';
import { LiveHub } from './hub.js';
import { ChannelListener } from '../../core/listener.js';
import { CONTENT_CHANNEL } from '../../core/channels.js';
import { LiveStream } from './stream.js';

/**
 * The header marquee's live feed (PRODUCT.md §6): `GET /manage/live/stream`, Server-Sent Events.
 * Every process LISTENs on the content channel, so a broadcast saved through any process reaches
 * the streams of all of them.
 */
export async function liveRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { ...DEFAULT_LIVE, ...app.config.live };

  const hub: LiveHub = new LiveHub({
    read: (siteId) => readBroadcasts(app.db, siteId, app.config.now()),
    now: () => app.config.now(),
    onFirstStream: () => listener.start(),
    log: app.log,
  });
  const listener = new ChannelListener({
    channel: CONTENT_CHANNEL,
    applicationName: 'agent-bo-live',
    connection: app.pool.options,
    onChange: (siteId) => hub.changed(siteId),
    onListening: () => hub.changedAll(),
    log: app.log,
    reconnectMinMs: config.reconnectMinMs,
    reconnectMaxMs: config.reconnectMaxMs,
  });
  // Before the server waits for its connections to finish (an open stream never would), and
  // before the database closes under the LISTEN connection.
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => listener.stop());

  r.get(
    '/manage/live/stream',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['live'],
        summary:
          'The site’s current broadcasts as Server-Sent Events: `broadcasts` (a JSON array of LiveBroadcast) at connect and after every ' +
          'change, a comment heartbeat, `end` when the session is no longer valid',
        description:
          'Answers `text/event-stream`. `event: broadcasts` carries every locale’s text and ISO instants, so the client ' +
          'shows the user’s language and drops an item the moment it ends; after `event: end` the client does not reconnect.',
        security: [{ bearer: [] }],
      },
    },
    (request, reply) => {
      const { siteId } = callerOf(request);
      // app.authenticate accepted this token a moment ago
      const token = bearer(request) as string;
      reply.hijack();
      // Headers hooks set so far (security headers, CORS) go out too: a hijacked reply skips onSend.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        // nginx and similar proxies would otherwise hold events back in their buffers
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
        ...(app.lifecycle.draining && { connection: 'close' }),
      });
      reply.raw.flushHeaders();
      hub.add(
        new LiveStream(reply.raw, {
          siteId,
          heartbeatMs: config.heartbeatMs,
          sessionValid: async () => {
            try {
              // An address list set since the stream opened ends it too, as it refuses the next request.
              const caller = await authenticate(app.db, token, siteId);
              return addressAllowed(caller.addressLists, request.ip);
            } catch (err) {
              if (isAppError(err)) return false;
              throw err;
            }
          },
          onClose: (stream) => hub.remove(stream),
        }),
      );
    },
  );
}
