import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** Someone else saved the item in between: the server's message and a reload of the item. */
export function StaleAlert({ message, reloading, onReload }: { message: string; reloading: boolean; onReload: () => void }) {
  const { t } = useTranslation('material');
  return (
    <Alert
      type="warning"
      showIcon
      className="material-stale"
      title={message}
      description={t('form.reloadHint')}
      data-testid="material-stale"
      action={
        <Button size="small" icon={<ReloadOutlined />} loading={reloading} onClick={onReload} data-testid="material-reload">
          {t('form.reload')}
        </Button>
      }
    />
  );
}
