import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { twoFactorApi } from '../api/two-factor-api';
import { codeRule } from './code-rule';

/** Turning two-step verification off takes a fresh authenticator code or an unused recovery code. */
export function DisableForm({ required, onDisabled }: { required: boolean; onDisabled: () => void }) {
  const { t } = useTranslation('twoFactor');
  const [form] = Form.useForm<{ code: string }>();
  const disable = useMutation({
    mutationFn: (code: string) => twoFactorApi.disable(code),
    onSuccess: onDisabled,
    onError: () => form.setFieldValue('code', ''),
  });
  const failure = disable.error && !(isApiError(disable.error) && disable.error.kind === 'cancelled') ? disable.error.message : null;

  return (
    <div data-testid="two-factor-disable">
      <Typography.Title level={5}>{t('disable.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{required ? t('disable.requiredHint') : t('disable.hint')}</Typography.Paragraph>
      {failure ? (
        <Alert type="error" showIcon title={<span data-testid="two-factor-error">{failure}</span>} style={{ marginBottom: 12 }} />
      ) : null}
      <Form<{ code: string }> form={form} layout="inline" requiredMark={false} onFinish={(v) => disable.mutate(v.code.trim())}>
        <Form.Item name="code" rules={[codeRule(t, true)]} validateTrigger="onSubmit" className="two-factor__code-item">
          <Input
            autoComplete="one-time-code"
            maxLength={24}
            placeholder={t('disable.placeholder')}
            aria-label={t('disable.code')}
            data-testid="two-factor-disable-code"
          />
        </Form.Item>
        <Button danger htmlType="submit" loading={disable.isPending} data-testid="two-factor-disable-submit">
          {t('disable.submit')}
        </Button>
      </Form>
    </div>
  );
}
