import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { SiteShells } from '../core/site-shell.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every site's shell settings (watermark, embedded pages), kept fresh (core/site-shell.ts). */
    siteShells: SiteShells;
  }
}

/** Reads the sites' shell settings once the server is ready, and keeps them fresh until it closes. */
export const siteShellPlugin = fp(async (app: FastifyInstance) => {
  const shells = new SiteShells(app.db, app.pool.options, app.log);
  app.decorate('siteShells', shells);
  app.addHook('onReady', async () => shells.start());
  app.addHook('onClose', async () => shells.stop());
});
