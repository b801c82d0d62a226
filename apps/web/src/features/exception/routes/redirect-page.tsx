import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FullPageSpin } from '../../../components/full-page-spin';
import { flattenRoutes } from '../../../lib/route-access';
import { REDIRECT_PATH } from '../../../config/routes';
import { homePath } from '../../../stores/session';
import { usePermissionStore } from '../../../stores/permission-store';

function parseQuery(raw: string | undefined): string {
  if (!raw) return '';
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return '';
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v !== undefined && v !== null) params.append(k, String(v));
    }
    const query = params.toString();
    return query ? `?${query}` : '';
  } catch {
    return '';
  }
}

/**
 * `/redirect/:path/:_redirect_type?/:_origin_params?`: replaces itself with the decoded target,
 * which remounts that page (how a page is refreshed in place). `_redirect_type` `name` looks the
 * target up by route name; `_origin_params` is a JSON object of query parameters.
 */
export function RedirectPage() {
  const params = useParams();
  const navigate = useNavigate();
  const routes = usePermissionStore((s) => s.routes);

  useEffect(() => {
    const raw = params.path ?? '';
    let target: string;
    if (params._redirect_type === 'name') {
      target = flattenRoutes(routes).find((r) => r.name === raw)?.path ?? homePath();
    } else {
      target = raw.startsWith('/') ? raw : `/${raw}`;
    }
    if (target.startsWith('//') || target.startsWith(REDIRECT_PATH)) target = homePath();
    void navigate(`${target}${parseQuery(params._origin_params)}`, { replace: true });
  }, [params.path, params._redirect_type, params._origin_params, routes, navigate]);

  return <FullPageSpin />;
}
