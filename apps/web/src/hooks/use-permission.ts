import { satisfies } from '@agent-bo/shared';
import type { PermissionMode } from '../config/project-config';
import { useAppStore } from '../stores/app-store';
import { usePermissionStore } from '../stores/permission-store';

/**
 * What an element or route needs (spec §5): nothing, one role or code, or a list (any match).
 * In BACK mode a code string may combine codes with `||` (any) or `&&` (all).
 */
export type PermissionValue = string | readonly string[] | undefined | null;

export interface PermissionHolder {
  mode: PermissionMode;
  roles: readonly string[];
  codes: readonly string[];
}

/**
 * The spec §5 check. ROLE and ROUTE_MAPPING check roles: a list passes if any role matches, a
 * single role must be held. BACK checks permission codes with the code expressions.
 */
export function checkPermission(value: PermissionValue, { mode, roles, codes }: PermissionHolder): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (mode === 'BACK') return satisfies(value, codes);
  const held = new Set(roles);
  if (typeof value === 'string') return held.has(value);
  return value.length === 0 || value.some((role) => held.has(role));
}

function currentHolder(): PermissionHolder {
  const { roleList, permCodes } = usePermissionStore.getState();
  return { mode: useAppStore.getState().projectConfig.permissionMode, roles: roleList, codes: permCodes };
}

/** The check against the signed-in user's current roles or codes (for code outside React). */
export function hasPermission(value?: PermissionValue): boolean {
  return checkPermission(value, currentHolder());
}

/** The check as a hook: re-renders when the mode, roles or codes change. */
export function usePermission(): { hasPermission: (value?: PermissionValue) => boolean } {
  const mode = useAppStore((s) => s.projectConfig.permissionMode);
  const roles = usePermissionStore((s) => s.roleList);
  const codes = usePermissionStore((s) => s.permCodes);
  return { hasPermission: (value) => checkPermission(value, { mode, roles, codes }) };
}
