import { createHash, timingSafeEqual } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { PROVIDER_API_PREFIX } from '@agent-bo/shared';
import { sendError } from './envelope.js';
import {
  CONFLICT_RETRY_CHANNEL,
  LEDGER_POSTED_CHANNEL,
  providerOfCall,
  type ConflictRetryEvent,
  type LedgerPostedEvent,
} from '../core/metrics-events.js';

/** Route label of requests that matched no route (404s, the web app's page fallback). */
export const UNMATCHED_ROUTE = 'unmatched';

export interface MetricsOptions {
  /** Bearer token of GET /metrics (METRICS_TOKEN); null: no /metrics route at all (404). */
  token: string | null;
  apiPrefix: string;
}

/** 2xx: the call was processed (its items may still be refused one by one); 4xx: refused whole; 5xx: failed. */
function outcomeOf(status: number): 'ok' | 'rejected' | 'error' {
  if (status >= 500) return 'error';
  if (status >= 400) return 'rejected';
  return 'ok';
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Prometheus metrics from prom-client, in a registry of this app instance (never the global
 * one: tests build several apps in one process): the default Node.js metrics (event-loop lag,
 * heap, GC, CPU, handles), HTTP request durations by method, route pattern and status code,
 * pg pool clients, ledger postings by kind and provider API calls by provider, operation and
 * outcome. GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`; without a token configured
 * the route does not exist.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsOptions) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  // Labelled by the route pattern (`/api/manage/agent/:id`, never the raw URL) and the status
  // code: both sets are bounded.
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const pool = app.pool;
  new Gauge({
    name: 'pg_pool_clients',
    help: 'Clients of the PostgreSQL pool: total (open), idle, and waiting (queued requests for a client)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  const postings = new Counter({
    name: 'ledger_postings_total',
    help: "Ledger postings written by this process, by kind (a caller's transaction may still have rolled one back)",
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const onPosting = (message: unknown) => postings.inc({ kind: (message as LedgerPostedEvent).kind });
  diagnostics.subscribe(LEDGER_POSTED_CHANNEL, onPosting);

  // Should stay near 0: the one lock order prevents deadlocks; the retry is a safety net, and a
  // rising count says some write path takes its locks in another order.
  const conflictRetries = new Counter({
    name: 'db_conflict_retries_total',
    help: 'Transactions run again after PostgreSQL rolled them back for a deadlock (40P01) or a serialization failure (40001)',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  const onConflictRetry = (message: unknown) => conflictRetries.inc({ code: (message as ConflictRetryEvent).code });
  diagnostics.subscribe(CONFLICT_RETRY_CHANNEL, onConflictRetry);

  const providerCalls = new Counter({
    name: 'provider_api_calls_total',
    help: 'Provider API calls by provider code (unverified: the signature was not accepted), operation and outcome (ok, rejected = 4xx, error = 5xx)',
    labelNames: ['provider', 'op', 'outcome'] as const,
    registers: [registry],
  });
  const providerRoutes = `${opts.apiPrefix}${PROVIDER_API_PREFIX}/`;

  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const status = reply.statusCode;
    duration.observe({ method: request.method, route, status_code: String(status) }, reply.elapsedTime / 1000);
    if (route.startsWith(providerRoutes)) {
      providerCalls.inc({
        provider: providerOfCall(request) ?? 'unverified',
        op: route.slice(providerRoutes.length),
        outcome: outcomeOf(status),
      });
    }
  });

  app.addHook('onClose', async () => {
    diagnostics.unsubscribe(LEDGER_POSTED_CHANNEL, onPosting);
    diagnostics.unsubscribe(CONFLICT_RETRY_CHANNEL, onConflictRetry);
    registry.clear();
  });

  if (!opts.token) return;
  const expected = digest(opts.token);
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['ops'],
        summary: 'Prometheus metrics (text format); Authorization: Bearer <METRICS_TOKEN>',
      },
    },
    async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      // Compared as fixed-length digests, in constant time.
      if (!timingSafeEqual(digest(given), expected)) {
        void reply.header('www-authenticate', 'Bearer realm="metrics"');
        return sendError(request, reply, 'UNAUTHORIZED');
      }
      // The one response that is not an envelope: scrapers expect this format.
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
});
