import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { storeKeys } from '../api/store-api';

/**
 * Deleting an item after a confirmation naming it; "deleted" after, the server's refusal (a
 * category with goods, goods someone ordered) as the API client shows it, and the lists read
 * again either way.
 */
export function useConfirmDelete<T extends { id: number; version: number }>({
  send,
  title,
  hint,
  okTestId,
}: {
  send: (id: number, version: number) => Promise<unknown>;
  title: (item: T) => string;
  hint: string;
  okTestId: string;
}) {
  const { t } = useTranslation('store');
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (item: T) => send(item.id, item.version),
    onSettled: () => client.invalidateQueries({ queryKey: storeKeys.all }),
  });

  return (item: T) => {
    void modal.confirm({
      title: title(item),
      content: hint,
      okText: t('actions.delete'),
      okButtonProps: { danger: true, 'data-testid': okTestId } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(item);
          void message.success(t('deleted'));
        } catch {
          // the API client already showed the failure
        }
      },
    });
  };
}
