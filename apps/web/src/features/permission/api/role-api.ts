import type {
  PermissionCatalogue,
  RoleAssignable,
  RoleAssignableRequest,
  RoleAssignRequest,
  RoleDeleteRequest,
  RoleDetail,
  RoleList,
  RoleListRequest,
  RoleSaveRequest,
} from '@agent-bo/shared';
import { api, compact } from '../../../lib/api';

const R = '/manage/role';

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
  /** Agents and shadows anywhere below the caller whose number or nickname contains `text`; `holds` is about `roleId`. */
  candidates: (text: string, roleId: number, signal?: AbortSignal) =>
    api.post<RoleAssignable>(`${R}/assignable`, { text, roleId } satisfies RoleAssignableRequest, { signal }),
};

export const roleKeys = {
  all: ['roles'] as const,
  list: (body: unknown) => ['roles', 'list', body] as const,
  detail: (id: number, page: number, pageSize: number) => ['roles', 'detail', id, page, pageSize] as const,
  catalogue: ['roles', 'catalogue'] as const,
  candidates: (text: string, roleId: number) => ['roles', 'candidates', roleId, text] as const,
};
