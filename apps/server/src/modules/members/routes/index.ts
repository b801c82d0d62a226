import type { FastifyInstance } from 'fastify';
import { memberListRoutes } from './lists.js';
import { memberCreateRoutes } from './create.js';
import { memberEditRoutes } from './edit.js';
import { memberLookupRoutes } from './lookups.js';
import { memberVerificationRoutes } from './verification.js';
import { memberPublicRoutes } from './public.js';

/**
 * Agents, players and shadows (PRODUCT.md §3). Every route but register / submit_verify needs a
 * session; the rules (reach, read-only callers, ratios, providers, moves) live in the services.
 * One file per concern, each registered here.
 */
export async function memberRoutes(app: FastifyInstance) {
  await app.register(memberListRoutes);
  await app.register(memberCreateRoutes);
  await app.register(memberEditRoutes);
  await app.register(memberLookupRoutes);
  await app.register(memberVerificationRoutes);
  await app.register(memberPublicRoutes);
}
