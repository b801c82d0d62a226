import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERRORS, type Role } from '@agent-bo/shared';
import { isApiError } from '../../../lib/api-error';
import { roleApi } from '../api/role-api';
import { saveRequestOf, type RoleFormValues } from '../form-values';

/**
 * `role/save` for the drawer. Success says "saved". A stale version (someone saved in between)
 * keeps the server's message as `stale` and calls `onStale`, which reads the role again; anything
 * else is shown as the server worded it.
 */
export function useRoleSave(onSaved: (saved: { id: number; version: number }) => void, onStale: () => void) {
  const { t } = useTranslation('permission');
  const { message } = App.useApp();
  const [stale, setStale] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: roleApi.save });

  const save = async (values: RoleFormValues, editing: Role | null) => {
    setStale(null);
    try {
      const saved = await mutation.mutateAsync(saveRequestOf(values, editing));
      void message.success(t('form.saved'));
      onSaved(saved);
    } catch (error) {
      if (!isApiError(error) || error.kind === 'cancelled' || error.kind === 'unauthorized') return;
      if (error.code === ERRORS.ROLE_VERSION_STALE.code) {
        setStale(error.message);
        onStale();
        return;
      }
      void message.error(error.message);
    }
  };

  return { save, saving: mutation.isPending, stale, clearStale: () => setStale(null) };
}
