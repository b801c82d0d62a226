import { useMutation } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BROADCAST_TEXT_MAX, CONTENT_TITLE_MAX, ERRORS, type ContentItem, type ContentType } from '@agent-bo/shared';
import { isApiError } from '../../../lib/api-error';
import { contentApi } from '../api/content-api';
import { saveRequestOf, type ContentFormValues } from '../form-values';

/** The save schema's refinement messages, and how the drawer words each on the field. */
const SERVER_RULES: Record<string, [key: string, params?: Record<string, number>]> = {
  'content.titleRequired': ['validation.titleRequired'],
  'content.titleTooLong': ['validation.tooLong', { n: CONTENT_TITLE_MAX }],
  'content.broadcastTooLong': ['validation.tooLong', { n: BROADCAST_TEXT_MAX }],
  'content.endBeforeStart': ['validation.endBeforeStart'],
  'content.oneLine': ['validation.oneLine'],
  'dateTime.format': ['validation.dateTime'],
};
const FORM_FIELDS = new Set(['title', 'body', 'imageId', 'startAt', 'endAt', 'sort']);

interface Issue {
  path: string;
  message: string;
}
const issuesOf = (data: unknown): Issue[] =>
  Array.isArray(data) ? data.filter((i): i is Issue => typeof i?.path === 'string' && typeof i?.message === 'string') : [];

/**
 * `activity/save` for the drawer. Success says "saved". A stale version is kept as `stale` (the
 * server's message) for the drawer to offer a reload; a refused field is marked on the form;
 * anything else is shown as the server worded it.
 */
export function useContentSave(type: ContentType, form: FormInstance<ContentFormValues>, onSaved: () => void) {
  const { t } = useTranslation('announcement');
  const { message } = App.useApp();
  const [stale, setStale] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: contentApi.save });

  const save = async (values: ContentFormValues, editing: ContentItem | null) => {
    setStale(null);
    try {
      await mutation.mutateAsync(saveRequestOf(type, values, editing ?? undefined));
      void message.success(t('grid.saved'));
      onSaved();
    } catch (error) {
      if (!isApiError(error) || error.kind === 'cancelled' || error.kind === 'unauthorized') return;
      if (error.code === ERRORS.CONTENT_VERSION_STALE.code) {
        setStale(error.message);
        return;
      }
      if (error.code === ERRORS.VALIDATION_FAILED.code) {
        const fields = issuesOf(error.data).filter((i) => FORM_FIELDS.has(i.path.split('.')[0] ?? ''));
        form.setFields(
          fields.map((i) => {
            const rule = SERVER_RULES[i.message];
            return { name: i.path.split('.') as never, errors: [rule ? t(rule[0], rule[1]) : error.message] };
          }),
        );
      }
      void message.error(error.message);
    }
  };

  return { save, saving: mutation.isPending, stale, clearStale: () => setStale(null) };
}
