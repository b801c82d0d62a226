import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../app/stores/app-store';

export function DarkToggle() {
  const { t } = useTranslation();
  const dark = useAppStore((s) => s.darkMode);
  const setDarkMode = useAppStore((s) => s.setDarkMode);
  const label = dark ? t('header.lightMode') : t('header.darkMode');
  return (
    <Tooltip title={label}>
      <Switch
        data-testid="dark-toggle"
        aria-label={label}
        checked={dark}
        onChange={setDarkMode}
        checkedChildren={<MoonOutlined />}
        unCheckedChildren={<SunOutlined />}
      />
    </Tooltip>
  );
}
