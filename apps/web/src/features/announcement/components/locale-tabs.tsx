import { Form, Skeleton } from 'antd';
import type { Rule } from 'antd/es/form';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BROADCAST_TEXT_MAX,
  CONTENT_BODY_MAX,
  CONTENT_TITLE_MAX,
  DEFAULT_LOCALE,
  LOCALE_LABELS,
  type ContentType,
  type Locale,
} from '@agent-bo/shared';
import { LocaleTabs, LocalizedTextItem } from '../../../components/locale-tabs';
import { hasBody } from '../form-values';

/**
 * The editor (TipTap and ProseMirror, more than the rest of the content screen together) is
 * fetched when a drawer with a body opens, not with the list.
 */
const Editor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

/** A form control like the editor itself: Form.Item hands `value` and `onChange` on to it. */
function RichTextEditor(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} title={false} />}>
      <Editor {...props} />
    </Suspense>
  );
}

/** The title (or a broadcast's line) and the body of one locale. */
function LocaleFields({
  type,
  locale,
  required,
  readOnly,
  canUpload,
}: {
  type: ContentType;
  locale: Locale;
  required: boolean;
  readOnly: boolean;
  canUpload: boolean;
}) {
  const { t } = useTranslation('announcement');
  const broadcast = type === 'BROADCAST';
  const max = broadcast ? BROADCAST_TEXT_MAX : CONTENT_TITLE_MAX;
  const bodyRules: Rule[] = [{ max: CONTENT_BODY_MAX, message: t('validation.bodyTooLong', { n: CONTENT_BODY_MAX }) }];

  return (
    <>
      <LocalizedTextItem
        name={['title', locale]}
        label={t(broadcast ? 'form.text' : 'form.title')}
        max={max}
        required={required}
        requiredMessage={t(broadcast ? 'validation.textRequired' : 'validation.titleRequired')}
        tooLongMessage={t('validation.tooLong', { n: max })}
        readOnly={readOnly}
        placeholder={required ? undefined : t('form.fallbackPlaceholder')}
        testId={`content-title-${locale}`}
      />
      {hasBody(type) ? (
        <Form.Item name={['body', locale]} label={t('form.body')} rules={bodyRules}>
          <RichTextEditor
            readOnly={readOnly}
            canUpload={canUpload}
            label={`${t('form.body')} (${LOCALE_LABELS[locale]})`}
            testId={`content-body-${locale}`}
          />
        </Form.Item>
      ) : null}
    </>
  );
}

/** A content item's texts, one tab per locale; zh_TW required, the others fall back to it. */
export function ContentLocaleTabs({
  type,
  readOnly,
  canUpload,
  active,
  onActiveChange,
}: {
  type: ContentType;
  readOnly: boolean;
  canUpload: boolean;
  active: Locale;
  onActiveChange: (locale: Locale) => void;
}) {
  const { t } = useTranslation('announcement');
  return (
    <LocaleTabs
      active={active}
      onActiveChange={onActiveChange}
      testIdPrefix="content"
      hint={(_, required) => (required ? t('form.requiredLocale') : t('form.fallbackLocale', { locale: LOCALE_LABELS[DEFAULT_LOCALE] }))}
      pane={(locale, required) => (
        <LocaleFields type={type} locale={locale} required={required} readOnly={readOnly} canUpload={canUpload} />
      )}
    />
  );
}
