import type { MenuItem, SecondFactorSigninRequest, SignedIn, SigninRequest, SigninResponse, SiteShell, UserInfo } from '@agent-bo/shared';
import { api } from './api';
import type { RequestOptions } from './api-client';

export function signin(body: SigninRequest, options?: RequestOptions): Promise<SigninResponse> {
  return api.post<SigninResponse>('/manage/signin', body, options);
}

/**
 * The sign-in's second step: the challenge a right password (or phone code) answered, and an
 * authenticator or recovery code. Its refusals are the form's to show, never a session's end.
 */
export function signinSecondFactor(body: SecondFactorSigninRequest): Promise<SignedIn> {
  return api.post<SignedIn>('/manage/signin/second_factor', body, { errorMessageMode: 'none', beforeSession: true });
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
