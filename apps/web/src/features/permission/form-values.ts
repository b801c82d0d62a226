import { LOCALES, type Locale, type PermissionCode, type Role, type RoleSaveRequest } from '@agent-bo/shared';

/** The drawer's form: per-locale name and description, the role's codes, and whether holders need a second factor. */
export interface RoleFormValues {
  name: Record<Locale, string>;
  description: Record<Locale, string>;
  codes: PermissionCode[];
  requireTwoFactor: boolean;
}

const texts = (source: Partial<Record<Locale, string>> = {}) =>
  Object.fromEntries(LOCALES.map((l) => [l, source[l] ?? ''])) as Record<Locale, string>;

export const newRoleValues = (): RoleFormValues => ({ name: texts(), description: texts(), codes: [], requireTwoFactor: false });

export const roleValuesOf = (role: Role): RoleFormValues => ({
  name: texts(role.name),
  description: texts(role.description),
  codes: [...role.codes],
  requireTwoFactor: role.requireTwoFactor,
});

/** The save request: an edit sends the id and the version it read. */
export function saveRequestOf(values: RoleFormValues, editing: Role | null): RoleSaveRequest {
  return {
    ...(editing ? { id: editing.id, version: editing.version } : {}),
    name: texts(values.name),
    description: texts(values.description),
    codes: [...(values.codes ?? [])],
    requireTwoFactor: values.requireTwoFactor ?? false,
  };
}
