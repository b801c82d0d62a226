import { QrcodeOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ERRORS } from '@agent-bo/shared';
import { isApiError } from '../../../lib/api-error';
import { qrApi } from '../api/qr-api';
import { QrDecision, type QrDecisionValues } from './qr-decision';
import '../qr-sign-in.css';

type Outcome = 'approved' | 'denied' | 'expired';

const isExpired = (error: unknown) => isApiError(error) && error.code === ERRORS.QR_SIGN_IN_EXPIRED.code;
const isCancelled = (error: unknown) => isApiError(error) && error.kind === 'cancelled';
/** A wrong confirmation, or too many: said on the field, which is asked again. */
const FIELD_CODES: readonly number[] = [ERRORS.WRONG_PASSWORD.code, ERRORS.SECOND_FACTOR_INVALID.code, ERRORS.SIGNIN_LOCKED.code];
/** What a sign-in code looks like (the server checks it again). */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The approving device's page (`/qr?t=…`, what a QR sign-in code opens): which browser, from which
 * address and when, asks to sign in as this account; approve with a fresh confirmation (the
 * password, or the authenticator's code when the account has a second factor) or deny. The result
 * stays on screen. Signed out, the sign-in brings the person back here (the guard's `redirect`).
 * Test ids `qr-approve-*`.
 */
export function QrApproveScreen() {
  const { t } = useTranslation('qrSignIn');
  const [search] = useSearchParams();
  const raw = search.get('t') ?? '';
  const token = TOKEN.test(raw) ? raw : null;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const request = useQuery({
    queryKey: ['qr-sign-in', token],
    queryFn: ({ signal }) => qrApi.show(token!, signal),
    enabled: token !== null && outcome === null,
    retry: false,
    gcTime: 0,
  });
  const decide = useMutation({
    mutationFn: (values: QrDecisionValues & { approve: boolean }) => qrApi.decide({ token: token!, ...values }),
    onMutate: () => setFieldError(null),
    onSuccess: (_, values) => setOutcome(values.approve ? 'approved' : 'denied'),
    onError: (error) => {
      if (isExpired(error)) setOutcome('expired');
      else if (isApiError(error) && error.code !== undefined && FIELD_CODES.includes(error.code)) setFieldError(error.message);
    },
  });
  const decideFailure = decide.error && !isCancelled(decide.error) && !fieldError && !isExpired(decide.error) ? decide.error.message : null;

  const body = () => {
    if (outcome === 'approved')
      return <Result status="success" title={t('approvedTitle')} subTitle={t('approvedText')} data-testid="qr-approve-approved" />;
    if (outcome === 'denied')
      return <Result status="info" title={t('deniedTitle')} subTitle={t('deniedText')} data-testid="qr-approve-denied" />;
    if (!token || outcome === 'expired' || isExpired(request.error))
      return <Result status="warning" title={t('expiredTitle')} subTitle={t('expiredText')} data-testid="qr-approve-expired" />;
    if (request.error && !isCancelled(request.error))
      return (
        <Alert
          type="error"
          showIcon
          title={<span data-testid="qr-approve-load-error">{request.error.message || t('http:requestFailed')}</span>}
          action={<Button onClick={() => void request.refetch()}>{t('retry')}</Button>}
        />
      );
    if (!request.data) return <Skeleton active />;
    return (
      <>
        {decideFailure ? (
          <Alert type="error" showIcon title={<span data-testid="qr-approve-error">{decideFailure}</span>} style={{ marginBottom: 16 }} />
        ) : null}
        <QrDecision
          request={request.data}
          fieldError={fieldError}
          pending={decide.isPending ? (decide.variables.approve ? 'approve' : 'deny') : null}
          onApprove={(values) => decide.mutate({ approve: true, ...values })}
          onDeny={() => decide.mutate({ approve: false })}
        />
      </>
    );
  };

  return (
    <div className="page qr-approve" data-testid="qr-approve-page">
      <Card
        variant="borderless"
        title={
          <span>
            <QrcodeOutlined /> {t('approveTitle')}
          </span>
        }
      >
        {body()}
      </Card>
    </div>
  );
}
