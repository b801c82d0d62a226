import { isApiError } from '../../lib/api-error';
import { isResourceTarget, promiseEntry, resourceEntry, scriptEntry } from './entry';
import { errorReporter, recordError } from './record';

/**
 * Browser noise that is not an error of the app: the ResizeObserver loop notice (fired as an
 * ErrorEvent by Chromium when layout settles over two frames).
 */
const IGNORED_MESSAGES = [/ResizeObserver loop/i];

/** Rejections that only say a request was cancelled on purpose (route change, unmount). */
function isDeliberateCancel(reason: unknown): boolean {
  if (isApiError(reason)) return reason.kind === 'cancelled';
  return reason instanceof DOMException && reason.name === 'AbortError';
}

let uninstall: (() => void) | null = null;

/**
 * Installs the global handlers once (spec §8): script errors, resource load failures and
 * unhandled promise rejections. Render errors come from the error boundaries.
 *
 * One `error` listener in the capture phase serves both script errors and resource failures:
 * a failed `<img>`/`<script>`/`<link>` fires `error` on the element without bubbling, so only
 * a capturing window listener sees it; a script error fires on window itself, where capture
 * listeners run too. (A second, bubbling listener would log every script error twice.)
 *
 * Returns a function that removes them again (for tests).
 */
export function installErrorHandlers(target: Window = window): () => void {
  if (uninstall) return uninstall;

  const onError = (event: Event) => {
    try {
      if (isResourceTarget(event.target)) {
        recordError(resourceEntry(event.target));
        return;
      }
      if (event instanceof ErrorEvent) {
        if (IGNORED_MESSAGES.some((pattern) => pattern.test(event.message ?? ''))) return;
        recordError(scriptEntry(event));
      }
    } catch {
      // never let the handler raise an error into the page it watches
    }
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    try {
      if (isDeliberateCancel(event.reason)) return;
      recordError(promiseEntry(event.reason));
    } catch {
      // as above
    }
  };
  // Entries still waiting when the tab closes go out with keepalive requests.
  const onPageHide = () => void errorReporter.flush({ keepalive: true });

  target.addEventListener('error', onError, true);
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('pagehide', onPageHide);
  uninstall = () => {
    target.removeEventListener('error', onError, true);
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('pagehide', onPageHide);
    uninstall = null;
  };
  return uninstall;
}
