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

export type StoreArea = 'STORE_CATEGORY' | 'STORE_GOODS' | 'STORE_ORDER';

/**
 * May this user list the area? The server lists it for its READ or WRITE code (a read-only
 * caller keeps its READ codes). A screen that shows another area's list beside its own (the
 * order filter's goods) asks for it only when this holds: never a call the server refuses.
 */
export function useCanRead(area: StoreArea): boolean {
  const held = usePermissionStore((s) => s.permCodes);
  return satisfies(`${area}_READ||${area}_WRITE`, held);
}
