import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * What a server-paged table shows in place of "No data" when its request failed: the failure, the
 * server's message and a retry button. An empty answer and a failed one must never look alike.
 */
export function GridFailure({ message, onRetry, testId }: { message?: string; onRetry: () => void; testId?: string }) {
  const { t } = useTranslation('grid');
  return (
    <Result
      status="warning"
      title={t('failed')}
      subTitle={message}
      data-testid={testId ? `${testId}-failed` : 'grid-failed'}
      extra={
        <Button icon={<ReloadOutlined />} onClick={onRetry} data-testid={testId ? `${testId}-retry` : 'grid-retry'}>
          {t('retry')}
        </Button>
      }
    />
  );
}

/**
 * Above a table whose last refresh failed while earlier rows are still shown: the rows may be out of
 * date, and one click asks again.
 */
export function GridStaleNotice({ message, onRetry, testId }: { message?: string; onRetry: () => void; testId?: string }) {
  const { t } = useTranslation('grid');
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      title={t('stale')}
      description={message}
      data-testid={testId ? `${testId}-stale` : 'grid-stale'}
      action={
        <Button size="small" icon={<ReloadOutlined />} onClick={onRetry} data-testid={testId ? `${testId}-retry` : 'grid-retry'}>
          {t('retry')}
        </Button>
      }
    />
  );
}
