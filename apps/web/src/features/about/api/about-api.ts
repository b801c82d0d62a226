import type { About } from '@agent-bo/shared';
import { api } from '../../../lib/api';

/** The running server as the About page shows it (any signed-in user). */
export const aboutApi = {
  get: (signal?: AbortSignal) => api.get<About>('/manage/about', { signal }),
};

export const aboutKeys = {
  all: ['about'] as const,
};
