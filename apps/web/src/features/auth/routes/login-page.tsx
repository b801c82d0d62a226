import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signinRequestSchema, type SigninRequest } from '@agent-bo/shared';
import { useUserStore } from '../../../app/stores/user-store';
import { DarkToggle } from '../../../components/dark-toggle';
import { LocalePicker } from '../../../components/locale-picker';
import { api } from '../../../lib/api';
import { isApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/feedback';
import { signin } from '../api/auth-api';
import { zodRule } from '../zod-rule';

/** Sign-in screen. After success the login guard moves on to the redirect target or home. */
export default function LoginPage() {
  const { t, i18n } = useTranslation('login');
  const [form] = Form.useForm<SigninRequest>();
  const [serverError, setServerError] = useState<string | null>(null);
  const setSession = useUserStore((s) => s.setSession);
  const setUserInfo = useUserStore((s) => s.setUserInfo);

  const mutation = useMutation({
    mutationFn: (values: SigninRequest) => signin(values),
    onMutate: () => setServerError(null),
    onSuccess: (res) => {
      api.resetUnauthorized();
      setSession(res.token, res.expiresAt);
      setUserInfo(res.user);
      showToast({
        type: 'success',
        key: 'signin-welcome',
        content: t('welcome', { name: res.user.nickName || res.user.accountNo }),
        keepOnRouteChange: true,
      });
    },
    onError: (error) => {
      if (isApiError(error) && error.kind === 'cancelled') return;
      setServerError(error.message || t('http:requestFailed'));
    },
  });

  // Field messages are translated when shown; re-validate the failing ones when the language changes.
  useEffect(() => {
    const failing = form
      .getFieldsError()
      .filter((f) => f.errors.length > 0)
      .map((f) => f.name);
    if (failing.length) void form.validateFields(failing).catch(() => undefined);
  }, [i18n.language, form]);

  const accountRules: Rule[] = [zodRule(signinRequestSchema.shape.accountNo, t, 'validation:accountNo.required')];
  const passwordRules: Rule[] = [zodRule(signinRequestSchema.shape.password, t, 'validation:password.required')];

  return (
    <div className="login-page">
      <div className="login-page__tools">
        <LocalePicker />
        <DarkToggle />
      </div>
      <div className="login-page__panel">
        <div className="login-page__brand">
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <Typography.Title level={2} className="login-page__product">
            {t('common:productTitle')}
          </Typography.Title>
          <Typography.Text className="login-page__tagline">{t('tagline')}</Typography.Text>
        </div>
        <Card className="login-card" variant="borderless">
          <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('subtitle')}</Typography.Paragraph>
          {serverError ? (
            <Alert
              type="error"
              showIcon
              title={<span data-testid="login-error">{serverError}</span>}
              style={{ marginBottom: 16 }}
            />
          ) : null}
          <Form<SigninRequest>
            form={form}
            layout="vertical"
            requiredMark={false}
            size="large"
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
              <Input.Password
                prefix={<LockOutlined />}
                placeholder={t('passwordPlaceholder')}
                autoComplete="current-password"
                data-testid="login-password"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={mutation.isPending} data-testid="login-submit">
              {t('submit')}
            </Button>
          </Form>
        </Card>
      </div>
    </div>
  );
}
