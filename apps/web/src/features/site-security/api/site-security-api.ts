import type { SiteSecurity } from '@agent-bo/shared';
import { api } from '../../../lib/api';

/** The site's sign-in security settings (the site's admin only; the server refuses anyone else). */
export const siteSecurityApi = {
  get: (signal?: AbortSignal) => api.post<SiteSecurity>('/manage/site/security', undefined, { signal }),
  /** Its refusals are the form's to show, on the field they are about. */
  save: (body: SiteSecurity) => api.post<SiteSecurity>('/manage/site/security/save', body, { errorMessageMode: 'none' }),
};

export const siteSecurityKeys = {
  all: ['siteSecurity'] as const,
};
