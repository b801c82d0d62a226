import type { DashboardOverview } from '@agent-bo/shared';
import { api } from '../../../lib/api';

export function fetchDashboardOverview(signal?: AbortSignal): Promise<DashboardOverview> {
  return api.post<DashboardOverview>('/manage/dashboard/overview', {}, { signal });
}

export const dashboardKeys = {
  overview: ['dashboard', 'overview'] as const,
};
