import { Form, Input, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_LABELS, LOCALES, type Locale } from '@agent-bo/shared';
import './locale-tabs.css';

/**
 * One tab per locale for the localized fields of an item (a name, a title, a description, a body):
 * zh_TW first and, unless `defaultOptional`, marked required; each pane starts with a hint that
 * says whether its locale is required or falls back, then the fields `pane` gives. Every pane is
 * rendered from the start so the form holds (and checks) all of them, whichever tab is open.
 */
export function LocaleTabs({
  active,
  onActiveChange,
  testIdPrefix,
  hint,
  pane,
  defaultOptional = false,
}: {
  active: Locale;
  onActiveChange: (locale: Locale) => void;
  /** Each tab's label is `<testIdPrefix>-tab-<locale>`, its pane `<testIdPrefix>-locale-<locale>`. */
  testIdPrefix: string;
  /** The line above a pane's fields, in the feature's words. */
  hint: (locale: Locale, required: boolean) => ReactNode;
  /** A pane's fields. */
  pane: (locale: Locale, required: boolean) => ReactNode;
  /** No locale is required (a game's display names: an empty one shows the provider's). */
  defaultOptional?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => onActiveChange(key as Locale)}
      size="small"
      items={LOCALES.map((locale) => {
        const required = !defaultOptional && locale === DEFAULT_LOCALE;
        return {
          key: locale,
          forceRender: true,
          label: (
            <span data-testid={`${testIdPrefix}-tab-${locale}`}>
              {LOCALE_LABELS[locale]}
              {required ? (
                <span className="locale-tabs-required" title={t('localeTabs.required')}>
                  {' *'}
                </span>
              ) : null}
            </span>
          ),
          children: (
            <div data-testid={`${testIdPrefix}-locale-${locale}`}>
              <Typography.Paragraph type="secondary" className="locale-tabs-hint">
                {hint(locale, required)}
              </Typography.Paragraph>
              {pane(locale, required)}
            </div>
          ),
        };
      })}
    />
  );
}

/**
 * A one-line (or, `rows` given, multi-line) text of one locale as a form field: `name` is the
 * field's path, `[field, locale]`. A required one must hold more than spaces; none is longer than
 * `max`, with the count shown.
 */
export function LocalizedTextItem({
  name,
  label,
  max,
  required,
  requiredMessage,
  tooLongMessage,
  rows,
  placeholder,
  readOnly,
  testId,
}: {
  name: [string, Locale];
  label: ReactNode;
  max: number;
  required: boolean;
  /** Said when a required text is empty. */
  requiredMessage?: string;
  tooLongMessage: string;
  rows?: number;
  placeholder?: string;
  readOnly?: boolean;
  testId: string;
}) {
  const input = { maxLength: max, showCount: true, placeholder, readOnly, 'data-testid': testId };
  return (
    <Form.Item
      name={name}
      label={label}
      required={required}
      rules={[...(required ? [{ required: true, whitespace: true, message: requiredMessage }] : []), { max, message: tooLongMessage }]}
    >
      {rows ? <Input.TextArea rows={rows} {...input} /> : <Input {...input} />}
    </Form.Item>
  );
}
