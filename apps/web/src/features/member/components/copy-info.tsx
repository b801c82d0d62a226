import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Input, Modal, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CopyInfo } from '@agent-bo/shared';
import { copyInfoText } from '../rules';

/**
 * Copies `text`; when the clipboard is unavailable or refuses, opens a prompt with the text
 * selected so it can be copied by hand (spec §8). Success shows a toast.
 */
export function useCopy() {
  const { t } = useTranslation('member');
  const { message } = App.useApp();
  const [manual, setManual] = useState<string | null>(null);

  const copy = async (text: string) => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      void message.success({ content: t('copy.copied'), key: 'copy-success' });
    } catch {
      setManual(text);
    }
  };

  const prompt = <ManualCopyModal text={manual} onClose={() => setManual(null)} />;
  return { copy, prompt };
}

function ManualCopyModal({ text, onClose }: { text: string | null; onClose: () => void }) {
  const { t } = useTranslation('member');
  const ref = useRef<HTMLTextAreaElement | null>(null);
  useEffect(() => {
    if (text === null) return;
    const timer = setTimeout(() => {
      ref.current?.focus();
      ref.current?.select();
    }, 50);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <Modal
      open={text !== null}
      title={t('copy.manualTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="manual-copy-close">
          {t('common:actions.ok')}
        </Button>
      }
      destroyOnHidden
      data-testid="manual-copy"
    >
      <Typography.Paragraph type="secondary">{t('copy.manualHint')}</Typography.Paragraph>
      <Input.TextArea
        ref={(el) => {
          ref.current = el?.resizableTextArea?.textArea ?? null;
        }}
        readOnly
        value={text ?? ''}
        autoSize={{ minRows: 3, maxRows: 8 }}
        data-testid="manual-copy-text"
      />
    </Modal>
  );
}

/** Copy info of an account (url, nickname, account number, password once) with a Copy button. */
export function CopyInfoView({
  info,
  onResetPassword,
  resetting,
}: {
  info: CopyInfo;
  /** Offered when the one-time password is gone; absent for callers who may not write. */
  onResetPassword?: () => void;
  resetting?: boolean;
}) {
  const { t } = useTranslation('member');
  const { copy, prompt } = useCopy();
  const text = copyInfoText(info, {
    url: t('copy.url'),
    nickName: t('fields.nickName'),
    accountNo: t('fields.accountNo'),
    pwd: t('fields.password'),
  });
  return (
    <div data-testid="copy-info">
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 120 } }}>
        <Descriptions.Item label={t('copy.url')}>
          <Typography.Text className="member-break" data-testid="copy-info-url">
            {info.url}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.nickName')}>{info.nickName}</Descriptions.Item>
        <Descriptions.Item label={t('fields.accountNo')}>
          <span data-testid="copy-info-account">{info.accountNo}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.password')}>
          {info.pwd !== null ? (
            <Typography.Text code data-testid="copy-info-pwd">
              {info.pwd}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('copy.pwdGone')}</Typography.Text>
          )}
        </Descriptions.Item>
      </Descriptions>
      {info.pwd === null ? (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          title={t('copy.pwdGoneHint')}
          action={
            onResetPassword ? (
              <Button size="small" onClick={onResetPassword} loading={resetting} data-testid="copy-info-reset">
                {t('actions.resetPassword')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('copy.pwdOnce')}
        </Typography.Paragraph>
      )}
      <Space style={{ marginTop: 12 }}>
        <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy(text)} data-testid="copy-button">
          {t('copy.copy')}
        </Button>
      </Space>
      {prompt}
    </div>
  );
}
