import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homePath } from '../../../stores/session';

/** The error page: unmatched paths ("ErrorPage", 404) and /exception. */
export function ErrorPage({ kind = 'notFound' }: { kind?: 'notFound' | 'exception' }) {
  const { t } = useTranslation('exception');
  const navigate = useNavigate();
  const notFound = kind === 'notFound';
  return (
    <div data-testid="error-page" className="page error-page">
      <Result
        status={notFound ? '404' : '500'}
        title={notFound ? t('notFoundTitle') : t('errorTitle')}
        subTitle={notFound ? t('notFoundDesc') : t('errorDesc')}
        extra={
          <Button type="primary" data-testid="error-back-home" onClick={() => void navigate(homePath())}>
            {t('common:actions.backHome')}
          </Button>
        }
      />
    </div>
  );
}
