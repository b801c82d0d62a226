import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, siteSecuritySaveRequestSchema, siteSecuritySchema } from '@agent-bo/shared';
import { callerOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { getSiteSecurity, saveSiteSecurity } from './service.js';

/** The site's sign-in security settings (the site's admin only). */
export async function siteSecurityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { tags: ['account'], security: [{ bearer: [] }] };
  r.post(
    '/manage/site/security',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "The site's sign-in security: second factor required for staff, hours a handed-off password works (the site's admin only)",
        // No fields; the web client sends every POST with a JSON body, `{}` here.
        body: z.strictObject({}).nullish(),
        response: { 200: envelopeSchema(siteSecuritySchema) },
      },
    },
    async (request) => ok(await getSiteSecurity(app.db, callerOf(request))),
  );
  r.post(
    '/manage/site/security/save',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "Saves the site's sign-in security settings (logged; the site's admin only)",
        body: siteSecuritySaveRequestSchema,
        response: { 200: envelopeSchema(siteSecuritySchema) },
      },
    },
    async (request) => ok(await saveSiteSecurity(app.db, callerOf(request), request.ip, request.body)),
  );
}
