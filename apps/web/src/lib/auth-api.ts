import type { MenuItem, SigninRequest, SigninResponse, SiteShell, UserInfo } from '@agent-bo/shared';
import { api } from './api';
import type { RequestOptions } from './api-client';

export function signin(body: SigninRequest, options?: RequestOptions): Promise<SigninResponse> {
  return api.post<SigninResponse>('/manage/signin', body, options);
}

export function signout(options?: RequestOptions): Promise<null> {
  return api.post<null>('/manage/signout', {}, options);
}

export function fetchUserInfo(options?: RequestOptions): Promise<UserInfo> {
  return api.post<UserInfo>('/manage/userinfo', {}, options);
}

export function fetchPermCodes(options?: RequestOptions): Promise<string[]> {
  return api.get<string[]>('/getPermCode', options);
}

export function fetchMenuList(options?: RequestOptions): Promise<MenuItem[]> {
  return api.get<MenuItem[]>('/getMenuList', options);
}

/** The site's shell as the caller sees it: the watermark, and the embedded pages it may open. */
export function fetchSiteShell(options?: RequestOptions): Promise<SiteShell> {
  return api.get<SiteShell>('/manage/shell', options);
}
