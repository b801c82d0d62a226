import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BET_EXPORT_MAX_ROWS,
  betDetailRequestSchema,
  betDetailSchema,
  betExportQuerySchema,
  betListRequestSchema,
  betPageSchema,
  envelopeSchema,
} from '@agent-bo/shared';
import { csvHeaders } from '../../core/csv.js';
import { ok } from '../../plugins/envelope.js';
import { callerOf } from '../../plugins/auth.js';
import { betDetail, exportBets, listBets } from './service.js';

/**
 * The bet page (`/bet/index`, PRODUCT.md §5): search, detail with every version, CSV export.
 * Every agent may search the bets of its own subtree; no permission code. Read-only.
 */
export async function betRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };
  const secured = { security: [{ bearer: [] }], tags: ['bets'] };

  r.post(
    '/manage/bet/list',
    {
      ...auth,
      schema: {
        ...secured,
        summary:
          'Bets of the caller’s subtree by account (a player, or everything under an agent), provider, game, status and placing time; newest first, count capped',
        body: betListRequestSchema,
        response: { 200: envelopeSchema(betPageSchema) },
      },
    },
    async (req) => {
      const { page, pageSize, ...filters } = req.body;
      return ok(await listBets(app.db, callerOf(req), filters, { page, pageSize }, app.config.now()));
    },
  );

  r.post(
    '/manage/bet/detail',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'One bet and every version of the same provider bet (Superseded ones included)',
        body: betDetailRequestSchema,
        response: { 200: envelopeSchema(betDetailSchema) },
      },
    },
    async (req) => ok(await betDetail(app.db, callerOf(req), req.body.id)),
  );

  r.get(
    '/manage/bet/export',
    {
      ...auth,
      schema: {
        ...secured,
        summary: `Bets as CSV (UTF-8 with BOM, newest first, at most ${BET_EXPORT_MAX_ROWS} rows)`,
        querystring: betExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const { _t: _ignored, ...filters } = req.query;
      const { file, range } = await exportBets(app.db, app.pool, callerOf(req), filters, BET_EXPORT_MAX_ROWS, app.config.now());
      const stamp = (t: string) => t.replace(/[-: ]/g, '');
      return reply.headers(csvHeaders(`bets-${stamp(range.start)}-${stamp(range.end)}.csv`)).send(file);
    },
  );
}
