import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryListRequestSchema,
  categoryListSchema,
  categorySaveRequestSchema,
  envelopeSchema,
  gameBulkResultSchema,
  gameBulkStatusRequestSchema,
  gameBulkTagRequestSchema,
  gameListRequestSchema,
  gameListSchema,
  gameSaveRequestSchema,
  gameSchema,
  materialDeleteRequestSchema,
  materialGameSearchRequestSchema,
  materialOptionsSchema,
  materialSavedSchema,
  materialSortRequestSchema,
  moduleDetailSchema,
  moduleListRequestSchema,
  moduleListSchema,
  moduleSaveRequestSchema,
  tagGamesRequestSchema,
  tagGamesSchema,
  tagSortRequestSchema,
} from '@agent-bo/shared';
import { requirePermission } from '../../plugins/access.js';
import { callerOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { deleteCategory, listCategories, saveCategory, sortCategories } from './categories.js';
import type { MaterialContext } from './common.js';
import { bulkGameStatus, bulkGameTag, listGames, saveGame, sortTag, tagGames } from './games.js';
import { deleteModule, listModules, moduleDetail, saveModule, sortModules } from './modules.js';
import { materialOptions, searchGames } from './options.js';

const done = envelopeSchema(z.null());

/**
 * Game lobby material (`/material`, PRODUCT.md §6): categories, games, recommend tags and lobby
 * modules of the caller's site. Each area has its own codes (CATEGORY_, GAME_, TAG_,
 * COLLECTION_ READ/WRITE): READ or WRITE reads, only WRITE writes; the writer rule (no shadow,
 * nothing read-only) lives in the services.
 */
export async function materialRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { security: [{ bearer: [] }], tags: ['material'] };
  const needs = (code: string) => ({ preHandler: [app.authenticate, requirePermission(code)] });
  const reads = (area: string) => needs(`${area}_READ||${area}_WRITE`);
  const writes = (area: string) => needs(`${area}_WRITE`);
  const ctx = (request: FastifyRequest): MaterialContext => ({
    db: app.db,
    caller: callerOf(request),
    ip: request.ip,
    now: app.config.now,
  });
  const M = '/manage/material';

  // ---- categories
  r.post(
    `${M}/category/list`,
    {
      ...reads('CATEGORY'),
      schema: {
        ...secured,
        summary: "The site's lobby categories in lobby order, filtered by name (any locale) and status; paged",
        body: categoryListRequestSchema,
        response: { 200: envelopeSchema(categoryListSchema) },
      },
    },
    async (req) => ok(await listCategories(ctx(req), req.body)),
  );
  r.post(
    `${M}/category/save`,
    {
      ...writes('CATEGORY'),
      schema: {
        ...secured,
        summary: 'Creates (no id) or changes a category with the version it read (MATERIAL_VERSION_STALE otherwise)',
        body: categorySaveRequestSchema,
        response: { 200: envelopeSchema(materialSavedSchema) },
      },
    },
    async (req) => ok(await saveCategory(ctx(req), req.body)),
  );
  r.delete(
    `${M}/category/delete`,
    {
      ...writes('CATEGORY'),
      schema: {
        ...secured,
        summary: 'Deletes a category (JSON body, with the version it read); its games are filed by their provider category again',
        body: materialDeleteRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => ok(await deleteCategory(ctx(req), req.body)),
  );
  r.post(
    `${M}/category/sort`,
    {
      ...writes('CATEGORY'),
      schema: {
        ...secured,
        summary: 'The lobby order of the categories: these first, in this order',
        body: materialSortRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => ok(await sortCategories(ctx(req), req.body)),
  );

  // ---- games
  r.post(
    `${M}/game/list`,
    {
      ...reads('GAME'),
      schema: {
        ...secured,
        summary:
          "The site's games: filtered by provider, category (the one it is filed under), tag, status, unavailable and a text in the code or any name; sorted and paged",
        body: gameListRequestSchema,
        response: { 200: envelopeSchema(gameListSchema) },
      },
    },
    async (req) => ok(await listGames(ctx(req), req.body)),
  );
  r.get(
    `${M}/game/options`,
    {
      ...needs('GAME_READ||GAME_WRITE||COLLECTION_READ||COLLECTION_WRITE'),
      schema: {
        ...secured,
        summary: "What the game editor chooses from: the site's categories and providers",
        response: { 200: envelopeSchema(materialOptionsSchema) },
      },
    },
    async (req) => ok(await materialOptions(ctx(req))),
  );
  r.post(
    `${M}/game/save`,
    {
      ...writes('GAME'),
      schema: {
        ...secured,
        summary:
          "Changes the operator's fields of a game (names, image, category, tag, status, sort, lobby visibility) with the version it read; games themselves come from the providers",
        body: gameSaveRequestSchema,
        response: { 200: envelopeSchema(materialSavedSchema) },
      },
    },
    async (req) => ok(await saveGame(ctx(req), req.body)),
  );
  r.post(
    `${M}/game/bulk_status`,
    {
      ...writes('GAME'),
      schema: {
        ...secured,
        summary: "One status for many games, in one transaction: every id the site's or nothing changes; answers how many changed",
        body: gameBulkStatusRequestSchema,
        response: { 200: envelopeSchema(gameBulkResultSchema) },
      },
    },
    async (req) => ok(await bulkGameStatus(ctx(req), req.body)),
  );
  r.post(
    `${M}/game/bulk_tag`,
    {
      ...writes('GAME'),
      schema: {
        ...secured,
        summary:
          'One tag for many games, in one transaction (newly tagged games go to the end of the tag’s order); answers how many changed',
        body: gameBulkTagRequestSchema,
        response: { 200: envelopeSchema(gameBulkResultSchema) },
      },
    },
    async (req) => ok(await bulkGameTag(ctx(req), req.body)),
  );

  // ---- recommend management (tags)
  r.post(
    `${M}/tag/list`,
    {
      ...reads('TAG'),
      schema: {
        ...secured,
        summary: 'The games carrying a tag (1 hot, 2 new, 3 recommended), in their order',
        body: tagGamesRequestSchema,
        response: { 200: envelopeSchema(tagGamesSchema) },
      },
    },
    async (req) => ok(await tagGames(ctx(req), req.body)),
  );
  r.post(
    `${M}/tag/sort`,
    {
      ...writes('TAG'),
      schema: {
        ...secured,
        summary: 'The order of the games carrying a tag: these first, in this order',
        body: tagSortRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => ok(await sortTag(ctx(req), req.body)),
  );

  // ---- lobby modules (collections)
  r.post(
    `${M}/collection/list`,
    {
      ...reads('COLLECTION'),
      schema: {
        ...secured,
        summary: "The site's lobby modules in lobby order, filtered by title (any locale) and status; paged",
        body: moduleListRequestSchema,
        response: { 200: envelopeSchema(moduleListSchema) },
      },
    },
    async (req) => ok(await listModules(ctx(req), req.body)),
  );
  r.post(
    `${M}/collection/detail`,
    {
      ...reads('COLLECTION'),
      schema: {
        ...secured,
        summary: 'A module with its games in order',
        body: z.strictObject({ id: z.number().int().min(1).max(2_147_483_647) }),
        response: { 200: envelopeSchema(moduleDetailSchema) },
      },
    },
    async (req) => ok(await moduleDetail(ctx(req), req.body.id)),
  );
  r.post(
    `${M}/collection/games`,
    {
      ...reads('COLLECTION'),
      schema: {
        ...secured,
        summary: "The site's listed games whose code or any name contains `text` (at most 20): what a module can hold",
        body: materialGameSearchRequestSchema,
        response: { 200: envelopeSchema(z.array(gameSchema)) },
      },
    },
    async (req) => ok(await searchGames(ctx(req), req.body)),
  );
  r.post(
    `${M}/collection/save`,
    {
      ...writes('COLLECTION'),
      schema: {
        ...secured,
        summary: 'Creates (no id) or changes a module with the version it read, its games in lobby order (each once: MODULE_GAME_TWICE)',
        body: moduleSaveRequestSchema,
        response: { 200: envelopeSchema(materialSavedSchema) },
      },
    },
    async (req) => ok(await saveModule(ctx(req), req.body)),
  );
  r.delete(
    `${M}/collection/delete`,
    {
      ...writes('COLLECTION'),
      schema: {
        ...secured,
        summary: 'Deletes a module (JSON body, with the version it read)',
        body: materialDeleteRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => ok(await deleteModule(ctx(req), req.body)),
  );
  r.post(
    `${M}/collection/sort`,
    {
      ...writes('COLLECTION'),
      schema: {
        ...secured,
        summary: 'The lobby order of the modules: these first, in this order',
        body: materialSortRequestSchema,
        response: { 200: done },
      },
    },
    async (req) => ok(await sortModules(ctx(req), req.body)),
  );
}
