import { permissionCatalogue, type Role, type RoleAssignable, type RoleHolder } from '@agent-bo/shared';
import { adminUser } from '../../../test/fixtures';
import { envelope } from '../../../test/app-harness';

/** One role as the server lists it; tests override what they need. */
export function role(over: Partial<Role> = {}): Role {
  return {
    id: 1,
    builtinKey: null,
    name: { zh_TW: '內容編輯', en: 'Content editor', th: '', vi: '' },
    description: { zh_TW: '管理活動', en: 'Manages activities', th: '', vi: '' },
    codes: ['ACTIVITY_READ', 'ACTIVITY_WRITE'],
    requireTwoFactor: false,
    version: 1,
    holderCount: 0,
    editable: true,
    createdBy: 'admin001',
    createdAt: '2029-12-01T02:00:00.000Z',
    updatedBy: 'admin001',
    updatedAt: '2029-12-02T03:00:00.000Z',
    ...over,
  };
}

export const holder = (over: Partial<RoleHolder> = {}): RoleHolder => ({
  id: 11,
  accountNo: 'agent01',
  nickName: 'Agent one',
  lvl: 1,
  isShadow: false,
  assignedAt: '2029-12-03T01:00:00.000Z',
  ...over,
});

export interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

/** The state of the stubbed back end: what it holds, what it answers and what it was asked. */
export const backend = {
  /** The caller's codes (getPermCode and the catalogue's `held`). */
  codes: [] as string[],
  roles: [] as Role[],
  holders: [] as RoleHolder[],
  /** What role/assignable finds, whatever is typed. */
  assignable: [] as RoleAssignable,
  /** Answers of the next calls to a route (`save`, `delete`, …), instead of a success; consumed in order. */
  answers: {} as Record<string, Response[]>,
  calls: [] as Call[],
};

export const CALLER_CODES = ['ROLE_PERMISSION_WRITE', 'ACTIVITY_READ', 'ACTIVITY_WRITE', 'GAME_READ'];

export function resetBackend(roles: Role[] = []) {
  backend.codes = [...CALLER_CODES];
  backend.roles = roles;
  backend.holders = [];
  backend.assignable = [];
  backend.answers = {};
  backend.calls = [];
}

/** The calls made to `manage/role/<name>`. */
export const callsTo = (name: string) => backend.calls.filter((c) => c.path === `/api/manage/role/${name}`);

/** A failure in the API envelope, as the server's error handler sends it. */
export const failure = (code: number, message: string, status: number) => envelope(null, code, message, status);

/** The stubbed server: session, codes, the role endpoints and the member lists the assign search reads. */
export function roleServer(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
  const method = init.method ?? 'GET';
  backend.calls.push({ method, path: url.pathname, body });
  const name = url.pathname.replace('/api/manage/role/', '');
  const queued = backend.answers[name]?.shift();
  if (url.pathname.startsWith('/api/manage/role/') && queued) return queued;
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(adminUser());
    case '/api/getPermCode':
      return envelope(backend.codes);
    case '/api/manage/role/list': {
      const q = String(body?.name ?? '').toLowerCase();
      const list = backend.roles.filter((r) => !q || Object.values(r.name).some((n) => n.toLowerCase().includes(q)));
      return envelope({ page: Number(body?.page ?? 1), pageSize: Number(body?.pageSize ?? 10), total: list.length, list });
    }
    case '/api/manage/role/detail': {
      const found = backend.roles.find((r) => r.id === body?.id);
      if (!found) return failure(6001, 'Role not found', 404);
      return envelope({
        role: found,
        holders: { page: 1, pageSize: 10, total: backend.holders.length, list: backend.holders },
        holdersElsewhere: 0,
      });
    }
    case '/api/manage/role/catalogue':
      return envelope(permissionCatalogue(new Set(backend.codes)));
    case '/api/manage/role/save':
      return envelope({ id: Number(body?.id ?? 99), version: Number(body?.version ?? 0) + 1 });
    case '/api/manage/role/delete':
      backend.roles = backend.roles.filter((r) => r.id !== body?.id);
      return envelope({ removedFrom: body?.confirm ? 2 : 0 });
    case '/api/manage/role/assign':
    case '/api/manage/role/unassign':
      return envelope({ accountId: body?.accountId, roles: [] });
    case '/api/manage/role/assignable':
      return envelope(backend.assignable);
    default:
      return envelope(null, 404, 'not found', 404);
  }
}

export const PAGE_PATH = '/permission/index';

export { click } from '../../../test/ui-actions';
