import type { MessageInstance } from 'antd/es/message/interface';
import useMessage from 'antd/es/message/useMessage';
import destroyFns from 'antd/es/modal/destroyFns';
import useModal, { type HookAPI as ModalApi } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
import useNotification from 'antd/es/notification/useNotification';
import { useEffect } from 'react';

export interface FeedbackInstances {
  message: MessageInstance;
  modal: ModalApi;
  notification: NotificationInstance;
  /** antd's `Modal.destroyAll`: closes every modal opened (hook-made ones included). */
  destroyAllModals: () => void;
}

function destroyAllModals(): void {
  while (destroyFns.length) destroyFns.pop()?.();
}

/** At most this many toasts at once; the oldest goes first. */
const MESSAGE_CONFIG = { maxCount: 5 };

/**
 * antd's message, modal and notification holders, as its `App` component renders them. A chunk of
 * its own, loaded the first time one of them is asked for (`feedback-provider.tsx`): the login page
 * shows none before the user signs in, so it does not wait for them.
 */
export default function FeedbackHolders({ onReady }: { onReady: (instances: FeedbackInstances) => void }) {
  const [modal, modalHolder] = useModal();
  const [message, messageHolder] = useMessage(MESSAGE_CONFIG);
  const [notification, notificationHolder] = useNotification();
  useEffect(() => {
    onReady({ message, modal, notification, destroyAllModals });
  }, [message, modal, notification, onReady]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
