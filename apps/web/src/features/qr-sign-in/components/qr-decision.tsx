import { Button, Descriptions, Form, Input, Typography, type InputRef } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { QrRequest } from '@agent-bo/shared';
import { summariseUserAgent } from '../../../lib/user-agent';
import { useUserStore } from '../../../stores/user-store';

export interface QrDecisionValues {
  password?: string;
  code?: string;
}

interface QrDecisionProps {
  request: QrRequest;
  /** The server's refusal of the confirmation (wrong, or too many tries), shown on the field. */
  fieldError: string | null;
  pending: 'approve' | 'deny' | null;
  onApprove: (values: QrDecisionValues) => void;
  onDeny: () => void;
}

/**
 * The question itself: who asks (browser and system as a person names them, the address, the
 * time), the confirmation the server asks of this account (its password, or six digits from its
 * authenticator), and the two answers. Only an approval needs the confirmation.
 */
export function QrDecision({ request, fieldError, pending, onApprove, onDeny }: QrDecisionProps) {
  const { t } = useTranslation('qrSignIn');
  const [form] = Form.useForm<QrDecisionValues>();
  const input = useRef<InputRef>(null);
  const accountNo = useUserStore((s) => s.userInfo?.accountNo ?? '');
  const field = request.confirmWith === 'SECOND_FACTOR' ? 'code' : 'password';
  const { browser, os } = summariseUserAgent(request.userAgent);
  const named = browser || os ? [browser ?? t('unknown'), os].filter(Boolean).join(' · ') : request.userAgent || t('unknown');

  // A refused confirmation: said on the field, emptied and focused for the next try.
  useEffect(() => {
    if (!fieldError) return;
    form.setFields([{ name: field, value: '', errors: [fieldError] }]);
    input.current?.focus();
  }, [fieldError, field, form]);

  return (
    <>
      <Typography.Title level={4} className="qr-approve__question">
        {t('question')}
      </Typography.Title>
      <Typography.Paragraph>{t('intro', { account: accountNo })}</Typography.Paragraph>
      <Descriptions column={1} bordered size="small" className="qr-approve__details" data-testid="qr-approve-details">
        <Descriptions.Item label={t('browser')}>
          <span data-testid="qr-approve-browser">{named}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('address')}>
          <span data-testid="qr-approve-address">{request.ip || t('unknown')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('askedAt')}>{request.createdAt}</Descriptions.Item>
      </Descriptions>
      <Form<QrDecisionValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => onApprove(field === 'code' ? { code: values.code?.trim() } : { password: values.password })}
        data-testid="qr-approve-form"
      >
        {field === 'code' ? (
          <Form.Item
            name="code"
            label={t('confirmCode')}
            rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('codeRule') }]}
            validateTrigger="onSubmit"
          >
            <Input
              ref={input}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              data-testid="qr-approve-code"
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="password"
            label={t('confirmPassword')}
            rules={[{ required: true, message: t('passwordRule') }]}
            validateTrigger="onSubmit"
          >
            <Input.Password ref={input} autoComplete="current-password" maxLength={128} data-testid="qr-approve-password" />
          </Form.Item>
        )}
        <div className="qr-approve__buttons">
          <Button
            type="primary"
            htmlType="submit"
            loading={pending === 'approve'}
            disabled={pending === 'deny'}
            data-testid="qr-approve-yes"
          >
            {t('approve')}
          </Button>
          <Button danger loading={pending === 'deny'} disabled={pending === 'approve'} onClick={onDeny} data-testid="qr-approve-no">
            {t('deny')}
          </Button>
        </div>
      </Form>
    </>
  );
}
