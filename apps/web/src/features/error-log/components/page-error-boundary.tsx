import { Button, Result, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ERROR_LOG_LIST_PATH } from '../../../config/routes';
import { ErrorBoundary } from './error-boundary';

function PageErrorFallback({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('errorLog');
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Result
      status="error"
      data-testid="page-error-fallback"
      title={t('boundary.title')}
      subTitle={<span className="page-error__message">{message}</span>}
      extra={
        <Space wrap>
          <Button type="primary" data-testid="page-error-retry" onClick={onRetry}>
            {t('boundary.retry')}
          </Button>
          <Link to={ERROR_LOG_LIST_PATH}>{t('boundary.openLog')}</Link>
        </Space>
      }
    />
  );
}

/**
 * Catches render errors of a page, logs them and shows a fallback instead of a blank screen.
 * The header, menu and tabs stay usable; a retry or any navigation renders the page again.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    // Every navigation (a new location key), even to the same path through the fallback's link,
    // renders the page again.
    <ErrorBoundary resetKey={location.key} fallback={(error, reset) => <PageErrorFallback error={error} onRetry={reset} />}>
      {children}
    </ErrorBoundary>
  );
}
