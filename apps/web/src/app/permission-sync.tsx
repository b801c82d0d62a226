import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { showToast } from '../lib/feedback';
import { findRouteChain } from '../lib/route-access';
import type { AppRoute } from '../lib/route-types';
import { homePath, refreshPermCodes } from '../stores/session';
import { usePermissionStore } from '../stores/permission-store';
import { useUserStore } from '../stores/user-store';

/** Whether `pathname` is one of the permission-dependent routes of `routes`. */
export function isBuiltPath(routes: readonly AppRoute[], pathname: string): boolean {
  return findRouteChain(routes, pathname).length > 0;
}

/**
 * Keeps the session's routes in step with the server's codes without a sign-out: the codes are
 * asked for again on each route change and when the window regains focus (at most once every few
 * seconds, see `refreshPermCodes`); when they changed, routes and menu are rebuilt, and a page the
 * user may no longer open is left for the home page with a message.
 */
export function PermissionSync() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const token = useUserStore((s) => s.token);
  const built = usePermissionStore((s) => s.isDynamicAddedRoute);
  const active = !!token && built;

  // One check for both triggers. The page to judge is the one shown when the answer arrives.
  const check = useCallback(() => {
    void refreshPermCodes().then((change) => {
      if (!change) return;
      const here = window.location.pathname;
      if (isBuiltPath(change.before, here) && !isBuiltPath(change.after, here)) {
        void navigate(homePath(), { replace: true });
        showToast({ type: 'warning', content: t('permissionsChanged'), key: 'permissions-changed', keepOnRouteChange: true });
      }
    });
  }, [navigate, t]);

  useEffect(() => {
    if (!active) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active, check]);

  useEffect(() => {
    if (active) check();
  }, [active, location.pathname, check]);

  return null;
}
