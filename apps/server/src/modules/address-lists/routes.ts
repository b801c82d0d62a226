import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADDRESS_LIST_KINDS,
  addressListChangeRequestSchema,
  addressListPictureSchema,
  envelopeSchema,
  idRequestSchema,
} from '@agent-bo/shared';
import { callerOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { displayAddress } from '../../lib/cidr.js';
import { changeAddressList, readAddressLists, type AddressListContext } from './service.js';

/**
 * Address allow-lists of agents and shadows (issue 33), under the member paths like the other
 * member edits: the same reach and writer rules, no permission code of their own.
 */
export async function addressListRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { tags: ['members'], security: [{ bearer: [] }] };
  const answer = { 200: envelopeSchema(addressListPictureSchema) };
  const ctx = (request: FastifyRequest): AddressListContext => ({
    db: app.db,
    caller: callerOf(request),
    ip: request.ip,
    now: app.config.now,
  });

  for (const kind of ADDRESS_LIST_KINDS) {
    r.post(
      `/manage/${kind}/address_list`,
      {
        preHandler: app.authenticate,
        schema: {
          ...secured,
          summary: `The address lists that apply to a ${kind}: those set above it and its own`,
          body: idRequestSchema,
          response: answer,
        },
      },
      async (req) => ok(await readAddressLists(ctx(req), req.body.id, kind, displayAddress(req.ip))),
    );
    r.post(
      `/manage/${kind}/change_address_list`,
      {
        preHandler: app.authenticate,
        schema: {
          ...secured,
          summary: `Set a ${kind}'s own address list (an empty list removes it); ADDRESS_LIST_INVALID names an unreadable entry`,
          body: addressListChangeRequestSchema,
          response: answer,
        },
      },
      async (req) => ok(await changeAddressList(ctx(req), req.body, kind, displayAddress(req.ip))),
    );
  }
}
