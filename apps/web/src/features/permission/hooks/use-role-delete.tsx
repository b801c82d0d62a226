import { useMutation } from '@tanstack/react-query';
import { App, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERRORS, type Role } from '@agent-bo/shared';
import { isApiError } from '../../../lib/api-error';
import { roleApi } from '../api/role-api';

/**
 * Deleting a role: a confirmation first; when accounts still hold it the server answers
 * ROLE_HELD_CONFIRM, and a second confirmation names the holders and resends with `confirm`, so
 * they lose the role in the same transaction. `refresh` reloads the list afterwards.
 */
export function useRoleDelete(refresh: () => Promise<void>) {
  const { t } = useTranslation('permission');
  const { modal, message } = App.useApp();
  const remove = useMutation({ mutationFn: roleApi.remove });

  const send = async (role: Role, name: string, confirm: boolean) => {
    try {
      const result = await remove.mutateAsync({ id: role.id, version: role.version, confirm });
      void message.success(result.removedFrom > 0 ? t('delete.doneFrom', { n: result.removedFrom }) : t('delete.done'));
      void refresh();
    } catch (error) {
      if (!isApiError(error) || error.kind === 'cancelled' || error.kind === 'unauthorized') return;
      if (!confirm && error.code === ERRORS.ROLE_HELD_CONFIRM.code) {
        askHeld(role, name, error.message);
        return;
      }
      void message.error(error.message);
      void refresh();
    }
  };

  const askHeld = (role: Role, name: string, serverMessage: string) => {
    void modal.confirm({
      title: t('delete.heldTitle', { name }),
      content: (
        <div data-testid="role-delete-held">
          <p>{serverMessage}</p>
          <p>{t('delete.heldHint', { n: role.holderCount })}</p>
        </div>
      ),
      okText: t('delete.withHolders', { n: role.holderCount }),
      okButtonProps: { danger: true, 'data-testid': 'role-delete-held-ok' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: () => send(role, name, true),
    });
  };

  const deleteOne = (role: Role, name: string) => {
    void modal.confirm({
      title: t('delete.title', { name }),
      content: <span data-testid="role-delete-confirm">{t('delete.body')}</span>,
      okText: t('actions.delete'),
      okButtonProps: { danger: true, 'data-testid': 'role-delete-ok' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: () => send(role, name, false),
    });
  };

  return { deleteOne, deleting: remove.isPending };
}
