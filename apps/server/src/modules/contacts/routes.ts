import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactConfirmRequestSchema,
  contactRemoveRequestSchema,
  contactSchema,
  contactStartRequestSchema,
  envelopeSchema,
} from '@agent-bo/shared';
import { callerOf } from '../../plugins/auth.js';
import { localeOf, ok } from '../../plugins/envelope.js';
import { codeContextOf } from '../../plugins/outbound.js';
import { confirmContact, listContacts, removeContact, startContact } from './service.js';

/** The caller's own proved phone number and e-mail address (issue 33). */
export async function contactRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { tags: ['account'], security: [{ bearer: [] }] };
  const contacts = envelopeSchema(z.array(contactSchema));

  r.post(
    '/manage/contact/list',
    { preHandler: app.authenticate, schema: { ...secured, summary: "The caller's proved contacts", response: { 200: contacts } } },
    async (request) => ok(await listContacts(codeContextOf(app), callerOf(request))),
  );

  r.post(
    '/manage/contact/start',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Send a code to a phone number or e-mail address the caller wants to use',
        body: contactStartRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) =>
      ok(
        await startContact(
          codeContextOf(app),
          callerOf(request),
          request.body,
          { ip: request.ip, locale: localeOf(request) },
          app.config.throttle,
        ),
      ),
  );

  r.post(
    '/manage/contact/confirm',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Prove the contact with the code sent there',
        body: contactConfirmRequestSchema,
        response: { 200: contacts },
      },
    },
    async (request) => ok(await confirmContact(codeContextOf(app), callerOf(request), request.body, request.ip)),
  );

  r.post(
    '/manage/contact/remove',
    {
      preHandler: app.authenticate,
      schema: { ...secured, summary: "Remove one of the caller's contacts", body: contactRemoveRequestSchema, response: { 200: contacts } },
    },
    async (request) => ok(await removeContact(codeContextOf(app), callerOf(request), request.body.channel, request.ip)),
  );
}
