import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { authenticate } from '../core/session.js';
import type { Caller } from '../core/caller.js';
import { resolveSite } from './site.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` on routes that need a signed-in caller. */
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** preHandler: site check, then the bearer token → `request.caller`, else 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The bearer token of the request when it has a well-formed one. */
export function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/i.exec(header.trim());
  return match?.[1];
}

/** The signed-in caller; routes behind `app.authenticate` always have one. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('UNAUTHORIZED');
  return request.caller;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('caller', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const siteId = resolveSite(request, app.config.siteHosts);
    const token = bearer(request);
    if (!token) throw new AppError('UNAUTHORIZED');
    request.caller = await authenticate(app.db, token, siteId);
  });
});
