import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { addressAllowed } from '../core/address-lists.js';
import { authenticate } from '../core/session.js';
import { stepRefusal } from '../core/session-steps.js';
import { SessionActivity } from '../core/session-activity.js';
import { SessionCache } from '../core/session-cache.js';
import { DEFAULT_SESSION_CACHE } from '../config.js';
import { notificationsOf } from '../db/client.js';
import type { Caller } from '../core/caller.js';
import { resolveSite } from './site.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is open to a session that must first change its password or enrol a second
     * factor (sessions.step): its own user info, sign-out, the password change and enrolment.
     * Every other route refuses such a session.
     */
    duringStep?: boolean;
  }
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

/**
 * The session cache needs a pool whose connections LISTEN (db/client.ts `createDatabase`); a pool
 * made otherwise (some fault tests make their own) runs the auth statement on every request.
 */
function sessionCacheOf(app: FastifyInstance): SessionCache | undefined {
  const config = app.config.sessionCache ?? DEFAULT_SESSION_CACHE;
  const notifications = notificationsOf(app.pool);
  if (config === false || !notifications) return undefined;
  return new SessionCache({ ...config, notifications, connection: app.pool.options, log: app.log });
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  const cache = sessionCacheOf(app);
  if (cache) app.addHook('onClose', async () => cache.stop());
  const activity = new SessionActivity(app.db, app.log, 60_000, app.config.now);
  app.addHook('onClose', async () => activity.settle());
  app.decorateRequest('caller', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const siteId = resolveSite(request, app.config.siteHosts);
    const token = bearer(request);
    if (!token) throw new AppError('UNAUTHORIZED');
    const caller = await authenticate(app.db, token, siteId, cache);
    // The address lists of the account's chain, read with the session (a kept caller is dropped
    // when a list changes): a request from outside any of them is refused, the session kept.
    if (caller.addressLists.length > 0 && !addressAllowed(caller.addressLists, request.ip)) throw new AppError('ADDRESS_NOT_ALLOWED');
    if (caller.sessionStep && request.routeOptions.config.duringStep !== true) {
      throw new AppError(stepRefusal(caller.sessionStep));
    }
    activity.touch(caller.sessionId, caller.sessionSeenAt);
    request.caller = caller;
  });
});
