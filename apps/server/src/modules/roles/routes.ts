import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  permissionCatalogueSchema,
  roleAssignableRequestSchema,
  roleAssignableSchema,
  roleAssignRequestSchema,
  roleAssignResultSchema,
  roleDeleteRequestSchema,
  roleDeleteResultSchema,
  roleDetailRequestSchema,
  roleDetailSchema,
  roleListRequestSchema,
  roleListSchema,
  roleSaveRequestSchema,
  roleSaveResultSchema,
} from '@agent-bo/shared';
import { ok } from '../../plugins/envelope.js';
import { callerOf } from '../../plugins/auth.js';
import { requirePermission } from '../../plugins/access.js';
import { assignableAccounts, assignRoles, unassignRoles } from './assign.js';
import type { RoleContext } from './context.js';
import { deleteRole } from './delete.js';
import { catalogueFor, listRoles, roleDetail } from './read.js';
import { saveRole } from './save.js';

/**
 * Role permission management (`/permission/index`, PRODUCT.md §7). Every route needs
 * ROLE_PERMISSION_WRITE, as the spec's permission management does; the writer rule, "only codes
 * you hold" and the subtree rules live in the service.
 */
export async function roleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { security: [{ bearer: [] }], tags: ['roles'] };
  const guarded = { preHandler: [app.authenticate, requirePermission('ROLE_PERMISSION_WRITE')] };
  const ctx = (request: FastifyRequest): RoleContext => ({ db: app.db, caller: callerOf(request), ip: request.ip });

  r.post(
    '/manage/role/list',
    {
      ...guarded,
      schema: {
        ...secured,
        summary:
          "The site's roles, built-in first: filtered by name (any locale), a code they hold and built-in or not; paged. `editable` says whether the caller holds every code of the role",
        body: roleListRequestSchema,
        response: { 200: envelopeSchema(roleListSchema) },
      },
    },
    async (req) => ok(await listRoles(ctx(req), req.body)),
  );

  r.post(
    '/manage/role/detail',
    {
      ...guarded,
      schema: {
        ...secured,
        summary: "A role with its holders in the caller's working subtree (paged); holders elsewhere are only counted",
        body: roleDetailRequestSchema,
        response: { 200: envelopeSchema(roleDetailSchema) },
      },
    },
    async (req) => ok(await roleDetail(ctx(req), req.body)),
  );

  r.post(
    '/manage/role/save',
    {
      ...guarded,
      schema: {
        ...secured,
        summary:
          'Creates (no id) or changes a role with the version it read (ROLE_VERSION_STALE otherwise). Only codes the caller holds, on a role whose codes it holds and whose holders all lie in its working subtree',
        body: roleSaveRequestSchema,
        response: { 200: envelopeSchema(roleSaveResultSchema) },
      },
    },
    async (req) => ok(await saveRole(ctx(req), req.body)),
  );

  r.delete(
    '/manage/role/delete',
    {
      ...guarded,
      schema: {
        ...secured,
        summary:
          'Deletes a role (JSON body, with the version it read). When accounts hold it, `confirm: true` is needed (ROLE_HELD_CONFIRM otherwise) and they lose it in the same transaction',
        body: roleDeleteRequestSchema,
        response: { 200: envelopeSchema(roleDeleteResultSchema) },
      },
    },
    async (req) => ok(await deleteRole(ctx(req), req.body)),
  );

  r.post(
    '/manage/role/assign',
    {
      ...guarded,
      schema: {
        ...secured,
        summary:
          "Gives an agent or shadow strictly inside the caller's working subtree these roles (each with codes the caller holds); never the caller itself or an ancestor (ROLE_OWN_ROLES)",
        body: roleAssignRequestSchema,
        response: { 200: envelopeSchema(roleAssignResultSchema) },
      },
    },
    async (req) => ok(await assignRoles(ctx(req), req.body)),
  );

  r.post(
    '/manage/role/assignable',
    {
      ...guarded,
      schema: {
        ...secured,
        summary:
          "Agents and shadows anywhere strictly below the caller's working root whose account number or nickname contains `text` (at most 20): the accounts role/assign accepts",
        body: roleAssignableRequestSchema,
        response: { 200: envelopeSchema(roleAssignableSchema) },
      },
    },
    async (req) => ok(await assignableAccounts(ctx(req), req.body)),
  );

  r.post(
    '/manage/role/unassign',
    {
      ...guarded,
      schema: {
        ...secured,
        summary: "Takes these roles from an agent or shadow strictly inside the caller's working subtree",
        body: roleAssignRequestSchema,
        response: { 200: envelopeSchema(roleAssignResultSchema) },
      },
    },
    async (req) => ok(await unassignRoles(ctx(req), req.body)),
  );

  r.get(
    '/manage/role/catalogue',
    {
      ...guarded,
      schema: {
        ...secured,
        summary: 'The permission codes grouped by area, with labels and descriptions in every locale and whether the caller holds each',
        response: { 200: envelopeSchema(permissionCatalogueSchema) },
      },
    },
    async (req) => ok(catalogueFor(callerOf(req))),
  );
}
