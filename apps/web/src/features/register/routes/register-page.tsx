import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  accountNoSchema,
  newPasswordSchema,
  submitVerifyRequestSchema,
  type RegisterRequest,
  nickNameSchema,
  type SubmitVerifyRequest,
} from '@agent-bo/shared';
import { PublicPage } from '../../../components/public-page';
import { useDarkToggle, useLocalePicker } from '../../../hooks/use-appearance';
import { confirmRules, zodRule } from '../../../lib/zod-rule';
import { registerApi } from '../api/register-api';
import { usePlayerTerms } from '../../../hooks/use-player-terms';
import { LOGIN_PATH } from '../../../config/routes';

interface RegisterValues extends Omit<RegisterRequest, 'inviteCode'> {
  confirm: string;
}

/** The invite code of the URL an agent hands out (`/register?invite=…`, as the server's copy_invite_url returns it). */
export function inviteCodeOf(search: URLSearchParams): string | null {
  const code = (search.get('invite') ?? search.get('code') ?? search.get('inviteCode') ?? '').trim();
  return code.length >= 6 && code.length <= 64 ? code : null;
}

/**
 * Public registration through an agent's invite URL (PLAYER_REGISTER), then the optional
 * verification request (SUBMIT_VERIFY) the agent reviews in its verify dialog.
 */
export default function RegisterPage() {
  const { t } = useTranslation('register');
  const localePicker = useLocalePicker();
  const darkToggle = useDarkToggle();
  const terms = usePlayerTerms();
  const [search] = useSearchParams();
  const code = inviteCodeOf(search);
  const [form] = Form.useForm<RegisterValues>();
  const [verifyForm] = Form.useForm<Pick<SubmitVerifyRequest, 'realName' | 'phone'>>();
  const [registered, setRegistered] = useState<{ accountNo: string; password: string } | null>(null);

  const register = useMutation({
    mutationFn: (v: RegisterValues) =>
      registerApi.register({ inviteCode: code!, accountNo: v.accountNo, nickName: v.nickName, password: v.password }),
    onSuccess: (_d, v) => setRegistered({ accountNo: v.accountNo, password: v.password }),
  });
  const submitVerify = useMutation({
    mutationFn: (v: Pick<SubmitVerifyRequest, 'realName' | 'phone'>) => registerApi.submitVerify({ ...registered!, ...v }),
  });

  let body;
  if (!code) {
    body = <Result status="warning" title={t('invalidLink')} subTitle={t('invalidLinkHint')} data-testid="register-invalid" />;
  } else if (submitVerify.isSuccess) {
    body = <Result status="success" title={t('verifySent')} subTitle={t('verifySentHint')} data-testid="register-verify-sent" />;
  } else if (registered) {
    body = (
      <div data-testid="register-success">
        <Result status="success" title={t('success', terms)} subTitle={t('successHint')} style={{ padding: '8px 0 16px' }} />
        <Typography.Title level={5}>{t('verifyTitle')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('verifyHint')}</Typography.Paragraph>
        {submitVerify.isError ? <Alert type="error" showIcon title={submitVerify.error.message} style={{ marginBottom: 16 }} /> : null}
        <Form form={verifyForm} layout="vertical" requiredMark={false} onFinish={(v) => submitVerify.mutate(v)}>
          <Form.Item
            name="realName"
            label={t('realName')}
            rules={[zodRule(submitVerifyRequestSchema.shape.realName, t, 'validation:realName.required')]}
          >
            <Input maxLength={64} autoComplete="name" data-testid="register-realName" />
          </Form.Item>
          <Form.Item name="phone" label={t('phone')} rules={[zodRule(submitVerifyRequestSchema.shape.phone, t, 'validation:phone.format')]}>
            <Input maxLength={20} autoComplete="tel" inputMode="tel" data-testid="register-phone" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitVerify.isPending} data-testid="register-verify-submit">
            {t('verifySubmit')}
          </Button>
        </Form>
      </div>
    );
  } else {
    body = (
      <>
        {register.isError ? (
          <Alert
            type="error"
            showIcon
            title={<span data-testid="register-error">{register.error.message}</span>}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Form<RegisterValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(v) => register.mutate(v)}
          data-testid="register-form"
        >
          <Form.Item
            name="accountNo"
            label={t('accountNo')}
            rules={[zodRule(accountNoSchema, t, 'validation:accountNo.required')]}
            extra={t('accountNoHint')}
          >
            <Input maxLength={12} autoComplete="username" data-testid="register-accountNo" />
          </Form.Item>
          <Form.Item name="nickName" label={t('nickName')} rules={[zodRule(nickNameSchema, t, 'validation:nickName.required')]}>
            <Input maxLength={32} autoComplete="nickname" data-testid="register-nickName" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('password')}
            rules={[zodRule(newPasswordSchema, t, 'validation:password.required')]}
            extra={t('passwordHint')}
          >
            <Input.Password autoComplete="new-password" data-testid="register-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('confirm')}
            dependencies={['password']}
            rules={confirmRules('password', { required: t('confirmRequired'), mismatch: t('confirmMismatch') })}
          >
            <Input.Password autoComplete="new-password" data-testid="register-confirm" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={register.isPending} data-testid="register-submit">
            {t('submit')}
          </Button>
        </Form>
      </>
    );
  }

  // The card's heading belongs to the form; the results carry their own.
  const showForm = !!code && !registered && !submitVerify.isSuccess;
  return (
    <PublicPage
      localePicker={localePicker}
      darkToggle={darkToggle}
      title={showForm ? t('title', terms) : undefined}
      subtitle={showForm ? t('subtitle') : undefined}
      links={<Link to={LOGIN_PATH}>{t('staffLogin')}</Link>}
      testId="register-page"
    >
      {body}
    </PublicPage>
  );
}
