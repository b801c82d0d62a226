import type { Page } from 'playwright-core';
import { DEMO_ADMIN } from './browser.js';

/**
 * A session token of an account: a sign-in of its own through the API (a second session of the
 * same account; the app's stored values are sealed, not to be read).
 */
export async function tokenOf(page: Page, accountNo = DEMO_ADMIN.accountNo, password = DEMO_ADMIN.password): Promise<string> {
  const response = await page.request.post('/api/manage/signin', { data: { accountNo, password } });
  const token = ((await response.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`sign-in of ${accountNo} failed: ${response.status()}`);
  return token;
}

/** A call of the back office API (/api/manage/`path`) with `token`, as a forged or scripted request would make it. */
export async function manageApi<T>(
  page: Page,
  token: string,
  path: string,
  data: unknown,
  headers: Record<string, string> = {},
): Promise<{ success: boolean; code: number; data: T }> {
  const response = await page.request.post(`/api/manage/${path}`, { headers: { Authorization: `Bearer ${token}`, ...headers }, data });
  return (await response.json()) as { success: boolean; code: number; data: T };
}
