import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from '@agent-bo/shared';
import { materialKeys } from '../api/material-api';
import { localeOfError } from '../components/name-tabs';
import { useMaterialSave } from './use-material-save';

/**
 * What every material drawer does with the item it edits: on each opening (a new `opening`
 * object; null is closed) the form takes the item's values and the first locale tab; a save
 * sends the version it read and, once saved, closes the drawer and reads the lists again; a stale save offers a reload that reads the item again (null: it
 * was deleted, the drawer closes with a notice); a refused name shows its locale's tab.
 */
export function useDrawerItem<T, V, B>({
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
  const { t } = useTranslation('material');
  const { message } = App.useApp();
  const [item, setItem] = useState<T | null>(null);
  const [locale, setLocale] = useState<Locale>(DEFAULT_LOCALE);
  const client = useQueryClient();
  const { save, saving, stale, clearStale } = useMaterialSave(send, () => {
    void client.invalidateQueries({ queryKey: materialKeys.all });
    onClose();
  });

  const [opened, setOpened] = useState<object | null>(null);
  if (opening && opening !== opened) {
    setOpened(opening);
    setItem(initial);
    setLocale(DEFAULT_LOCALE);
    clearStale();
  }
  useEffect(() => {
    if (!opening) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(initial) as Parameters<typeof form.setFieldsValue>[0]);
    // Only a new opening resets the form; `initial` and `valuesOf` belong to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opening, form]);

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
      clearStale();
    },
  });

  const onFinishFailed = ({ errorFields }: { errorFields: { name: (string | number)[] }[] }) => {
    const failed = localeOfError(errorFields);
    if (failed) setLocale(failed);
  };

  return {
    item,
    opened,
    locale,
    setLocale,
    save,
    saving,
    stale,
    reload: () => reload.mutate(),
    reloading: reload.isPending,
    onFinishFailed,
  };
}
