import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The dark-mode switch (header, login and registration pages); `hooks/use-appearance.ts` wires it to the app store. */
export function DarkToggle({ checked, onChange }: { checked: boolean; onChange: (dark: boolean) => void }) {
  const { t } = useTranslation();
  const label = checked ? t('header.lightMode') : t('header.darkMode');
  return (
    <Tooltip title={label}>
      <Switch
        data-testid="dark-toggle"
        aria-label={label}
        checked={checked}
        onChange={onChange}
        checkedChildren={<MoonOutlined />}
        unCheckedChildren={<SunOutlined />}
      />
    </Tooltip>
  );
}
