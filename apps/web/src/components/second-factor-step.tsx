import { SafetyOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Typography, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERRORS, RECOVERY_CODE_PATTERN, type SignedIn } from '@agent-bo/shared';
import { isApiError } from '../lib/api-error';
import { signinSecondFactor } from '../lib/auth-api';
import { schemaRule } from '../lib/zod-rule';

interface SecondFactorStepProps {
  /** What the first step's answer carried. */
  challenge: string;
  onSignedIn: (response: SignedIn) => void | Promise<void>;
  /** Back to the first step, with the reason when the challenge ended (too slow, too many wrong codes). */
  onRestart: (message?: string) => void;
}

type Mode = 'totp' | 'recovery';

const totpRule = { safeParse: (v: unknown) => ({ success: typeof v === 'string' && /^\d{6}$/.test(v) }) };
const recoveryRule = { safeParse: (v: unknown) => ({ success: typeof v === 'string' && RECOVERY_CODE_PATTERN.test(v) }) };

/**
 * The sign-in's second step (issue 33), after a right password or phone code of an account with
 * two-step verification: the authenticator's six digits, or one of the recovery codes. Loaded
 * only when asked for, with the rest of the locale's texts (`twoFactor`), so the login page's first
 * load stays as it was. Test ids `second-factor-*`.
 */
export default function SecondFactorStep({ challenge, onSignedIn, onRestart }: SecondFactorStepProps) {
  const { t } = useTranslation('twoFactor');
  const [form] = Form.useForm<{ code: string }>();
  const [mode, setMode] = useState<Mode>('totp');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<InputRef>(null);

  useEffect(() => {
    input.current?.focus();
  }, [mode]);

  const mutation = useMutation({
    mutationFn: (code: string) => signinSecondFactor({ challenge, code }),
    onMutate: () => setError(null),
    onSuccess: (response) => onSignedIn(response),
    onError: (failure) => {
      if (isApiError(failure) && failure.kind === 'cancelled') return;
      const message = failure.message || t('http:requestFailed');
      // Too slow or too many wrong codes: the password is asked for again.
      if (isApiError(failure) && failure.code === ERRORS.SIGN_IN_CHALLENGE_EXPIRED.code) return onRestart(message);
      setError(message);
      form.setFieldValue('code', '');
      input.current?.focus();
    },
  });

  const switchMode = () => {
    setMode((m) => (m === 'totp' ? 'recovery' : 'totp'));
    setError(null);
    form.resetFields();
  };

  const rule =
    mode === 'totp'
      ? schemaRule(totpRule, { required: () => t('step.codeRequired'), invalid: () => t('step.codeInvalid') })
      : schemaRule(recoveryRule, { required: () => t('step.codeRequired'), invalid: () => t('step.recoveryInvalid') });

  return (
    <div data-testid="second-factor-step">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        <SafetyOutlined /> {t('step.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{mode === 'totp' ? t('step.hint') : t('step.recoveryHint')}</Typography.Paragraph>
      {error ? (
        <Alert type="error" showIcon title={<span data-testid="second-factor-error">{error}</span>} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<{ code: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={(values) => mutation.mutate(values.code.trim())}
      >
        <Form.Item name="code" label={mode === 'totp' ? t('step.code') : t('step.recoveryCode')} rules={[rule]} validateTrigger="onSubmit">
          {mode === 'totp' ? (
            <Input
              ref={input}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              style={{ letterSpacing: '0.3em' }}
              data-testid="second-factor-code"
            />
          ) : (
            <Input ref={input} autoComplete="off" maxLength={24} placeholder="abcde-fghjk" data-testid="second-factor-code" />
          )}
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={mutation.isPending} data-testid="second-factor-submit">
          {t('step.submit')}
        </Button>
      </Form>
      <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8, marginTop: 12 }}>
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => onRestart()} data-testid="second-factor-back">
          {t('step.back')}
        </Button>
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={switchMode} data-testid="second-factor-switch">
          {mode === 'totp' ? t('step.useRecovery') : t('step.useCode')}
        </Button>
      </div>
    </div>
  );
}
