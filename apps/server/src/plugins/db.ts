import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Db } from '../db/client.js';
import type { AppConfig } from '../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    pool: pg.Pool;
    config: AppConfig;
  }
}

/** Makes the database (owned by the caller of buildApp, which also closes it) and config reachable. */
export const dbPlugin = fp(async (app: FastifyInstance, opts: { db: Db; pool: pg.Pool; config: AppConfig }) => {
  app.decorate('db', opts.db);
  app.decorate('pool', opts.pool);
  app.decorate('config', opts.config);
});
