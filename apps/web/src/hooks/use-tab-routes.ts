import { useMemo } from 'react';
import { allRoutes } from '../config/routes';
import type { AppRoute } from '../lib/route-types';
import { usePermissionStore } from '../stores/permission-store';

/** The routes titles and tabs are looked up in: this session's, with the pages everyone has. */
export function useTabRoutes(): AppRoute[] {
  const built = usePermissionStore((s) => s.routes);
  return useMemo(() => allRoutes(built), [built]);
}
