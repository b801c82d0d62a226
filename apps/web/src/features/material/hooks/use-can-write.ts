import { satisfies } from '@agent-bo/shared';
import { usePermissionStore } from '../../../stores/permission-store';
import { useUserStore } from '../../../stores/user-store';

export type MaterialWriteCode = 'CATEGORY_WRITE' | 'GAME_WRITE' | 'TAG_WRITE' | 'COLLECTION_WRITE';

/**
 * May this user change the area's material? It needs every named WRITE code (READ only lists),
 * and a read-only caller (shadow, disabled or fully read-only) writes nothing whatever its codes.
 * The check is by code in every permission mode: the server checks the same code on each call.
 */
export function useCanWrite(...codes: MaterialWriteCode[]): boolean {
  const held = usePermissionStore((s) => s.permCodes);
  const user = useUserStore((s) => s.userInfo);
  if (!user || user.isShadow || user.isDisabled || user.isFullDisabled || user.isFullReadonly) return false;
  return codes.every((code) => satisfies(code, held));
}
