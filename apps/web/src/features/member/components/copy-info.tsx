import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CopyInfo } from '@agent-bo/shared';
import { useCopy } from '../../../components/use-copy';
import { copyInfoText } from '../rules';

/**
 * Copy info of an account (url, nickname, account number, password once) with a Copy button. A
 * caller who may not write (a shadow, a restricted login) is never sent the password
 * (`pwdWithheld`): it is told so, and offered no reset.
 */
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
        {info.url ? (
          <Descriptions.Item label={t('copy.url')}>
            <Typography.Text className="member-break" data-testid="copy-info-url">
              {info.url}
            </Typography.Text>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('fields.nickName')}>{info.nickName}</Descriptions.Item>
        <Descriptions.Item label={t('fields.accountNo')}>
          <span data-testid="copy-info-account">{info.accountNo}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.password')}>
          {info.pwd !== null ? (
            <Typography.Text code data-testid="copy-info-pwd">
              {info.pwd}
            </Typography.Text>
          ) : info.pwdWithheld ? (
            <Typography.Text type="secondary" data-testid="copy-info-withheld">
              {t('copy.pwdWithheld')}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('copy.pwdGone')}</Typography.Text>
          )}
        </Descriptions.Item>
      </Descriptions>
      {info.pwdWithheld ? (
        <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('copy.pwdWithheldHint')} />
      ) : info.pwd === null ? (
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
