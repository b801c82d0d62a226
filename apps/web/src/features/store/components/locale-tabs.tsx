import { Form, Input, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_LABELS, LOCALES, type Locale } from '@agent-bo/shared';

/**
 * One tab per locale for the localized texts of an item: the name (`name.<locale>`, zh_TW first
 * and required, the others fall back to it) and, when `descriptionMax` is given, the description
 * (`description.<locale>`). Every pane is rendered from the start so the form holds (and checks)
 * all of them.
 */
export function LocaleTabs({
  nameMax,
  descriptionMax,
  active,
  onActiveChange,
}: {
  nameMax: number;
  descriptionMax?: number;
  active: Locale;
  onActiveChange: (locale: Locale) => void;
}) {
  const { t } = useTranslation('store');
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => onActiveChange(key as Locale)}
      size="small"
      items={LOCALES.map((locale) => {
        const required = locale === DEFAULT_LOCALE;
        const children: ReactNode = (
          <>
            <Typography.Paragraph type="secondary" className="store-hint">
              {required ? t('form.requiredLocale') : t('form.fallbackLocale', { locale: LOCALE_LABELS[DEFAULT_LOCALE] })}
            </Typography.Paragraph>
            <Form.Item
              name={['name', locale]}
              label={t('form.name')}
              required={required}
              rules={[
                ...(required ? [{ required: true, whitespace: true, message: t('validation.nameRequired') }] : []),
                { max: nameMax, message: t('validation.tooLong', { n: nameMax }) },
              ]}
            >
              <Input maxLength={nameMax} showCount data-testid={`store-name-${locale}`} />
            </Form.Item>
            {descriptionMax ? (
              <Form.Item
                name={['description', locale]}
                label={t('form.description')}
                rules={[{ max: descriptionMax, message: t('validation.tooLong', { n: descriptionMax }) }]}
              >
                <Input.TextArea rows={4} maxLength={descriptionMax} showCount data-testid={`store-description-${locale}`} />
              </Form.Item>
            ) : null}
          </>
        );
        return {
          key: locale,
          forceRender: true,
          label: (
            <span data-testid={`store-tab-${locale}`}>
              {LOCALE_LABELS[locale]}
              {required ? <span className="store-required">{' *'}</span> : null}
            </span>
          ),
          children,
        };
      })}
    />
  );
}

/** A localized record with every locale present (missing ones empty), trimmed. */
export function textsOf(record: Partial<Record<Locale, string>> | undefined): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((l) => [l, (record?.[l] ?? '').trim()])) as Record<Locale, string>;
}

/** The text to show in the user's locale, falling back to zh_TW, then to `fallback`. */
export function shownText(record: Partial<Record<Locale, string>>, locale: Locale, fallback = ''): string {
  return record[locale] || record[DEFAULT_LOCALE] || fallback;
}
