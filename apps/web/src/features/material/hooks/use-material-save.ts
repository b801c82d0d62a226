import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERRORS } from '@agent-bo/shared';
import { isApiError } from '../../../lib/api-client';

/**
 * A drawer's save: success says "saved successfully" and calls `onSaved`. A stale version
 * (MATERIAL_VERSION_STALE) is kept as `stale`, the server's message, for the drawer to offer a
 * reload; anything else is shown as the server worded it.
 */
export function useMaterialSave<B>(send: (body: B) => Promise<unknown>, onSaved: () => void) {
  const { t } = useTranslation('material');
  const { message } = App.useApp();
  const [stale, setStale] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: send });

  const save = async (body: B) => {
    setStale(null);
    try {
      await mutation.mutateAsync(body);
      void message.success(t('grid.saved'));
      onSaved();
    } catch (error) {
      if (!isApiError(error) || error.kind === 'cancelled' || error.kind === 'unauthorized') return;
      if (error.code === ERRORS.MATERIAL_VERSION_STALE.code) {
        setStale(error.message);
        return;
      }
      void message.error(error.message);
    }
  };

  return { save, saving: mutation.isPending, stale, clearStale: () => setStale(null) };
}
