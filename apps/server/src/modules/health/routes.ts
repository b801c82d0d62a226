import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@agent-bo/shared';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../plugins/envelope.js';

const healthSchema = z.object({ status: z.literal('ok'), db: z.literal('ok'), uptimeSeconds: z.number() });

/** Request counters for /metrics, per process. */
export interface RequestMetrics {
  total: number;
  byStatusClass: Record<string, number>;
  durationSecondsSum: number;
}

export async function healthRoutes(app: FastifyInstance, opts: { metrics: RequestMetrics }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/healthz',
    {
      schema: {
        tags: ['ops'],
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

  // Prometheus text exposition: the one response that is not an envelope, because scrapers
  // expect this format.
  r.get('/metrics', { schema: { tags: ['ops'], summary: 'Process and request metrics (Prometheus text format)' } }, async (_request, reply) => {
    const mem = process.memoryUsage();
    const { metrics } = opts;
    const lines = [
      '# TYPE process_uptime_seconds gauge',
      `process_uptime_seconds ${process.uptime().toFixed(0)}`,
      '# TYPE process_resident_memory_bytes gauge',
      `process_resident_memory_bytes ${mem.rss}`,
      '# TYPE nodejs_heap_used_bytes gauge',
      `nodejs_heap_used_bytes ${mem.heapUsed}`,
      '# TYPE http_requests_total counter',
      ...Object.entries(metrics.byStatusClass).map(([cls, n]) => `http_requests_total{status="${cls}"} ${n}`),
      '# TYPE http_request_duration_seconds_sum counter',
      `http_request_duration_seconds_sum ${metrics.durationSecondsSum.toFixed(3)}`,
      '# TYPE http_request_duration_seconds_count counter',
      `http_request_duration_seconds_count ${metrics.total}`,
      '# TYPE db_pool_connections gauge',
      `db_pool_connections{state="total"} ${app.pool.totalCount}`,
      `db_pool_connections{state="idle"} ${app.pool.idleCount}`,
      `db_pool_connections{state="waiting"} ${app.pool.waitingCount}`,
    ];
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(`${lines.join('\n')}\n`);
  });
}
