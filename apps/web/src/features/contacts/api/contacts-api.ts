import type { Contact, ContactChannel, ContactStartRequest } from '@agent-bo/shared';
import { api } from '../../../lib/api';

/**
 * The caller's own proved phone number and e-mail address (issue 33). Sending and confirming a
 * code show their refusals in the dialog (a contact another account proved, too many codes, a
 * wrong code), so the client does not toast them.
 */
export const contactsApi = {
  list: (signal?: AbortSignal) => api.post<Contact[]>('/manage/contact/list', {}, { signal }),
  start: (body: ContactStartRequest) => api.post<null>('/manage/contact/start', body, { errorMessageMode: 'none' }),
  confirm: (channel: ContactChannel, code: string) =>
    api.post<Contact[]>('/manage/contact/confirm', { channel, code }, { errorMessageMode: 'none' }),
  remove: (channel: ContactChannel) => api.post<Contact[]>('/manage/contact/remove', { channel }),
};

export const contactsKeys = {
  all: ['contacts'] as const,
};
