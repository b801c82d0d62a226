import { baseUrl } from './browser.js';

/**
 * The back office API from a spec's own process (no page): set-up calls and the server's answers
 * a spec checks beside what the page shows.
 */

export interface Envelope<T> {
  success: boolean;
  code: number;
  message: string;
  data: T;
}

/** A call of the back office API (/api/manage/`path`), signed in with `token` or public, in English. */
export async function call<T>(path: string, body: unknown, token?: string): Promise<Envelope<T>> {
  const response = await fetch(`${baseUrl()}/api/manage/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en', ...(token && { Authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

/** A new session's token; fails the spec when the sign-in is refused. */
export async function tokenOf(accountNo: string, password: string): Promise<string> {
  const answer = await call<{ token: string }>('signin', { accountNo, password });
  if (!answer.success) throw new Error(`sign-in of ${accountNo} failed: ${answer.message}`);
  return answer.data.token;
}

/**
 * Creates an agent under the caller of `token`, then signs in as it once and makes the password
 * its own (a password an upper agent chose must be changed at the first sign-in), so the spec's
 * account signs in like any working account. Returns its id.
 */
export async function createAgent(token: string, account: { accountNo: string; password: string }, ratio: string): Promise<number> {
  const first = `${account.password}x`;
  const created = await call(
    'agent/create',
    { accountNo: account.accountNo, nickName: `E2E ${account.accountNo}`, password: first, ratio, providers: [], betLimits: [] },
    token,
  );
  if (!created.success) throw new Error(`creating ${account.accountNo} failed: ${created.message}`);
  const own = await call(
    'change_account_info',
    { oldPassword: first, newPassword: account.password },
    await tokenOf(account.accountNo, first),
  );
  if (!own.success) throw new Error(`${account.accountNo} could not choose its password: ${own.message}`);
  const info = await call<{ id: number }>('userinfo', {}, await tokenOf(account.accountNo, account.password));
  return info.data.id;
}
