import { useMutation } from '@tanstack/react-query';
import { App, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Deleting an item (by id and the version read) after a confirmation naming it: "deleted
 * successfully" after, the server's refusal as the API client shows it, and `refresh` (the lists
 * read again) either way, since a refusal may mean someone else changed the item.
 */
export function useConfirmDelete<T extends { id: number; version: number }>({
  send,
  refresh,
  title,
  hint,
  okTestId,
}: {
  send: (id: number, version: number) => Promise<unknown>;
  refresh: () => Promise<unknown>;
  title: (item: T) => string;
  hint: string;
  okTestId: string;
}) {
  const { t } = useTranslation('common');
  const { modal, message } = App.useApp();
  const remove = useMutation({ mutationFn: (item: T) => send(item.id, item.version), onSettled: refresh });

  return (item: T) => {
    void modal.confirm({
      title: title(item),
      content: hint,
      okText: t('actions.delete'),
      okButtonProps: { danger: true, 'data-testid': okTestId } as ButtonProps,
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(item);
          void message.success(t('edit.deleted'));
        } catch {
          // the API client already showed the failure
        }
      },
    });
  };
}
