import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, storeSettingsSaveRequestSchema, storeSettingsSchema } from '@agent-bo/shared';
import { callerOf } from '../../../plugins/auth.js';
import { ok } from '../../../plugins/envelope.js';
import { readSettings, saveSettings } from '../catalogue.js';
import { secured, S, storeNeeds, storeContext } from './context.js';

/** The site's points rate. */
export async function storeRateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const needs = (code: string) => storeNeeds(app, code);
  const writes = (area: string) => storeNeeds(app, `${area}_WRITE`);
  const ctx = (request: FastifyRequest) => storeContext(app, request);
  r.get(
    `${S}/settings`,
    {
      ...needs('STORE_GOODS_READ||STORE_GOODS_WRITE||PLAYER_POINTS_READ'),
      schema: {
        ...secured,
        summary: "The site's points rate: points per 100.00 of valid bet",
        response: { 200: envelopeSchema(storeSettingsSchema) },
      },
    },
    async (req) => ok(await readSettings(app.db, callerOf(req).siteId)),
  );
  r.post(
    `${S}/settings`,
    {
      ...writes('STORE_GOODS'),
      schema: {
        ...secured,
        summary: "Changes the site's points rate with the version it read; bets settled from now on earn at the new rate",
        body: storeSettingsSaveRequestSchema,
        response: { 200: envelopeSchema(storeSettingsSchema) },
      },
    },
    async (req) => ok(await saveSettings(ctx(req), req.body)),
  );
}
