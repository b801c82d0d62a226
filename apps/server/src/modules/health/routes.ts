import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@agent-bo/shared';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../plugins/envelope.js';

const healthSchema = z.object({ status: z.literal('ok'), db: z.literal('ok'), uptimeSeconds: z.number() });
const readySchema = z.object({ status: z.literal('ok') });

/** `select 1` on the pool, failing after `ms` (also when no client frees up in time). */
async function pingDatabase(app: FastifyInstance, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([app.pool.query('select 1'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /healthz: liveness (the process answers and reaches its database). /readyz: readiness — 503
 * while draining before a shutdown, under load (event-loop delay, heap, RSS over their
 * thresholds) or when the database does not answer `select 1` in time; a load balancer sends
 * traffic only to a ready process. Both answer the envelope; the 503 carries `data.status`.
 */
export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/healthz',
    {
      schema: {
        tags: ['ops'],
        security: [],
        summary: 'Liveness and database check',
        response: { 200: envelopeSchema(healthSchema) },
      },
    },
    async (request) => {
      try {
        await app.pool.query('select 1');
      } catch (err) {
        request.log.warn({ err }, 'health check: database unreachable');
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      return ok({ status: 'ok' as const, db: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) });
    },
  );

  r.get(
    '/readyz',
    {
      schema: {
        tags: ['ops'],
        security: [],
        summary:
          'Readiness: 503 (data.status draining | overloaded | database_unavailable) while shutting down, under load, or without the database',
        response: { 200: envelopeSchema(readySchema) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (app.lifecycle.draining) throw new AppError('SERVICE_UNAVAILABLE', {}, { status: 'draining' });
      const pressure = app.pressure();
      if (pressure.length > 0) {
        request.log.warn({ pressure, usage: app.memoryUsage() }, 'not ready: under pressure');
        throw new AppError('SERVICE_UNAVAILABLE', {}, { status: 'overloaded', pressure });
      }
      try {
        await pingDatabase(app, app.config.readiness.dbTimeoutMs);
      } catch (err) {
        request.log.warn({ err }, 'not ready: database');
        throw new AppError('SERVICE_UNAVAILABLE', {}, { status: 'database_unavailable' });
      }
      return ok({ status: 'ok' as const });
    },
  );
}
