import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import type { ReadinessConfig } from '../config.js';

export type PressureReason = 'eventLoopDelay' | 'heapUsed' | 'rss';

declare module 'fastify' {
  interface FastifyInstance {
    /** Draining: a signal arrived; /readyz answers 503 and responses close their connection. */
    lifecycle: { draining: boolean };
    /** Which load thresholds the last sample exceeded (empty: none). */
    pressure: () => PressureReason[];
  }
}

/**
 * Load figures for /readyz from @fastify/under-pressure (event-loop delay, heap used, RSS,
 * sampled every `sampleIntervalMs`) and the draining flag server.ts sets on SIGTERM/SIGINT.
 *
 * Readiness only, no load shedding: under-pressure's own handler would answer 503 to every
 * request while a threshold is crossed, failing users' and providers' calls that this process
 * could still serve. A 503 from /readyz makes the load balancer send new traffic elsewhere.
 */
export const readinessPlugin = fp(async (app: FastifyInstance, opts: { config: ReadinessConfig }) => {
  const { config } = opts;
  app.decorate('lifecycle', { draining: false });

  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    maxHeapUsedBytes: config.maxHeapUsedBytes,
    maxRssBytes: config.maxRssBytes,
    sampleInterval: config.sampleIntervalMs,
    // Returning nothing lets the request through (see above).
    pressureHandler: () => undefined,
  });

  app.decorate('pressure', () => {
    const usage = app.memoryUsage();
    const reasons: PressureReason[] = [];
    if (config.maxEventLoopDelayMs > 0 && usage.eventLoopDelay > config.maxEventLoopDelayMs) reasons.push('eventLoopDelay');
    if (config.maxHeapUsedBytes > 0 && usage.heapUsed > config.maxHeapUsedBytes) reasons.push('heapUsed');
    if (config.maxRssBytes > 0 && usage.rssBytes > config.maxRssBytes) reasons.push('rss');
    return reasons;
  });

  // While draining, every response asks its client to close the connection, so keep-alive
  // clients reconnect (to another process) and the server's close is not held up by idle sockets.
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.draining) void reply.header('connection', 'close');
  });
});
