import type {
  AgentRow,
  PermissionCatalogue,
  RoleAssignRequest,
  RoleDeleteRequest,
  RoleDetail,
  RoleList,
  RoleListRequest,
  RoleSaveRequest,
  ShadowRow,
} from '@agent-bo/shared';
import { api, compact } from '../../../lib/api';

const R = '/manage/role';
const M = '/manage';

interface Page<T> {
  page: number;
  pageSize: number;
  total: number;
  list: T[];
}

/** An account a role may be given: an agent or a shadow below the caller. */
export interface AssignCandidate {
  id: number;
  accountNo: string;
  nickName: string;
  isShadow: boolean;
}

export const roleApi = {
  list: (body: RoleListRequest, signal?: AbortSignal) => api.post<RoleList>(`${R}/list`, compact(body), { signal }),
  detail: (id: number, page: number, pageSize: number, signal?: AbortSignal) =>
    api.post<RoleDetail>(`${R}/detail`, { id, page, pageSize }, { signal }),
  /** Failures are the drawer's to show: a stale version offers a reload. */
  save: (body: RoleSaveRequest) => api.post<{ id: number; version: number }>(`${R}/save`, body, { errorMessageMode: 'none' }),
  /** A role still held answers ROLE_HELD_CONFIRM: the screen asks again, then resends with `confirm`. */
  remove: (body: RoleDeleteRequest) => api.request<{ removedFrom: number }>('DELETE', `${R}/delete`, body, { errorMessageMode: 'none' }),
  assign: (body: RoleAssignRequest) => api.post<unknown>(`${R}/assign`, body),
  unassign: (body: RoleAssignRequest) => api.post<unknown>(`${R}/unassign`, body),
  catalogue: (signal?: AbortSignal) => api.get<PermissionCatalogue>(`${R}/catalogue`, { signal }),
  /**
   * Accounts whose number contains `accountNo`: the caller's agents and its shadows (the member
   * lists; the server only ever answers with accounts of the caller's subtree).
   */
  candidates: async (accountNo: string, signal?: AbortSignal): Promise<AssignCandidate[]> => {
    const [agents, shadows] = await Promise.all([
      api.post<Page<AgentRow>>(`${M}/agent/lower_agents`, { accountNo, page: 1, pageSize: 10 }, { signal }),
      api.post<Page<ShadowRow>>(`${M}/shadow/list`, { accountNo, page: 1, pageSize: 10 }, { signal }),
    ]);
    return [
      ...agents.list.map((a) => ({ id: a.id, accountNo: a.accountNo, nickName: a.nickName, isShadow: false })),
      ...shadows.list.map((s) => ({ id: s.id, accountNo: s.accountNo, nickName: s.nickName, isShadow: true })),
    ];
  },
};

export const roleKeys = {
  all: ['roles'] as const,
  list: (body: unknown) => ['roles', 'list', body] as const,
  detail: (id: number, page: number, pageSize: number) => ['roles', 'detail', id, page, pageSize] as const,
  catalogue: ['roles', 'catalogue'] as const,
  candidates: (accountNo: string) => ['roles', 'candidates', accountNo] as const,
};
