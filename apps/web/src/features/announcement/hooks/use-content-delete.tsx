import { useMutation } from '@tanstack/react-query';
import { App, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contentApi } from '../api/content-api';

/**
 * Deleting with the grid's messages (spec §8): nothing selected is a notice, a selection asks
 * for confirmation, a delete done says so. `refresh` reloads the list after a delete, done or
 * refused; deleted rows leave the selection.
 */
export function useContentDelete(refresh: () => Promise<void>) {
  const { t } = useTranslation('announcement');
  const { modal, message } = App.useApp();
  const [selected, setSelected] = useState<number[]>([]);
  const remove = useMutation({ mutationFn: contentApi.remove, onSettled: refresh });

  const confirmDelete = (ids: number[], title: string) => {
    void modal.confirm({
      title,
      content: <span data-testid="content-delete-confirm">{t('grid.deleteCount', { n: ids.length })}</span>,
      okText: t('actions.delete'),
      okButtonProps: { danger: true, 'data-testid': 'content-delete-ok' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(ids);
          setSelected((current) => current.filter((id) => !ids.includes(id)));
          void message.success(t('grid.deleted'));
        } catch {
          // the API client already showed the failure
        }
      },
    });
  };

  const deleteSelected = () => {
    if (selected.length === 0) {
      void message.warning(t('grid.selectAtLeastOne'));
      return;
    }
    confirmDelete(selected, t('grid.confirmDelete'));
  };

  return {
    selected,
    setSelected,
    deleteSelected,
    deleteOne: (id: number, name: string) => confirmDelete([id], t('grid.confirmDeleteOne', { title: name })),
    deleting: remove.isPending,
  };
}
