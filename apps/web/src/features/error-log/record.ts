import type { ClientErrorEntry } from '@agent-bo/shared';
import { useUserStore } from '../../stores/user-store';
import { API_BASE_URL, API_PREFIX } from '../../lib/api';
import { currentSiteId } from '../../lib/site';
import { useErrorLogStore } from './error-log-store';
import { createErrorReporter } from './reporter';

export const REPORT_PATH = '/manage/error_log/report';

/** The app's reporter: the session token when signed in, the site of this host. */
export const errorReporter = createErrorReporter({
  url: `${API_BASE_URL}${API_PREFIX}${REPORT_PATH}`,
  // Looked up on each call, so a test's stubbed fetch is the one used.
  fetch: (...args) => globalThis.fetch(...args),
  getToken: () => useUserStore.getState().token,
  getSiteId: () => currentSiteId(),
});

/** Keeps an entry in this browser's list and queues it for the server. Never throws. */
export function recordError(entry: ClientErrorEntry): void {
  try {
    useErrorLogStore.getState().add(entry);
    errorReporter.enqueue(entry);
  } catch {
    // the error log must not raise errors of its own
  }
}
