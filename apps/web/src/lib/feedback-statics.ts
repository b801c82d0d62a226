import { message, Modal, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * antd's static message, modal and notification functions, for `feedback.ts` before the app's
 * provider has bound its own (or with no app rendered, as in a unit test). A chunk of its own.
 */
export const statics = {
  message: message as unknown as MessageInstance,
  modal: Modal as unknown as ModalApi,
  notification: notification as unknown as NotificationInstance,
  destroyAllModals: () => Modal.destroyAll(),
};
