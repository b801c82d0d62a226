import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SecondFactorStart } from '@agent-bo/shared';
import { isApiError } from '../../../lib/api-error';
import { twoFactorApi } from '../api/two-factor-api';
import { codeRule } from './code-rule';

/**
 * Enrolment's first half: the QR code of the otpauth URI for an authenticator app, the secret
 * for typing in, and the first code, which turns the factor on and answers the recovery codes.
 */
export function EnrolForm({ started, onConfirmed }: { started: SecondFactorStart; onConfirmed: (codes: string[]) => void }) {
  const { t } = useTranslation('twoFactor');
  const [form] = Form.useForm<{ code: string }>();
  const confirm = useMutation({
    mutationFn: (code: string) => twoFactorApi.confirm(code),
    onSuccess: (answer) => onConfirmed(answer.recoveryCodes),
    onError: () => form.setFieldValue('code', ''),
  });
  const failure = confirm.error && !(isApiError(confirm.error) && confirm.error.kind === 'cancelled') ? confirm.error.message : null;
  // Grouped by four for reading aloud or typing; authenticator apps ignore the spaces.
  const grouped = started.secret.replace(/(.{4})/g, '$1 ').trim();

  return (
    <div className="two-factor__enrol" data-testid="two-factor-enrol">
      <ol className="two-factor__steps">
        <li>
          <Typography.Paragraph>{t('enrol.scan')}</Typography.Paragraph>
          <div className="two-factor__qr">
            <QRCode value={started.uri} size={184} bordered={false} color="#000" bgColor="#fff" data-testid="two-factor-qr" />
          </div>
          <Typography.Paragraph type="secondary">{t('enrol.manual')}</Typography.Paragraph>
          <Typography.Text code copyable={{ text: started.secret }} className="two-factor__secret" data-testid="two-factor-secret">
            {grouped}
          </Typography.Text>
        </li>
        <li>
          <Typography.Paragraph>{t('enrol.confirm')}</Typography.Paragraph>
          {failure ? (
            <Alert type="error" showIcon title={<span data-testid="two-factor-error">{failure}</span>} style={{ marginBottom: 12 }} />
          ) : null}
          <Form<{ code: string }> form={form} layout="inline" requiredMark={false} onFinish={(v) => confirm.mutate(v.code.trim())}>
            <Form.Item name="code" rules={[codeRule(t)]} validateTrigger="onSubmit" className="two-factor__code-item">
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder="123456"
                aria-label={t('code')}
                data-testid="two-factor-code"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={confirm.isPending} data-testid="two-factor-confirm">
              {t('enrol.submit')}
            </Button>
          </Form>
        </li>
      </ol>
    </div>
  );
}
