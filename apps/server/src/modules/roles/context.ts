import type {
  roleAssignableRequestSchema,
  roleAssignRequestSchema,
  roleDeleteRequestSchema,
  roleDetailRequestSchema,
  roleListRequestSchema,
  roleSaveRequestSchema,
} from '@agent-bo/shared';
import type { z } from 'zod';
import type { Caller } from '../../core/caller.js';
import type { Db } from '../../db/client.js';

/**
 * Roles (PRODUCT.md §7): named sets of permission codes of one site. The route checks
 * ROLE_PERMISSION_WRITE; this service applies the rest:
 * - writes need a writer (a shadow or a restricted caller hears CALLER_READ_ONLY);
 * - a role is saved, deleted or assigned only by a caller holding every code of it (before and
 *   after the change): ROLE_CODES_NOT_HELD otherwise; a role with codes the caller lacks is
 *   listed with `editable: false`;
 * - a role held by accounts outside the caller's working subtree is edited or deleted only by an
 *   account above them all (ROLE_HOLDERS_ELSEWHERE), so no agent changes the codes of its parent,
 *   siblings or cousins through a shared role;
 * - assignments go only to agents and shadows strictly inside the caller's working subtree:
 *   the caller itself and its ancestors hear ROLE_OWN_ROLES, anything else out of reach
 *   ACCOUNT_NOT_FOUND;
 * - another site's role ids are ROLE_NOT_FOUND, like ids that do not exist.
 * Effective codes are computed by the auth query on every request, so nothing here invalidates a
 * cache: a change counts from the next request of every session.
 */

export interface RoleContext {
  db: Db;
  caller: Caller;
  ip: string;
}

export type ListInput = z.output<typeof roleListRequestSchema>;
export type DetailInput = z.output<typeof roleDetailRequestSchema>;
export type SaveInput = z.output<typeof roleSaveRequestSchema>;
export type DeleteInput = z.output<typeof roleDeleteRequestSchema>;
export type AssignInput = z.output<typeof roleAssignRequestSchema>;
export type AssignableInput = z.output<typeof roleAssignableRequestSchema>;
