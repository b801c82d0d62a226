import { message as staticMessage, Modal as StaticModal, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts and modals usable outside React (the API client). The antd `App` component hands its
 * context-aware instances over through `bindFeedback`, so messages follow the theme and locale;
 * before that the static functions are used.
 */
export const TOAST_SECONDS = 3;

interface FeedbackApi {
  message: MessageInstance;
  modal: Omit<ModalStaticFunctions, 'warn'>;
  notification: NotificationInstance;
}

let api: FeedbackApi = {
  message: staticMessage as unknown as MessageInstance,
  modal: StaticModal,
  notification: staticNotification as unknown as NotificationInstance,
};

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
  void api.message.open({ type, content, key, duration, onClose: () => openToasts.delete(key) });
}

/** Modals opened through `showErrorModal`, so a route switch can close them (hook-made modals are not reached by `Modal.destroyAll`). */
const openModals = new Set<{ destroy: () => void }>();

export function showErrorModal(title: string, content: string): void {
  const handle = api.modal.error({ title, content, afterClose: () => openModals.delete(handle) });
  openModals.add(handle);
}

/** Closes open toasts (except those marked to survive), modals and notifications on a route switch. */
export function closeMessagesOnRouteChange(): void {
  for (const [key, keep] of openToasts) {
    if (!keep) {
      api.message.destroy(key);
      openToasts.delete(key);
    }
  }
  for (const handle of openModals) handle.destroy();
  openModals.clear();
  StaticModal.destroyAll();
  api.notification.destroy();
}
