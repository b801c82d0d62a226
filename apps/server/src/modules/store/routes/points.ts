import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  pointsEntryExportQuerySchema,
  pointsEntryListRequestSchema,
  pointsEntryListSchema,
  STORE_EXPORT_MAX_ROWS,
} from '@agent-bo/shared';
import { callerOf } from '../../../plugins/auth.js';
import { ok } from '../../../plugins/envelope.js';
import { exportEntries, listEntries } from '../orders.js';
import { secured, S, storeNeeds, storeContext, sendStoreCsv } from './context.js';

/** The players' points detail and its CSV. */
export async function storePointsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const needs = (code: string) => storeNeeds(app, code);
  const ctx = (request: FastifyRequest) => storeContext(app, request);
  const sendCsv = (req: FastifyRequest, reply: FastifyReply, name: string, file: NodeJS.ReadableStream) =>
    sendStoreCsv(app, req, reply, name, file);
  r.post(
    `${S}/points/list`,
    {
      ...needs('PLAYER_POINTS_READ'),
      schema: {
        ...secured,
        summary:
          "Points entries of the players in the caller's subtree, newest first: type, source (bet or order), amount, balance after; " +
          'filtered by player, type and time (site zone); paged',
        body: pointsEntryListRequestSchema,
        response: { 200: envelopeSchema(pointsEntryListSchema) },
      },
    },
    async (req) => ok(await listEntries(ctx(req), req.body)),
  );
  r.get(
    `${S}/points/export`,
    {
      ...needs('PLAYER_POINTS_READ'),
      schema: {
        ...secured,
        summary: `Points entries as CSV (UTF-8 with BOM, at most ${STORE_EXPORT_MAX_ROWS} rows), the list's filters`,
        produces: ['text/csv'],
        querystring: pointsEntryExportQuerySchema,
      },
    },
    async (req, reply) => sendCsv(req, reply, 'points', await exportEntries(app.pool, callerOf(req), req.query)),
  );
}
