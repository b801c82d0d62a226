import type { DashboardOverview } from '@agent-bo/shared';
import { api } from './api';

/**
 * The signed-in account's own overview (balance, counts): the dashboard's head and the member
 * page's own balance read the same query, so a credit move refreshes both.
 */
export function fetchDashboardOverview(signal?: AbortSignal): Promise<DashboardOverview> {
  return api.post<DashboardOverview>('/manage/dashboard/overview', {}, { signal });
}

export const overviewKey = ['dashboard', 'overview'] as const;
