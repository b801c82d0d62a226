import { Form, Input, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_LABELS, LOCALES, type Game, type Locale } from '@agent-bo/shared';

/**
 * One tab per locale for a localized name (`field.<locale>`). zh_TW is first and required unless
 * `optional` (a game's display names: empty shows the provider's); the others fall back to it.
 * Every pane is rendered from the start so the form holds (and checks) all of them.
 */
export function NameTabs({
  field,
  max,
  optional = false,
  active,
  onActiveChange,
  placeholders,
  label,
}: {
  field: string;
  /** The input's label (default: Name). */
  label?: string;
  max: number;
  optional?: boolean;
  active: Locale;
  onActiveChange: (locale: Locale) => void;
  /** Shown in an empty input, per locale (the provider's names). */
  placeholders?: Partial<Record<Locale, string>>;
}) {
  const { t } = useTranslation('material');
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => onActiveChange(key as Locale)}
      size="small"
      items={LOCALES.map((locale) => {
        const required = !optional && locale === DEFAULT_LOCALE;
        return {
          key: locale,
          forceRender: true,
          label: (
            <span data-testid={`material-tab-${locale}`}>
              {LOCALE_LABELS[locale]}
              {required ? <span className="material-required">{' *'}</span> : null}
            </span>
          ),
          children: (
            <>
              <Typography.Paragraph type="secondary" className="material-hint">
                {optional
                  ? t('form.providerFallback')
                  : required
                    ? t('form.requiredLocale')
                    : t('form.fallbackLocale', { locale: LOCALE_LABELS[DEFAULT_LOCALE] })}
              </Typography.Paragraph>
              <Form.Item
                name={[field, locale]}
                label={label ?? t('form.name')}
                required={required}
                rules={[
                  ...(required ? [{ required: true, whitespace: true, message: t('validation.nameRequired') }] : []),
                  { max, message: t('validation.tooLong', { n: max }) },
                ]}
              >
                <Input maxLength={max} showCount placeholder={placeholders?.[locale]} data-testid={`material-name-${locale}`} />
              </Form.Item>
            </>
          ),
        };
      })}
    />
  );
}

/** A localized record with every locale present (missing ones empty), trimmed. */
export function namesOf(record: Partial<Record<Locale, string>> | undefined): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((l) => [l, (record?.[l] ?? '').trim()])) as Record<Locale, string>;
}

/** The name to show in the user's locale, falling back to zh_TW, then to `fallback`. */
export function shownName(record: Partial<Record<Locale, string>>, locale: Locale, fallback = ''): string {
  return record[locale] || record[DEFAULT_LOCALE] || fallback;
}

/** A game's name in the user's locale: the operator's, else the provider's, else its code. */
export function gameName(game: Pick<Game, 'names' | 'providerNames' | 'code'>, locale: Locale): string {
  return shownName(game.names, locale) || shownName(game.providerNames, locale, game.code);
}
