import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contactStartRequestSchema, oneTimeCodeSchema, type Contact, type ContactChannel } from '@agent-bo/shared';
import { contactsApi } from '../api/contacts-api';
import { useCountdown } from '../../../hooks/use-countdown';
import { CODE_RESEND_SECONDS, compactPhone } from '../../../lib/one-time-code';
import { schemaRule } from '../../../lib/zod-rule';

/** A phone number as typed, in the form the server takes; an e-mail address trimmed. */
function normalizeDestination(channel: ContactChannel, value: string): string {
  return channel === 'sms' ? compactPhone(value) : value.trim();
}

/**
 * Adding or changing one contact: the phone number or e-mail address, a code sent there, the code
 * typed back. Until the code is confirmed nothing changes (a contact already proved stays); another
 * code can be asked for after CODE_RESEND_SECONDS, or the address typed again.
 */
export function ContactForm({
  channel,
  current,
  onProved,
  onCancel,
}: {
  channel: ContactChannel;
  /** The contact proved now, replaced once the new one is confirmed. */
  current?: string;
  onProved: (contacts: Contact[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('contacts');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [destinationForm] = Form.useForm<{ destination: string }>();
  const [codeForm] = Form.useForm<{ code: string }>();
  const countdown = useCountdown();

  const send = useMutation({
    mutationFn: (destination: string) => contactsApi.start({ channel, destination }),
    onSuccess: (_d, destination) => {
      setSentTo(destination);
      codeForm.resetFields();
      countdown.start(CODE_RESEND_SECONDS);
    },
  });
  const confirm = useMutation({
    mutationFn: (code: string) => contactsApi.confirm(channel, code),
    onSuccess: onProved,
  });

  const editAddress = () => {
    setSentTo(null);
    send.reset();
    confirm.reset();
    countdown.stop();
  };

  const failure = (send.error ?? confirm.error)?.message;
  const id = `contact-${channel}`;

  // The refusal sits between the field and the buttons, where the eye is when it arrives.
  const error = failure ? (
    <Alert type="error" showIcon title={failure} className="contact-form__error" data-testid={`${id}-error`} />
  ) : null;

  return (
    <div className="contact-form" data-testid={`${id}-form`}>
      {sentTo === null ? (
        <Form
          form={destinationForm}
          layout="vertical"
          requiredMark={false}
          onFinish={(v) => send.mutate(normalizeDestination(channel, v.destination))}
        >
          <Form.Item
            name="destination"
            label={t(`new.${channel}`)}
            extra={t(`hint.${channel}`)}
            initialValue={current}
            rules={[
              schemaRule(
                { safeParse: (destination) => contactStartRequestSchema.safeParse({ channel, destination }) },
                { required: () => t(`required.${channel}`), invalid: () => t(`invalid.${channel}`) },
                (v) => normalizeDestination(channel, v),
              ),
            ]}
          >
            <Input
              autoFocus
              maxLength={channel === 'sms' ? 24 : 254}
              inputMode={channel === 'sms' ? 'tel' : 'email'}
              autoComplete={channel === 'sms' ? 'tel' : 'email'}
              placeholder={channel === 'sms' ? '+886912345678' : 'name@example.com'}
              data-testid={`${id}-destination`}
            />
          </Form.Item>
          {error}
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={send.isPending} data-testid={`${id}-send`}>
              {t('send')}
            </Button>
            <Button onClick={onCancel} data-testid={`${id}-cancel`}>
              {t('common:actions.cancel')}
            </Button>
          </Space>
        </Form>
      ) : (
        <Form form={codeForm} layout="vertical" requiredMark={false} onFinish={(v) => confirm.mutate(v.code.trim())}>
          <Typography.Paragraph data-testid={`${id}-sent`}>{t('sent', { destination: sentTo })}</Typography.Paragraph>
          <Form.Item
            name="code"
            label={t('code')}
            extra={
              <span className="contact-form__links">
                <Button
                  type="link"
                  size="small"
                  disabled={countdown.seconds > 0}
                  loading={send.isPending}
                  onClick={() => {
                    confirm.reset();
                    send.mutate(sentTo);
                  }}
                  data-testid={`${id}-resend`}
                >
                  {countdown.seconds > 0 ? t('resendIn', { n: countdown.seconds }) : t('resend')}
                </Button>
                <Button type="link" size="small" onClick={editAddress} data-testid={`${id}-edit`}>
                  {t(`edit.${channel}`)}
                </Button>
              </span>
            }
            rules={[schemaRule(oneTimeCodeSchema, { required: () => t('codeRequired'), invalid: () => t('codeInvalid') })]}
          >
            <Input
              autoFocus
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
              className="contact-form__code"
              data-testid={`${id}-code`}
            />
          </Form.Item>
          {error}
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={confirm.isPending} data-testid={`${id}-confirm`}>
              {t('confirm')}
            </Button>
            <Button onClick={onCancel} data-testid={`${id}-cancel`}>
              {t('common:actions.cancel')}
            </Button>
          </Space>
        </Form>
      )}
    </div>
  );
}
