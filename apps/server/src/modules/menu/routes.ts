import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MENU, PERMISSION_CODES, envelopeSchema, filterMenu, menuItemSchema, toMenuItems } from '@agent-bo/shared';
import { ok } from '../../plugins/envelope.js';
import { callerOf } from '../../plugins/auth.js';

export async function menuRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/getPermCode',
    {
      config: { duringStep: true },
      schema: {
        tags: ['account'],
        summary: "The caller's effective permission codes (BACK permission mode)",
        security: [{ bearer: [] }],
        response: { 200: envelopeSchema(z.array(z.enum(PERMISSION_CODES))) },
      },
      preHandler: app.authenticate,
    },
    async (request) => ok(callerOf(request).codes),
  );

  r.get(
    '/getMenuList',
    {
      config: { duringStep: true },
      schema: {
        tags: ['account'],
        summary: 'The menu catalogue filtered by the caller’s permission codes',
        security: [{ bearer: [] }],
        response: { 200: envelopeSchema(z.array(menuItemSchema)) },
      },
      preHandler: app.authenticate,
    },
    async (request) => ok(toMenuItems(filterMenu(MENU, new Set(callerOf(request).codes)))),
  );
}
