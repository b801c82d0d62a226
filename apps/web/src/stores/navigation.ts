import type { NavigateFunction } from 'react-router';
import { LOGIN_PATH } from '../config/routes';

/** Lets code outside components (the API client's 401 handling) navigate inside the SPA. */
let navigateFn: NavigateFunction | null = null;

export function bindNavigate(fn: NavigateFunction | null): void {
  navigateFn = fn;
}

export function navigateTo(to: string, replace = false): void {
  if (navigateFn) void navigateFn(to, { replace });
  else window.location.assign(to);
}

/** `/login?redirect=<path>`; login itself gets no redirect. */
export function loginHref(currentPath: string): string {
  if (!currentPath || currentPath === '/' || currentPath.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(currentPath)}`;
}
