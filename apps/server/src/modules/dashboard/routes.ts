import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardOverviewSchema, dashboardStatsRequestSchema, dashboardStatsSchema, envelopeSchema } from '@agent-bo/shared';
import { ok } from '../../plugins/envelope.js';
import { callerOf } from '../../plugins/auth.js';
import { overview } from './service.js';
import { dashboardStats } from './stats.js';

export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/manage/dashboard/overview',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The caller's own figures: balance, direct and subtree agent/player counts, last sign-in",
        security: [{ bearer: [] }],
        response: { 200: envelopeSchema(dashboardOverviewSchema) },
      },
      preHandler: app.authenticate,
    },
    async (request) => ok(await overview(app.db, callerOf(request))),
  );

  r.post(
    '/manage/dashboard/stats',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          "Sales, shares by provider and game category, visits (sign-ins) and the daily trend of the caller's subtree over business dates (default: this week)",
        security: [{ bearer: [] }],
        body: dashboardStatsRequestSchema,
        response: { 200: envelopeSchema(dashboardStatsSchema) },
      },
      preHandler: app.authenticate,
    },
    async (request) => ok(await dashboardStats(app.db, callerOf(request), request.body ?? {}, app.config.now())),
  );
}
