import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { CodeContext } from '../core/one-time-codes.js';
import { Outbound } from '../core/outbound.js';
import { DEFAULT_MESSAGING } from '../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbound channel of phone and e-mail codes (core/outbound.ts). */
    outbound: Outbound;
  }
}

export const outboundPlugin = fp(async (app: FastifyInstance) => {
  const outbound = new Outbound(app.config.messaging ?? DEFAULT_MESSAGING, app.log);
  app.decorate('outbound', outbound);
  app.addHook('onClose', async () => outbound.close());
});

/** What the code-sending services need, from the app. */
export function codeContextOf(app: FastifyInstance): CodeContext {
  return { db: app.db, outbound: app.outbound, serverKey: app.config.handoffKey, now: app.config.now };
}
