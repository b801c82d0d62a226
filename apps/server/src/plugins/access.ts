import { satisfies, type PermissionRequirement } from '@agent-bo/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { callerOf } from './auth.js';

/**
 * preHandler (after `app.authenticate`): the caller's effective codes must satisfy `required`
 * (a code, an `A||B` / `A&&B` expression, or a list of which any suffices), else PERMISSION_DENIED.
 */
export function requirePermission(required: PermissionRequirement) {
  return async (request: FastifyRequest) => {
    if (!satisfies(required, callerOf(request).codes)) throw new AppError('PERMISSION_DENIED');
  };
}
