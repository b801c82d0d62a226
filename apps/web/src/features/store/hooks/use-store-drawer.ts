import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@agent-bo/shared';
import { isApiError } from '../../../lib/api-client';
import { isStale, storeKeys } from '../api/store-api';

/** The locale of the first localized field the form refused (`[field, locale]`), so its tab can be shown. */
export function localeOfError(errorFields: { name: (string | number)[] }[]): Locale | undefined {
  for (const { name } of errorFields) {
    const locale = LOCALES.find((l) => name[1] === l);
    if (locale) return locale;
  }
  return undefined;
}

/**
 * What every store drawer does with the item it edits: on each opening (a new `opening` object;
 * null is closed) the form takes the item's values and the first locale tab; a save sends the
 * version it read and, once saved, closes the drawer and reads the lists again; a stale save
 * (STORE_VERSION_STALE) offers a reload that reads the item again (null: it was deleted, the
 * drawer closes with a notice); a refused localized field shows its locale's tab.
 */
export function useStoreDrawer<T, V, B>({
  opening,
  initial,
  form,
  valuesOf,
  reread,
  send,
  onClose,
}: {
  opening: object | null;
  /** The item as read when the drawer opened; null for a new one. */
  initial: T | null;
  form: FormInstance<V>;
  valuesOf: (item: T | null) => V;
  reread: (item: T) => Promise<T | null>;
  send: (body: B) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('store');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [item, setItem] = useState<T | null>(null);
  const [locale, setLocale] = useState<Locale>(DEFAULT_LOCALE);
  const [stale, setStale] = useState<string | null>(null);

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
      void message.success(t('saved'));
      void client.invalidateQueries({ queryKey: storeKeys.all });
      onClose();
    } catch (error) {
      if (!isApiError(error) || error.kind === 'cancelled' || error.kind === 'unauthorized') return;
      if (isStale(error)) setStale(error.message);
      else void message.error(error.message);
    }
  };

  const reload = useMutation({
    mutationFn: () => reread(item!),
    onSuccess: (fresh) => {
      if (!fresh) {
        void message.warning(t('form.gone'));
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

  return {
    item,
    locale,
    setLocale,
    save,
    saving: mutation.isPending,
    stale,
    reload: () => reload.mutate(),
    reloading: reload.isPending,
    onFinishFailed,
  };
}
