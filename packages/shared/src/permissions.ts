/** Permission codes (spec §3). Read codes allow viewing, write codes allow managing. */
const READ_WRITE_AREAS = ['ACTIVITY', 'GAME', 'CATEGORY', 'TAG', 'COLLECTION', 'STORE_GOODS', 'STORE_CATEGORY', 'STORE_ORDER'] as const;

export const PERMISSION_CODES = [
  'DEVELOPER',
  'ROLE_PERMISSION_WRITE',
  'OPERATION_TRANSFER',
  'PROVIDER_MAINTAIN',
  'MOVE_USER',
  'PLAYER_POINTS_READ',
  'SITE_PROVIDER',
  ...READ_WRITE_AREAS.flatMap((area) => [`${area}_READ`, `${area}_WRITE`] as const),
] as const;

export type PermissionCode = (typeof PERMISSION_CODES)[number];

export function isPermissionCode(value: string): value is PermissionCode {
  return (PERMISSION_CODES as readonly string[]).includes(value);
}
