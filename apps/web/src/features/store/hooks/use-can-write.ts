import { satisfies } from '@agent-bo/shared';
import { usePermissionStore } from '../../../stores/permission-store';
import { useUserStore } from '../../../stores/user-store';

export type StoreWriteCode = 'STORE_CATEGORY_WRITE' | 'STORE_GOODS_WRITE' | 'STORE_ORDER_WRITE';

/**
 * May this user change the area? It needs the area's WRITE code (READ only lists), and a
 * read-only caller (shadow, disabled or fully read-only) writes nothing whatever its codes. The
 * check is by code in every permission mode: the server checks the same code on each call.
 */
export function useCanWrite(code: StoreWriteCode): boolean {
  const held = usePermissionStore((s) => s.permCodes);
  const user = useUserStore((s) => s.userInfo);
  if (!user || user.isShadow || user.isDisabled || user.isFullDisabled || user.isFullReadonly) return false;
  return satisfies(code, held);
}
