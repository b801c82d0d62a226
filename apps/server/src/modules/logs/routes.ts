import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LOG_EXPORT_MAX_ROWS,
  cashLogExportQuerySchema,
  cashLogPageSchema,
  cashLogRequestSchema,
  envelopeSchema,
  operationLogExportQuerySchema,
  operationLogPageSchema,
  operationLogRequestSchema,
  ratioLogExportQuerySchema,
  ratioLogPageSchema,
  ratioLogRequestSchema,
  transferLogExportQuerySchema,
  transferLogPageSchema,
  transferLogRequestSchema,
  siteTimeZone,
  type LogTab,
} from '@agent-bo/shared';
import { formatDateTime } from '../../lib/dates.js';
import { ok } from '../../plugins/envelope.js';
import { callerOf } from '../../plugins/auth.js';
import { csvHeaders } from '../../core/csv.js';
import { cashLog, exportLog, operationLog, ratioLog, transferLog, type ExportFilters } from './service.js';

/**
 * The log page (`/log/index`, PRODUCT.md §8): four paged, filtered logs and their CSV exports.
 * Logs are append-only, so only POST (list) and GET (export) exist; PUT/DELETE answer 405/404.
 */
export async function logRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };
  const secured = { security: [{ bearer: [] }], tags: ['logs'] };

  r.post(
    '/manage/log/operation',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'Operation log of the caller’s subtree (paged, newest first)',
        body: operationLogRequestSchema,
        response: { 200: envelopeSchema(operationLogPageSchema) },
      },
    },
    async (req) => ok(await operationLog(app.db, callerOf(req), req.body, req.body)),
  );
  r.post(
    '/manage/log/cash',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'Cash log (ledger entries) of the caller’s subtree (paged, newest first)',
        body: cashLogRequestSchema,
        response: { 200: envelopeSchema(cashLogPageSchema) },
      },
    },
    async (req) => ok(await cashLog(app.db, callerOf(req), req.body, req.body)),
  );
  r.post(
    '/manage/log/ratio',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'Ratio changes (old → new) in the caller’s subtree (paged, newest first)',
        body: ratioLogRequestSchema,
        response: { 200: envelopeSchema(ratioLogPageSchema) },
      },
    },
    async (req) => ok(await ratioLog(app.db, callerOf(req), req.body, req.body)),
  );
  r.post(
    '/manage/log/transfer',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'Player ↔ provider transfers in the caller’s subtree (paged, newest first)',
        body: transferLogRequestSchema,
        response: { 200: envelopeSchema(transferLogPageSchema) },
      },
    },
    async (req) => ok(await transferLog(app.db, callerOf(req), req.body, req.body)),
  );

  /** Streams the tab's CSV (validated filters in, at most LOG_EXPORT_MAX_ROWS rows). */
  async function sendCsv<K extends LogTab>(req: FastifyRequest, reply: FastifyReply, tab: K, filters: ExportFilters[K]) {
    const caller = callerOf(req);
    const file = await exportLog(app.pool, caller, tab, filters, LOG_EXPORT_MAX_ROWS);
    const stamp = formatDateTime(app.config.now(), siteTimeZone(caller.siteId)).replace(/[-: ]/g, '');
    return reply.headers(csvHeaders(`${tab}-log-${stamp}.csv`)).send(file);
  }
  const csv = (summary: string) => ({
    ...secured,
    summary: `${summary} as CSV (UTF-8 with BOM, at most ${LOG_EXPORT_MAX_ROWS} rows)`,
    produces: ['text/csv'],
  });

  r.get(
    '/manage/log/operation/export',
    { ...auth, schema: { ...csv('Operation log'), querystring: operationLogExportQuerySchema } },
    (req, reply) => sendCsv(req, reply, 'operation', req.query),
  );
  r.get('/manage/log/cash/export', { ...auth, schema: { ...csv('Cash log'), querystring: cashLogExportQuerySchema } }, (req, reply) =>
    sendCsv(req, reply, 'cash', req.query),
  );
  r.get('/manage/log/ratio/export', { ...auth, schema: { ...csv('Ratio log'), querystring: ratioLogExportQuerySchema } }, (req, reply) =>
    sendCsv(req, reply, 'ratio', req.query),
  );
  r.get(
    '/manage/log/transfer/export',
    { ...auth, schema: { ...csv('Transfer log'), querystring: transferLogExportQuerySchema } },
    (req, reply) => sendCsv(req, reply, 'transfer', req.query),
  );
}
