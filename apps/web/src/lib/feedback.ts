import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts and modals usable outside React (the API client). The app's feedback provider
 * (`app/feedback-provider.tsx`) hands its context-aware instances over through `bindFeedback`,
 * so messages follow the theme and locale; before that (or with no app rendered) antd's static
 * functions are used, loaded on first use.
 */
export const TOAST_SECONDS = 3;

export interface FeedbackApi {
  message: MessageInstance;
  modal: ModalApi;
  notification: NotificationInstance;
  /** Closes every modal opened through `modal` (antd's `Modal.destroyAll` for hook-made ones). */
  destroyAllModals: () => void;
}

let api: FeedbackApi | null = null;
let statics: FeedbackApi | null = null;
let loadingStatics: Promise<FeedbackApi> | null = null;

function loadStatics(): Promise<FeedbackApi> {
  loadingStatics ??= import('./feedback-statics').then((m) => (statics = m.statics));
  return loadingStatics;
}

function withApi(run: (bound: FeedbackApi) => void): void {
  if (api) run(api);
  // Bound meanwhile: the app's instances after all.
  else void loadStatics().then((fallback) => run(api ?? fallback));
}

export function bindFeedback(next: FeedbackApi): void {
  api = next;
}

/** Toast keys currently open, and whether each survives a route switch. */
const openToasts = new Map<string, boolean>();

export interface ToastOptions {
  type: 'error' | 'success' | 'info' | 'warning';
  content: string;
  key: string;
  duration?: number;
  /** Keep the toast when the route changes (e.g. the "signed out" notice that causes one). */
  keepOnRouteChange?: boolean;
}

export function showToast({ type, content, key, duration = TOAST_SECONDS, keepOnRouteChange = false }: ToastOptions): void {
  openToasts.set(key, keepOnRouteChange);
  withApi((bound) => void bound.message.open({ type, content, key, duration, onClose: () => openToasts.delete(key) }));
}

/** Modals opened through `showErrorModal`, so a route switch can close them. */
const openModals = new Set<{ destroy: () => void }>();

export function showErrorModal(title: string, content: string): void {
  withApi((bound) => {
    const handle = bound.modal.error({ title, content, afterClose: () => openModals.delete(handle) });
    openModals.add(handle);
  });
}

/** Closes open toasts (except those marked to survive), modals and notifications on a route switch. */
export function closeMessagesOnRouteChange(): void {
  for (const [key, keep] of openToasts) {
    if (!keep) {
      api?.message.destroy(key);
      statics?.message.destroy(key);
      openToasts.delete(key);
    }
  }
  for (const handle of openModals) handle.destroy();
  openModals.clear();
  for (const shown of [api, statics]) {
    shown?.destroyAllModals();
    shown?.notification.destroy();
  }
}
