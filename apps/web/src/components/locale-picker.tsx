import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALE_LABELS, localeSchema } from '@agent-bo/shared';
import { useLocaleStore } from '../app/stores/locale-store';

/** Language picker (header and login page). Labels are each language's own name. */
export function LocalePicker({ showLabel = true }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((s) => s.locale);
  const available = useLocaleStore((s) => s.availableLocales);
  const setLocale = useLocaleStore((s) => s.setLocale);

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
      <Button type="text" data-testid="locale-picker" aria-label={t('header.language')} icon={<GlobalOutlined />}>
        {showLabel ? LOCALE_LABELS[locale] : null}
      </Button>
    </Dropdown>
  );
}
