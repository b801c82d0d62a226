import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { agentReportExportQuerySchema, agentReportRequestSchema, agentReportSchema, envelopeSchema } from '@agent-bo/shared';
import { csvHeaders } from '../../core/csv.js';
import { ok } from '../../plugins/envelope.js';
import { callerOf } from '../../plugins/auth.js';
import { agentReport, exportAgentReport } from './service.js';

/**
 * The agent report (`/report/agent`, PRODUCT.md §5): every agent may read its own report and
 * those of the agents inside its subtree; no permission code. Read-only.
 */
export async function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };
  const secured = { security: [{ bearer: [] }], tags: ['reports'] };

  r.post(
    '/manage/report/agent',
    {
      ...auth,
      schema: {
        ...secured,
        summary:
          'Agent report: one row per direct child with activity (a sub-agent summed over its subtree) and totals, for a range of business dates',
        body: agentReportRequestSchema,
        response: { 200: envelopeSchema(agentReportSchema) },
      },
    },
    async (req) => ok(await agentReport(app.db, callerOf(req), req.body)),
  );

  r.get(
    '/manage/report/agent/export',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'Agent report as CSV (UTF-8 with BOM; the totals are the last line)',
        querystring: agentReportExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const { _t: _ignored, ...input } = req.query;
      const { file, agentNo } = await exportAgentReport(app.db, app.pool, callerOf(req), input);
      const name = `agent-report-${agentNo}-${input.start.replace(/-/g, '')}-${input.end.replace(/-/g, '')}.csv`;
      return reply.headers(csvHeaders(name)).send(file);
    },
  );
}
