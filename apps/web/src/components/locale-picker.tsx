import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALE_LABELS, localeSchema, type Locale } from '@agent-bo/shared';

export interface LocalePickerProps {
  value: Locale;
  options: readonly Locale[];
  onChange: (locale: Locale) => void;
  showLabel?: boolean;
}

/**
 * Language picker (header, login and registration pages). Labels are each language's own name.
 * `hooks/use-appearance.ts` wires it to the locale store.
 */
export function LocalePicker({ value: locale, options: available, onChange: setLocale, showLabel = true }: LocalePickerProps) {
  const { t } = useTranslation();

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: available.map((l) => ({
          key: l,
          label: <span data-testid={`locale-option-${l}`}>{LOCALE_LABELS[l]}</span>,
        })),
        onClick: ({ key }) => {
          const parsed = localeSchema.safeParse(key);
          if (parsed.success) setLocale(parsed.data);
        },
      }}
    >
      {/* Named by its visible text when it shows one (WCAG 2.5.3: the spoken name contains what is seen). */}
      <Button
        type="text"
        data-testid="locale-picker"
        aria-label={showLabel ? undefined : t('header.language')}
        aria-description={showLabel ? t('header.language') : undefined}
        icon={<GlobalOutlined aria-hidden />}
      >
        {showLabel ? LOCALE_LABELS[locale] : null}
      </Button>
    </Dropdown>
  );
}
