import type { DashboardOverview, DashboardStats, DashboardStatsRequest } from '@agent-bo/shared';
import { api } from '../../../lib/api';
import { compact } from '../../member/api/member-api';

export function fetchDashboardOverview(signal?: AbortSignal): Promise<DashboardOverview> {
  return api.post<DashboardOverview>('/manage/dashboard/overview', {}, { signal });
}

/** The section shows its own error with a retry, so the client's toast is not needed. */
export function fetchDashboardStats(body: DashboardStatsRequest, signal?: AbortSignal): Promise<DashboardStats> {
  return api.post<DashboardStats>('/manage/dashboard/stats', compact(body), { signal, errorMessageMode: 'none' });
}

export const dashboardKeys = {
  overview: ['dashboard', 'overview'] as const,
  stats: (q: DashboardStatsRequest) => ['dashboard', 'stats', q] as const,
};
