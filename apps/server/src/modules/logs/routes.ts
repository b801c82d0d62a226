import type { FastifyInstance, FastifyReply } from 'fastify';
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
  type LogTab,
} from '@agent-bo/shared';
import { formatDateTime } from '../../lib/dates.js';
import { ok } from '../../plugins/envelope.js';
import { callerOf } from '../../plugins/auth.js';
import { siteTimeZone } from '../auth/service.js';
import { CSV_COLUMNS, cashLog, operationLog, ratioLog, toCsv, transferLog } from './service.js';

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
    { ...auth, schema: { ...secured, summary: 'Operation log of the caller’s subtree (paged, newest first)', body: operationLogRequestSchema, response: { 200: envelopeSchema(operationLogPageSchema) } } },
    async (req) => ok(await operationLog(app.db, callerOf(req), req.body, req.body)),
  );
  r.post(
    '/manage/log/cash',
    { ...auth, schema: { ...secured, summary: 'Cash log (ledger entries) of the caller’s subtree (paged, newest first)', body: cashLogRequestSchema, response: { 200: envelopeSchema(cashLogPageSchema) } } },
    async (req) => ok(await cashLog(app.db, callerOf(req), req.body, req.body)),
  );
  r.post(
    '/manage/log/ratio',
    { ...auth, schema: { ...secured, summary: 'Ratio changes (old → new) in the caller’s subtree (paged, newest first)', body: ratioLogRequestSchema, response: { 200: envelopeSchema(ratioLogPageSchema) } } },
    async (req) => ok(await ratioLog(app.db, callerOf(req), req.body, req.body)),
  );
  r.post(
    '/manage/log/transfer',
    { ...auth, schema: { ...secured, summary: 'Player ↔ provider transfers in the caller’s subtree (paged, newest first)', body: transferLogRequestSchema, response: { 200: envelopeSchema(transferLogPageSchema) } } },
    async (req) => ok(await transferLog(app.db, callerOf(req), req.body, req.body)),
  );

  function sendCsv(reply: FastifyReply, tab: LogTab, siteId: string, rows: readonly Record<string, unknown>[]) {
    const stamp = formatDateTime(app.config.now(), siteTimeZone(siteId)).replace(/[-: ]/g, '');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${tab}-log-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(toCsv(CSV_COLUMNS[tab], rows));
  }
  const csv = (summary: string) => ({ ...secured, summary: `${summary} as CSV (UTF-8 with BOM, at most ${LOG_EXPORT_MAX_ROWS} rows)`, produces: ['text/csv'] });

  r.get('/manage/log/operation/export', { ...auth, schema: { ...csv('Operation log'), querystring: operationLogExportQuerySchema } }, async (req, reply) => {
    const caller = callerOf(req);
    const page = await operationLog(app.db, caller, req.query, null, LOG_EXPORT_MAX_ROWS);
    return sendCsv(reply, 'operation', caller.siteId, page.list);
  });
  r.get('/manage/log/cash/export', { ...auth, schema: { ...csv('Cash log'), querystring: cashLogExportQuerySchema } }, async (req, reply) => {
    const caller = callerOf(req);
    const page = await cashLog(app.db, caller, req.query, null, LOG_EXPORT_MAX_ROWS);
    return sendCsv(reply, 'cash', caller.siteId, page.list);
  });
  r.get('/manage/log/ratio/export', { ...auth, schema: { ...csv('Ratio log'), querystring: ratioLogExportQuerySchema } }, async (req, reply) => {
    const caller = callerOf(req);
    const page = await ratioLog(app.db, caller, req.query, null, LOG_EXPORT_MAX_ROWS);
    return sendCsv(reply, 'ratio', caller.siteId, page.list);
  });
  r.get('/manage/log/transfer/export', { ...auth, schema: { ...csv('Transfer log'), querystring: transferLogExportQuerySchema } }, async (req, reply) => {
    const caller = callerOf(req);
    const page = await transferLog(app.db, caller, req.query, null, LOG_EXPORT_MAX_ROWS);
    return sendCsv(reply, 'transfer', caller.siteId, page.list);
  });
}
