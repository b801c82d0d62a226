import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from '@agent-bo/shared';
import { isApiError } from '../lib/api-error';
import { localeOfError } from '../lib/locale-of-error';
import type { EditDrawerState } from '../components/edit-drawer';
import { useIsMobile } from './use-is-mobile';

/**
 * What an editor drawer does with the item it edits (components/edit-drawer shows it):
 * - on each opening (a new `opening` object; null is closed) the form takes the item's values and
 *   the first locale tab;
 * - a save sends the version it read; once saved it says so, reads `invalidate` again and closes;
 * - a save refused with `staleCode` (someone saved in between) keeps the server's message for the
 *   drawer to offer a reload, which reads the item again (null: it was deleted, the drawer closes
 *   with a notice); any other refusal is shown as the server worded it;
 * - a refused localized field (`[field, locale]`) shows its locale's tab.
 */
export function useEditDrawer<T, V, B>({
  opening,
  initial,
  form,
  valuesOf,
  reread,
  send,
  onClose,
  staleCode,
  invalidate,
}: {
  opening: object | null;
  /** The item as read when the drawer opened; null for a new one. */
  initial: T | null;
  form: FormInstance<V>;
  valuesOf: (item: T | null) => V;
  reread: (item: T) => Promise<T | null>;
  send: (body: B) => Promise<unknown>;
  onClose: () => void;
  /** The error code of a save whose version is no longer the stored one. */
  staleCode: number;
  /** The queries a save makes outdated. */
  invalidate: QueryKey;
}) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const client = useQueryClient();
  const fullWidth = useIsMobile();
  const [item, setItem] = useState<T | null>(null);
  const [locale, setLocale] = useState<Locale>(DEFAULT_LOCALE);
  const [stale, setStale] = useState<string | null>(null);

  // Reset during render, not in an effect, so the first paint of a new opening is already clean.
  const [opened, setOpened] = useState<object | null>(null);
  if (opening && opening !== opened) {
    setOpened(opening);
    setItem(initial);
    setLocale(DEFAULT_LOCALE);
    setStale(null);
  }
  useEffect(() => {
    if (!opening) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(initial) as Parameters<typeof form.setFieldsValue>[0]);
    // Only a new opening resets the form; `initial` and `valuesOf` belong to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opening, form]);

  const mutation = useMutation({ mutationFn: send });
  const save = async (body: B) => {
    setStale(null);
    try {
      await mutation.mutateAsync(body);
      void message.success(t('edit.saved'));
      void client.invalidateQueries({ queryKey: invalidate });
      onClose();
    } catch (error) {
      if (!isApiError(error) || error.kind === 'cancelled' || error.kind === 'unauthorized') return;
      if (error.code === staleCode) setStale(error.message);
      else void message.error(error.message);
    }
  };

  const reload = useMutation({
    mutationFn: () => reread(item!),
    onSuccess: (fresh) => {
      if (!fresh) {
        void message.warning(t('edit.gone'));
        onClose();
        return;
      }
      setItem(fresh);
      form.setFieldsValue(valuesOf(fresh) as Parameters<typeof form.setFieldsValue>[0]);
      setStale(null);
    },
  });

  const onFinishFailed = ({ errorFields }: { errorFields: { name: (string | number)[] }[] }) => {
    const failed = localeOfError(errorFields);
    if (failed) setLocale(failed);
  };

  const state: EditDrawerState = {
    saving: mutation.isPending,
    stale,
    reloading: reload.isPending,
    reload: () => reload.mutate(),
    fullWidth,
  };
  return { item, opened, locale, setLocale, save, onFinishFailed, state, ...state };
}
