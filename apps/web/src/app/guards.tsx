import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FullPageSpin } from '../components/full-page-spin';
import { isApiError } from '../lib/api-error';
import { api } from '../lib/api';
import { loginHref } from '../stores/navigation';
import { CHANGE_PASSWORD_PATH, safeRedirectTarget, TWO_FACTOR_PATH } from '../config/routes';
import { ensureSession, homePath, resetSessionState } from '../stores/session';
import { usePermissionStore } from '../stores/permission-store';
import { useUserStore } from '../stores/user-store';

function useSessionReady(): boolean {
  const userInfo = useUserStore((s) => s.userInfo);
  const built = usePermissionStore((s) => s.isDynamicAddedRoute);
  return !!userInfo && built;
}

/**
 * Guard of every route but login (spec §2): without a token, go to login with the current path
 * as `redirect`; with one, load user info and build the routes once, then repeat the navigation
 * so that it matches the routes just added. A failed load also goes to login.
 */
export function AuthGuard() {
  const token = useUserStore((s) => s.token);
  const ready = useSessionReady();
  // A session whose site or role requires a second factor may do nothing else until it has one.
  const mustEnrol = useUserStore((s) => s.userInfo?.sessionStep === 'ENROL_SECOND_FACTOR');
  // A session signed in with a password someone else chose replaces it first, on a page of its own.
  const mustChangePassword = useUserStore((s) => s.userInfo?.sessionStep === 'CHANGE_PASSWORD');
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (!token || ready) return;
    let active = true;
    ensureSession().then(
      () => {
        if (active) void navigate(here, { replace: true });
      },
      (error: unknown) => {
        // A 401 is already handled by the API client (one sign-out with the redirect query).
        if (!active || (isApiError(error) && error.kind === 'unauthorized')) return;
        if (isApiError(error) && error.kind === 'cancelled') return;
        api.cancelPending();
        resetSessionState();
        void navigate(loginHref(here), { replace: true });
      },
    );
    return () => {
      active = false;
    };
  }, [token, ready, here, navigate]);

  if (!token) return <Navigate to={loginHref(`${location.pathname}${location.search}`)} replace />;
  if (!ready) return <FullPageSpin />;
  if (mustChangePassword && location.pathname !== CHANGE_PASSWORD_PATH) return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  if (mustEnrol && location.pathname !== TWO_FACTOR_PATH) return <Navigate to={TWO_FACTOR_PATH} replace />;
  return <Outlet />;
}

/**
 * Login route guard: signed in already → the redirect target or home. A stored token is checked
 * by loading the session first; if that fails the token is dropped and the form shows. Reaching
 * the form resets permission, app and user state (spec §2, §4).
 */
export function LoginGuard({ children }: { children: ReactNode }) {
  const token = useUserStore((s) => s.token);
  const ready = useSessionReady();
  const [search] = useSearchParams();
  const target = safeRedirectTarget(search.get('redirect'));

  useEffect(() => {
    if (!token) {
      resetSessionState();
      api.resetUnauthorized();
      return;
    }
    if (ready) return;
    let active = true;
    ensureSession().catch(() => {
      if (active) resetSessionState();
    });
    return () => {
      active = false;
    };
  }, [token, ready]);

  if (token && ready) return <Navigate to={target ?? homePath()} replace />;
  if (token) return <FullPageSpin />;
  return <>{children}</>;
}
