import { Form, Input, Skeleton, Tabs, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BROADCAST_TEXT_MAX,
  CONTENT_BODY_MAX,
  CONTENT_TITLE_MAX,
  DEFAULT_LOCALE,
  LOCALE_LABELS,
  LOCALES,
  type ContentType,
  type Locale,
} from '@agent-bo/shared';
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
function LocalePane({ type, locale, readOnly, canUpload }: { type: ContentType; locale: Locale; readOnly: boolean; canUpload: boolean }) {
  const { t } = useTranslation('announcement');
  const required = locale === DEFAULT_LOCALE;
  const broadcast = type === 'BROADCAST';
  const max = broadcast ? BROADCAST_TEXT_MAX : CONTENT_TITLE_MAX;
  const titleRules: Rule[] = [
    ...(required
      ? [{ required: true, whitespace: true, message: t(broadcast ? 'validation.textRequired' : 'validation.titleRequired') }]
      : []),
    { max, message: t('validation.tooLong', { n: max }) },
  ];
  const bodyRules: Rule[] = [{ max: CONTENT_BODY_MAX, message: t('validation.bodyTooLong', { n: CONTENT_BODY_MAX }) }];

  return (
    <div data-testid={`content-locale-${locale}`}>
      <Typography.Paragraph type="secondary" className="ann-locale-hint">
        {required ? t('form.requiredLocale') : t('form.fallbackLocale', { locale: LOCALE_LABELS[DEFAULT_LOCALE] })}
      </Typography.Paragraph>
      <Form.Item name={['title', locale]} label={t(broadcast ? 'form.text' : 'form.title')} required={required} rules={titleRules}>
        <Input
          maxLength={max}
          showCount
          readOnly={readOnly}
          placeholder={required ? undefined : t('form.fallbackPlaceholder')}
          data-testid={`content-title-${locale}`}
        />
      </Form.Item>
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
    </div>
  );
}

/**
 * One tab per locale; zh_TW first, marked required, the others say they fall back to it. Every
 * pane is rendered from the start so the form holds (and checks) all of them.
 */
export function LocaleTabs({
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
    <Tabs
      activeKey={active}
      onChange={(key) => onActiveChange(key as Locale)}
      size="small"
      items={LOCALES.map((locale) => ({
        key: locale,
        forceRender: true,
        label: (
          <span data-testid={`content-tab-${locale}`}>
            {LOCALE_LABELS[locale]}
            {locale === DEFAULT_LOCALE ? (
              <span className="ann-required" title={t('form.required')}>
                {' *'}
              </span>
            ) : null}
          </span>
        ),
        children: <LocalePane type={type} locale={locale} readOnly={readOnly} canUpload={canUpload} />,
      }))}
    />
  );
}
