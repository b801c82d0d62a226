import { CloudDownloadOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ownBuildId } from '../build-check';
import { useNewVersion } from '../use-new-version';
import './new-version-notice.css';

const OWN_BUILD = ownBuildId();

/**
 * Offers a reload when a new build has been deployed while the app is open (issue 38). A card of
 * its own rather than a notification: notifications close on every route switch, and this one
 * stays until the user reloads or says later.
 */
export function NewVersionNotice({
  ownBuild = OWN_BUILD,
  deployed,
  reload = () => window.location.reload(),
}: {
  ownBuild?: string | null;
  deployed?: () => Promise<string | null>;
  /** How the page loads again (the tests count the calls instead). */
  reload?: () => void;
}) {
  const { t } = useTranslation('newVersion');
  const { available, dismiss } = useNewVersion(ownBuild, deployed);
  if (!available) return null;
  return (
    <Card size="small" className="new-version-notice" data-testid="new-version-notice" role="status">
      <Space align="start">
        <CloudDownloadOutlined className="new-version-notice__icon" aria-hidden />
        <div>
          <Typography.Text strong>{t('title')}</Typography.Text>
          <Typography.Paragraph type="secondary" className="new-version-notice__text">
            {t('description')}
          </Typography.Paragraph>
          <Space>
            <Button type="primary" size="small" data-testid="new-version-reload" onClick={reload}>
              {t('reload')}
            </Button>
            <Button size="small" data-testid="new-version-later" onClick={dismiss}>
              {t('later')}
            </Button>
          </Space>
        </div>
      </Space>
    </Card>
  );
}
