import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  goodsListRequestSchema,
  goodsListSchema,
  goodsSaveRequestSchema,
  storeDeleteRequestSchema,
  storeSavedSchema,
} from '@agent-bo/shared';
import { ok } from '../../../plugins/envelope.js';
import { deleteGoods, listGoods, saveGoods } from '../catalogue.js';
import { done, secured, S, storeNeeds, storeContext } from './context.js';

/** The store's goods: list, save, delete. */
export async function storeGoodsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reads = (area: string) => storeNeeds(app, `${area}_READ||${area}_WRITE`);
  const writes = (area: string) => storeNeeds(app, `${area}_WRITE`);
  const ctx = (request: FastifyRequest) => storeContext(app, request);
  r.post(
    `${S}/goods/list`,
    {
      ...reads('STORE_GOODS'),
      schema: {
        ...secured,
        summary: "The site's goods in store order, filtered by name (any locale), category, status and stock; paged",
        body: goodsListRequestSchema,
        response: { 200: envelopeSchema(goodsListSchema) },
      },
    },
    async (req) => ok(await listGoods(ctx(req), req.body)),
  );
  r.post(
    `${S}/goods/save`,
    {
      ...writes('STORE_GOODS'),
      schema: {
        ...secured,
        summary:
          'Creates (no id) or changes goods with the version it read: per-locale name and description, uploaded images, points price, ' +
          'stock, per-player limit, Published / Draft, category (STORE_CATEGORY_UNKNOWN), sort',
        body: goodsSaveRequestSchema,
        response: { 200: envelopeSchema(storeSavedSchema) },
      },
    },
    async (req) => ok(await saveGoods(ctx(req), req.body)),
  );
  r.delete(
    `${S}/goods/delete`,
    {
      ...writes('STORE_GOODS'),
      schema: {
        ...secured,
        summary: 'Deletes goods nobody ordered (JSON body, with the version it read); STORE_GOODS_HAS_ORDERS otherwise',
        body: storeDeleteRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => ok(await deleteGoods(ctx(req), req.body)),
  );
}
