import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  storeCategoryListRequestSchema,
  storeCategoryListSchema,
  storeCategorySaveRequestSchema,
  storeDeleteRequestSchema,
  storeSavedSchema,
  storeSortRequestSchema,
} from '@agent-bo/shared';
import { ok } from '../../../plugins/envelope.js';
import { deleteCategory, listCategories, saveCategory, sortCategories } from '../catalogue.js';
import { done, secured, S, storeNeeds, storeContext } from './context.js';

/** The store's categories: list, save, sort, delete. */
export async function storeCategoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reads = (area: string) => storeNeeds(app, `${area}_READ||${area}_WRITE`);
  const writes = (area: string) => storeNeeds(app, `${area}_WRITE`);
  const ctx = (request: FastifyRequest) => storeContext(app, request);
  r.post(
    `${S}/category/list`,
    {
      ...reads('STORE_CATEGORY'),
      schema: {
        ...secured,
        summary: "The site's store categories in order, filtered by name (any locale) and status; paged",
        body: storeCategoryListRequestSchema,
        response: { 200: envelopeSchema(storeCategoryListSchema) },
      },
    },
    async (req) => ok(await listCategories(ctx(req), req.body)),
  );
  r.post(
    `${S}/category/save`,
    {
      ...writes('STORE_CATEGORY'),
      schema: {
        ...secured,
        summary: 'Creates (no id) or changes a category with the version it read (STORE_VERSION_STALE otherwise)',
        body: storeCategorySaveRequestSchema,
        response: { 200: envelopeSchema(storeSavedSchema) },
      },
    },
    async (req) => ok(await saveCategory(ctx(req), req.body)),
  );
  r.delete(
    `${S}/category/delete`,
    {
      ...writes('STORE_CATEGORY'),
      schema: {
        ...secured,
        summary: 'Deletes an empty category (JSON body, with the version it read); STORE_CATEGORY_IN_USE while goods are in it',
        body: storeDeleteRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => ok(await deleteCategory(ctx(req), req.body)),
  );
  r.post(
    `${S}/category/sort`,
    {
      ...writes('STORE_CATEGORY'),
      schema: {
        ...secured,
        summary: 'The order of the categories: these first, in this order',
        body: storeSortRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => ok(await sortCategories(ctx(req), req.body)),
  );
}
