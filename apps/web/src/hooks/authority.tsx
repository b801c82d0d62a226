import type { ReactNode } from 'react';
import { usePermission, type PermissionValue } from './use-permission';

/**
 * The auth directive (spec §5): renders its children only when the signed-in user passes the
 * permission check of the current mode; otherwise nothing at all (the element is removed, not
 * hidden). Visibility only: the server checks every call anyway.
 */
export function Authority({ value, children }: { value?: PermissionValue; children: ReactNode }) {
  const { hasPermission } = usePermission();
  return hasPermission(value) ? <>{children}</> : null;
}
