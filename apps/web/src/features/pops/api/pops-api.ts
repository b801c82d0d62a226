import type { ShownContent } from '@agent-bo/shared';
import { api } from '../../../lib/api';

export const popsApi = {
  /**
   * The pop-ups current now, in pop-up order, in the caller's language (the server decides all
   * three). A failure shows nothing: the pop-ups are a courtesy, and the next sign-in asks again.
   */
  current: (signal?: AbortSignal) => api.get<ShownContent[]>('/manage/activity/pops', { signal, errorMessageMode: 'none' }),
};
