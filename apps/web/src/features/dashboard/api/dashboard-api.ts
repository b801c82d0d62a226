import type { DashboardStats, DashboardStatsRequest } from '@agent-bo/shared';
import { api, compact } from '../../../lib/api';

/** The section shows its own error with a retry, so the client's toast is not needed. */
export function fetchDashboardStats(body: DashboardStatsRequest, signal?: AbortSignal): Promise<DashboardStats> {
  return api.post<DashboardStats>('/manage/dashboard/stats', compact(body), { signal, errorMessageMode: 'none' });
}

export const dashboardKeys = {
  stats: (q: DashboardStatsRequest) => ['dashboard', 'stats', q] as const,
};
