import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  STORE_EXPORT_MAX_ROWS,
  storeOrderCancelRequestSchema,
  storeOrderExportQuerySchema,
  storeOrderListRequestSchema,
  storeOrderListSchema,
  storeOrderSchema,
  storeOrderShipRequestSchema,
} from '@agent-bo/shared';
import { callerOf } from '../../../plugins/auth.js';
import { localeOf, ok } from '../../../plugins/envelope.js';
import { cancelOrder, exportOrders, listOrders, shipOrder } from '../orders.js';
import { secured, S, storeNeeds, storeContext, sendStoreCsv } from './context.js';

/** Orders: list, CSV, ship, cancel with refund. */
export async function storeOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reads = (area: string) => storeNeeds(app, `${area}_READ||${area}_WRITE`);
  const writes = (area: string) => storeNeeds(app, `${area}_WRITE`);
  const ctx = (request: FastifyRequest) => storeContext(app, request);
  const sendCsv = (req: FastifyRequest, reply: FastifyReply, name: string, file: NodeJS.ReadableStream) =>
    sendStoreCsv(app, req, reply, name, file);
  r.post(
    `${S}/order/list`,
    {
      ...reads('STORE_ORDER'),
      schema: {
        ...secured,
        summary:
          "Orders of the players in the caller's subtree, newest first, filtered by status, player, goods and date (site zone); paged",
        body: storeOrderListRequestSchema,
        response: { 200: envelopeSchema(storeOrderListSchema) },
      },
    },
    async (req) => ok(await listOrders(ctx(req), req.body)),
  );
  r.get(
    `${S}/order/export`,
    {
      ...reads('STORE_ORDER'),
      schema: {
        ...secured,
        summary: `Orders as CSV (UTF-8 with BOM, at most ${STORE_EXPORT_MAX_ROWS} rows), the list's filters`,
        produces: ['text/csv'],
        querystring: storeOrderExportQuerySchema,
      },
    },
    async (req, reply) => sendCsv(req, reply, 'orders', await exportOrders(app.pool, callerOf(req), req.query, localeOf(req))),
  );
  r.post(
    `${S}/order/ship`,
    {
      ...writes('STORE_ORDER'),
      schema: {
        ...secured,
        summary: 'Unshipped → Shipped with the shipping note; who and when are recorded (STORE_ORDER_STATE from any other status)',
        body: storeOrderShipRequestSchema,
        response: { 200: envelopeSchema(storeOrderSchema) },
      },
    },
    async (req) => ok(await shipOrder(ctx(req), req.body)),
  );
  r.post(
    `${S}/order/cancel`,
    {
      ...writes('STORE_ORDER'),
      schema: {
        ...secured,
        summary: 'Cancels an Unshipped order: the points are refunded and the stock restored in the same transaction',
        body: storeOrderCancelRequestSchema,
        response: { 200: envelopeSchema(storeOrderSchema) },
      },
    },
    async (req) => ok(await cancelOrder(ctx(req), req.body)),
  );
}
