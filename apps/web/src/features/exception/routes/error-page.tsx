import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homePath } from '../../../stores/session';

export type ErrorPageKind = 'notFound' | 'forbidden' | 'exception';

const STATUS = { notFound: '404', forbidden: '403', exception: '500' } as const;
const TEXT = {
  notFound: ['notFoundTitle', 'notFoundDesc'],
  forbidden: ['forbiddenTitle', 'forbiddenDesc'],
  exception: ['errorTitle', 'errorDesc'],
} as const;

/**
 * The error page: unmatched paths (404), a screen that exists but this user may not open (403),
 * and /exception.
 */
export function ErrorPage({ kind = 'notFound' }: { kind?: ErrorPageKind }) {
  const { t } = useTranslation('exception');
  const navigate = useNavigate();
  const [title, description] = TEXT[kind];
  return (
    <div data-testid="error-page" data-kind={kind} className="page error-page">
      <Result
        status={STATUS[kind]}
        title={t(title)}
        subTitle={t(description)}
        extra={
          <Button type="primary" data-testid="error-back-home" onClick={() => void navigate(homePath())}>
            {t('common:actions.backHome')}
          </Button>
        }
      />
    </div>
  );
}
