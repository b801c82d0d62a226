import { SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsDrawer } from './settings-drawer';

/** Header button that opens the project settings drawer. */
export function SettingsButton({ floating = false }: { floating?: boolean }) {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('title')}>
        <Button
          type={floating ? 'primary' : 'text'}
          shape={floating ? 'circle' : undefined}
          className={floating ? 'settings-floating-button' : undefined}
          icon={<SettingOutlined />}
          aria-label={t('title')}
          data-testid="settings-open"
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <SettingsDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
