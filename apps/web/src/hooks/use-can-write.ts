import { satisfies, type PermissionCode } from '@agent-bo/shared';
import { usePermissionStore } from '../stores/permission-store';
import { useUserStore } from '../stores/user-store';

/**
 * May this user change what the named WRITE codes guard? It needs every one of them (READ codes
 * only list), and a read-only caller (shadow, disabled or fully read-only) writes nothing whatever
 * its codes, as the server's writer rule says. The check is by code in every permission mode: the
 * server checks the same codes on each call, so a screen hides only what would be refused.
 */
export function useCanWrite(...codes: [PermissionCode, ...PermissionCode[]]): boolean {
  const held = usePermissionStore((s) => s.permCodes);
  const user = useUserStore((s) => s.userInfo);
  if (!user || user.isShadow || user.isDisabled || user.isFullDisabled || user.isFullReadonly) return false;
  return codes.every((code) => satisfies(code, held));
}

/**
 * May this user list an area whose list the server gives for its READ or WRITE code (a read-only
 * caller keeps its READ codes)? A screen that shows another area's list beside its own (the
 * order filter's goods) asks for it only when this holds: never a call the server refuses.
 */
export function useCanRead(area: string): boolean {
  const held = usePermissionStore((s) => s.permCodes);
  return satisfies(`${area}_READ||${area}_WRITE`, held);
}
