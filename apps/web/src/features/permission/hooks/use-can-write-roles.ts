import { satisfies } from '@agent-bo/shared';
import { usePermissionStore } from '../../../stores/permission-store';
import { useUserStore } from '../../../stores/user-store';

/**
 * May this user create, edit, delete and assign roles? It needs ROLE_PERMISSION_WRITE, and a
 * read-only caller (shadow, disabled or fully read-only) writes nothing whatever its codes, as
 * the server's writer rule says.
 */
export function useCanWriteRoles(): boolean {
  const codes = usePermissionStore((s) => s.permCodes);
  const user = useUserStore((s) => s.userInfo);
  if (!user || user.isShadow || user.isDisabled || user.isFullDisabled || user.isFullReadonly) return false;
  return satisfies('ROLE_PERMISSION_WRITE', codes);
}
