import { SendOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Radio, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { accountNoSchema, newPasswordSchema, type ForgotPasswordRequest } from '@agent-bo/shared';
import { LOGIN_PATH } from '../../../config/routes';
import { PublicPage } from '../../../components/public-page';
import { useDarkToggle, useLocalePicker } from '../../../hooks/use-appearance';
import { confirmRules, zodRule } from '../../../lib/zod-rule';
import { recoveryApi } from '../api/recovery-api';
import { useCountdown } from '../../../hooks/use-countdown';
import { useErrorText } from '../hooks/use-error-text';
import { CODE_RESEND_SECONDS } from '../../../lib/one-time-code';
import { CodeField } from './code-field';

type Way = ForgotPasswordRequest['via'];
const WAYS: readonly Way[] = ['UPPER', 'sms', 'email'];

/** Where the visitor is: asking, told the request is on its way (up the tree, or a code), or done. */
type Step = { kind: 'ask' } | { kind: 'asked'; request: ForgotPasswordRequest } | { kind: 'done' };

interface ResetValues {
  code: string;
  password: string;
  confirm: string;
}

/**
 * Forgot password (`/forgot-password`): the account number and a way back in — a request to the
 * upper agent, who resets the password on the member screen and hands the new one over, or a
 * six-digit code to the account's proved phone or e-mail, then the code and a new password. What
 * the page says after asking never tells whether the account exists or has such a contact.
 */
export function ForgotPasswordScreen() {
  const { t } = useTranslation('recovery');
  const localePicker = useLocalePicker();
  const darkToggle = useDarkToggle();
  const [askForm] = Form.useForm<ForgotPasswordRequest>();
  const [resetForm] = Form.useForm<ResetValues>();
  const [step, setStep] = useState<Step>({ kind: 'ask' });
  /** What was asked last, to fill the first step in again when the visitor goes back to it. */
  const [last, setLast] = useState<ForgotPasswordRequest>({ accountNo: '', via: 'UPPER' });
  const countdown = useCountdown();
  const failure = useErrorText();
  const navigate = useNavigate();
  const wayTexts: Record<Way, { name: string; hint: string }> = {
    UPPER: { name: t('wayUpper'), hint: t('wayUpperHint') },
    sms: { name: t('waySms'), hint: t('waySmsHint') },
    email: { name: t('wayEmail'), hint: t('wayEmailHint') },
  };

  const ask = useMutation({
    mutationFn: (request: ForgotPasswordRequest) => recoveryApi.forgotPassword(request),
    onMutate: failure.clear,
    onSuccess: (_answer, request) => {
      setLast(request);
      setStep({ kind: 'asked', request });
      if (request.via !== 'UPPER') countdown.start(CODE_RESEND_SECONDS);
    },
    onError: failure.show,
  });
  const reset = useMutation({
    mutationFn: (input: { accountNo: string; values: ResetValues }) =>
      recoveryApi.resetByCode({ accountNo: input.accountNo, code: input.values.code.trim(), password: input.values.password }),
    onMutate: failure.clear,
    onSuccess: () => setStep({ kind: 'done' }),
    onError: failure.show,
  });

  const backToSignin = (
    <Link to={LOGIN_PATH} data-testid="recovery-back-login">
      {t('backToSignin')}
    </Link>
  );
  const errorAlert = failure.error ? (
    <Alert type="error" showIcon title={<span data-testid="forgot-error">{failure.error}</span>} style={{ marginBottom: 16 }} />
  ) : null;

  if (step.kind === 'done') {
    // The way back to sign-in is the result's own button here (a link, as the others' is).
    return (
      <PublicPage localePicker={localePicker} darkToggle={darkToggle} testId="forgot-password-page">
        <Result
          status="success"
          title={t('doneTitle')}
          subTitle={t('doneHint')}
          className="recovery-result"
          data-testid="forgot-done"
          extra={
            <Button
              type="primary"
              size="large"
              href={LOGIN_PATH}
              onClick={(event) => {
                event.preventDefault();
                void navigate(LOGIN_PATH);
              }}
              data-testid="forgot-signin"
            >
              {t('signin')}
            </Button>
          }
        />
      </PublicPage>
    );
  }

  if (step.kind === 'asked' && step.request.via === 'UPPER') {
    return (
      <PublicPage localePicker={localePicker} darkToggle={darkToggle} testId="forgot-password-page" links={backToSignin}>
        <Result
          status="info"
          icon={<SendOutlined />}
          title={t('upperSentTitle')}
          subTitle={<span data-testid="forgot-sent">{t('upperSent', { accountNo: step.request.accountNo })}</span>}
          className="recovery-result"
        />
      </PublicPage>
    );
  }

  if (step.kind === 'asked') {
    const { request } = step;
    const resend = () => ask.mutate(request);
    return (
      <PublicPage
        localePicker={localePicker}
        darkToggle={darkToggle}
        title={t('resetTitle')}
        testId="forgot-password-page"
        links={
          <>
            {backToSignin}
            <button
              type="button"
              data-testid="forgot-other-way"
              onClick={() => {
                failure.clear();
                resetForm.resetFields();
                setStep({ kind: 'ask' });
              }}
            >
              {t('otherWay')}
            </button>
          </>
        }
      >
        <Alert
          type="info"
          showIcon
          title={
            <span data-testid="forgot-sent">
              {request.via === 'sms' ? t('smsSent', { accountNo: request.accountNo }) : t('emailSent', { accountNo: request.accountNo })}
            </span>
          }
          style={{ margin: '12px 0 16px' }}
        />
        {errorAlert}
        <Form<ResetValues>
          form={resetForm}
          layout="vertical"
          requiredMark={false}
          size="large"
          onFinish={(values) => reset.mutate({ accountNo: request.accountNo, values })}
          data-testid="forgot-reset-form"
        >
          <CodeField id="forgot" onSend={resend} sending={ask.isPending} seconds={countdown.seconds} sent />
          <Form.Item
            name="password"
            label={t('newPassword')}
            rules={[zodRule(newPasswordSchema, t, 'validation:password.required')]}
            extra={t('newPasswordHint')}
          >
            <Input.Password autoComplete="new-password" data-testid="forgot-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('confirm')}
            dependencies={['password']}
            rules={confirmRules('password', { required: t('confirmRequired'), mismatch: t('confirmMismatch') })}
          >
            <Input.Password autoComplete="new-password" data-testid="forgot-confirm" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={reset.isPending} data-testid="forgot-reset">
            {t('resetSubmit')}
          </Button>
        </Form>
      </PublicPage>
    );
  }

  return (
    <PublicPage
      localePicker={localePicker}
      darkToggle={darkToggle}
      title={t('forgotTitle')}
      subtitle={t('forgotSubtitle')}
      testId="forgot-password-page"
      links={backToSignin}
    >
      {errorAlert}
      <Form<ForgotPasswordRequest>
        form={askForm}
        layout="vertical"
        requiredMark={false}
        size="large"
        initialValues={last}
        onFinish={(values) => ask.mutate({ accountNo: values.accountNo.trim(), via: values.via })}
        data-testid="forgot-form"
      >
        <Form.Item
          name="accountNo"
          label={t('accountNo')}
          rules={[zodRule(accountNoSchema, t, 'validation:accountNo.required')]}
          validateTrigger="onBlur"
        >
          <Input placeholder={t('login:accountPlaceholder')} autoComplete="username" maxLength={12} data-testid="forgot-account" />
        </Form.Item>
        <Form.Item name="via" label={t('way')}>
          <Radio.Group orientation="vertical" className="recovery-ways">
            {WAYS.map((way) => (
              <Radio key={way} value={way}>
                <span className="recovery-way" data-testid={`forgot-way-${way}`}>
                  <span className="recovery-way__name">{wayTexts[way].name}</span>
                  <span className="recovery-way__hint">{wayTexts[way].hint}</span>
                </span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={ask.isPending} data-testid="forgot-submit">
          {t('continue')}
        </Button>
      </Form>
    </PublicPage>
  );
}
