import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form } from 'antd';
// The two inputs on their own: antd's `Input` carries TextArea, Search, OTP and Group with it,
// which the login page would download for nothing.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import type { FormInstance, Rule } from 'antd/es/form';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale, SignedIn, SigninRequest } from '@agent-bo/shared';
import type { signinRequestSchema as SigninSchema } from '../lib/signin-schema';
import { isApiError } from '../lib/api-error';
import { ensureLocale, i18n as i18next } from '../lib/i18n';
import { signin } from '../lib/auth-api';
import { zodRule } from '../lib/zod-rule';

/**
 * The shared sign-in schema, and zod with it, load after the form is on screen (the login page is
 * the first thing a visitor waits for); the required checks run without it.
 */
let signinSchema: Promise<{ signinRequestSchema: typeof SigninSchema }> | null = null;
const loadSigninSchema = () =>
  (signinSchema ??= import('../lib/signin-schema').catch((error: unknown) => {
    // Fetched again when a field is next checked.
    signinSchema = null;
    throw error;
  }));
/**
 * The second factor's step, fetched only for an account that has one, together with the rest of
 * the locale's texts, where its own are (the signed-in pages that follow need them anyway).
 */
export const SecondFactorStep = lazy(() =>
  Promise.all([import('./second-factor-step'), ensureLocale(i18next.language as Locale)]).then(([step]) => step),
);

const accountNoSchema = () => loadSigninSchema().then((m) => m.signinRequestSchema.shape.accountNo);
const passwordSchema = () => loadSigninSchema().then((m) => m.signinRequestSchema.shape.password);

interface SigninFormProps {
  /**
   * Called with the new session (after the second factor when the account has one); the caller
   * decides what a new session means where it is.
   */
  onSignedIn: (response: SignedIn) => void | Promise<void>;
  /** Prefills the account (the session-timeout cover knows who was signed in); the password field then takes the focus. */
  initialAccountNo?: string;
  /** The form's instance, for a page that fills it in itself (the login page, from its prerendered snapshot). */
  form?: FormInstance<SigninRequest>;
}

/**
 * Account + password form of the login page, also used in place by the session-timeout cover.
 * Test ids `login-account`, `login-password`, `login-submit`, `login-error` are the same in both.
 */
export function SigninForm({ onSignedIn, initialAccountNo, form: givenForm }: SigninFormProps) {
  const { t, i18n } = useTranslation('login');
  const [form] = Form.useForm<SigninRequest>(givenForm);
  const [serverError, setServerError] = useState<string | null>(null);
  // A right password of an account with a second factor: the code is asked for in place of the form.
  const [challenge, setChallenge] = useState<string | null>(null);

  const mutation = useMutation({
    // The form says what went wrong in its own alert; a toast would say it a second time.
    mutationFn: (values: SigninRequest) => signin(values, { errorMessageMode: 'none' }),
    onMutate: () => setServerError(null),
    onSuccess: (response) => ('secondFactor' in response ? setChallenge(response.secondFactor.challenge) : onSignedIn(response)),
    onError: (error) => {
      if (isApiError(error) && error.kind === 'cancelled') return;
      setServerError(error.message || t('http:requestFailed'));
    },
  });

  const restart = (message?: string) => {
    setChallenge(null);
    setServerError(message ?? null);
    form.setFieldValue('password', '');
  };

  // Once the form is on screen: what checking the fields needs.
  useEffect(() => {
    loadSigninSchema().catch(() => undefined);
  }, []);

  // Field messages are translated when shown; re-validate the failing ones when the language changes.
  useEffect(() => {
    const failing = form
      .getFieldsError()
      .filter((f) => f.errors.length > 0)
      .map((f) => f.name);
    if (failing.length) void form.validateFields(failing).catch(() => undefined);
  }, [i18n.language, form]);

  const accountRules: Rule[] = [zodRule(accountNoSchema, t, 'validation:accountNo.required')];
  const passwordRules: Rule[] = [zodRule(passwordSchema, t, 'validation:password.required')];

  if (challenge) {
    return (
      <Suspense fallback={null}>
        <SecondFactorStep challenge={challenge} onSignedIn={onSignedIn} onRestart={restart} />
      </Suspense>
    );
  }

  return (
    <>
      {serverError ? (
        <Alert type="error" showIcon title={<span data-testid="login-error">{serverError}</span>} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<SigninRequest>
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        initialValues={initialAccountNo ? { accountNo: initialAccountNo } : undefined}
        onFinish={(values) => mutation.mutate(values)}
        autoComplete="on"
      >
        <Form.Item name="accountNo" label={t('account')} rules={accountRules} validateTrigger="onBlur">
          <Input
            prefix={<UserOutlined />}
            placeholder={t('accountPlaceholder')}
            autoComplete="username"
            maxLength={12}
            data-testid="login-account"
          />
        </Form.Item>
        <Form.Item name="password" label={t('password')} rules={passwordRules} validateTrigger="onBlur">
          <Password
            prefix={<LockOutlined />}
            placeholder={t('passwordPlaceholder')}
            autoComplete="current-password"
            data-testid="login-password"
            data-autofocus={initialAccountNo ? true : undefined}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={mutation.isPending} data-testid="login-submit">
          {t('submit')}
        </Button>
      </Form>
    </>
  );
}
