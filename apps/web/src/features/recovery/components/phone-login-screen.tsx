import { MobileOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, type InputRef } from 'antd';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FORGOT_PASSWORD_PATH, LOGIN_PATH } from '../../../config/routes';
import { PublicPage } from '../../../components/public-page';
import { SecondFactorStep } from '../../../components/signin-form';
import { useDarkToggle, useLocalePicker } from '../../../hooks/use-appearance';
import { useSignedIn } from '../../../hooks/use-signed-in';
import { recoveryApi } from '../api/recovery-api';
import { useCountdown } from '../../../hooks/use-countdown';
import { useErrorText } from '../hooks/use-error-text';
import { identifierRule, normalizeIdentifier } from '../rules';
import { CODE_RESEND_SECONDS } from '../../../lib/one-time-code';
import { CodeField } from './code-field';

interface PhoneLoginValues {
  identifier: string;
  code: string;
}

/**
 * Sign-in with a code texted to the account's proved phone (`/login/phone`): the account number
 * or the phone number, "send code" (then again after a minute), the code. The answer to "send"
 * is the same whether or not a text went out; a signed-in answer goes where the password sign-in's
 * does (the login guard moves on to the redirect target or home).
 */
export function PhoneLoginScreen() {
  const { t } = useTranslation('recovery');
  const localePicker = useLocalePicker();
  const darkToggle = useDarkToggle();
  const onSignedIn = useSignedIn();
  const { search } = useLocation();
  const [form] = Form.useForm<PhoneLoginValues>();
  const codeInput = useRef<InputRef>(null);
  const countdown = useCountdown();
  const [sent, setSent] = useState(false);
  const failure = useErrorText();
  // The account has a second factor: its code is asked for in place of the form.
  const [challenge, setChallenge] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: (identifier: string) => recoveryApi.sendSigninCode({ identifier }),
    onMutate: failure.clear,
    onSuccess: () => {
      setSent(true);
      countdown.start(CODE_RESEND_SECONDS);
      codeInput.current?.focus();
    },
    onError: failure.show,
  });
  const signin = useMutation({
    mutationFn: (values: PhoneLoginValues) =>
      recoveryApi.signinWithCode({ identifier: normalizeIdentifier(values.identifier), code: values.code.trim() }),
    onMutate: failure.clear,
    onSuccess: (response) => ('secondFactor' in response ? setChallenge(response.secondFactor.challenge) : onSignedIn(response)),
    onError: failure.show,
  });

  const onSend = async () => {
    const values = await form.validateFields(['identifier']).catch(() => null);
    if (values) send.mutate(normalizeIdentifier(values.identifier));
  };

  return (
    <PublicPage
      localePicker={localePicker}
      darkToggle={darkToggle}
      title={t('phoneTitle')}
      subtitle={t('phoneSubtitle')}
      testId="phone-login-page"
      links={
        <>
          <Link to={`${LOGIN_PATH}${search}`} data-testid="recovery-password-login">
            {t('passwordLogin')}
          </Link>
          <Link to={FORGOT_PASSWORD_PATH}>{t('forgotLink')}</Link>
        </>
      }
    >
      {failure.error ? (
        <Alert type="error" showIcon title={<span data-testid="phone-error">{failure.error}</span>} style={{ marginBottom: 16 }} />
      ) : null}
      {challenge ? (
        <Suspense fallback={null}>
          <SecondFactorStep
            challenge={challenge}
            onSignedIn={onSignedIn}
            onRestart={(message) => {
              setChallenge(null);
              form.setFieldValue('code', '');
              if (message) failure.show(new Error(message));
            }}
          />
        </Suspense>
      ) : (
        <Form<PhoneLoginValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          size="large"
          onFinish={(values) => signin.mutate(values)}
          data-testid="phone-login-form"
        >
          <Form.Item
            name="identifier"
            label={t('identifier')}
            rules={[identifierRule(t)]}
            validateTrigger="onBlur"
            extra={t('identifierHint')}
          >
            <Input
              prefix={<MobileOutlined />}
              placeholder={t('identifierPlaceholder')}
              autoComplete="username"
              maxLength={20}
              data-testid="phone-identifier"
            />
          </Form.Item>
          <CodeField
            id="phone"
            onSend={() => void onSend()}
            sending={send.isPending}
            seconds={countdown.seconds}
            sent={sent}
            inputRef={codeInput}
          />
          {sent ? (
            <Alert type="info" showIcon title={<span data-testid="phone-sent">{t('phoneCodeSent')}</span>} style={{ marginBottom: 16 }} />
          ) : null}
          <Button type="primary" htmlType="submit" block loading={signin.isPending} data-testid="phone-submit">
            {t('signin')}
          </Button>
        </Form>
      )}
    </PublicPage>
  );
}
