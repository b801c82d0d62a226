import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProviderSecret } from '@agent-bo/shared';
import { useCopy } from '../../../components/use-copy';

/**
 * The new secret of a provider, shown once: the server never answers it again, so the dialog
 * closes only through its button (no mask click, no Escape) after a clear warning. The page
 * mounts it only while there is a secret to show.
 */
export function SecretModal({ secret, name, onClose }: { secret: ProviderSecret; name: string; onClose: () => void }) {
  const { t } = useTranslation('provider');
  const { copy, prompt } = useCopy();
  return (
    <Modal
      open
      title={t('secretModal.title', { name, code: secret.code })}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      width={680}
      footer={
        <Button type="primary" onClick={onClose} data-testid="provider-secret-done">
          {t('secretModal.done')}
        </Button>
      }
      data-testid="provider-secret-modal"
    >
      <Alert type="warning" showIcon title={t('secretModal.once')} style={{ marginBottom: 12 }} />
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 110 } }}>
        <Descriptions.Item label={t('secretModal.code')}>{secret.code}</Descriptions.Item>
        <Descriptions.Item label={t('secretModal.secret')}>
          <Typography.Text code className="provider-secret" data-testid="provider-secret-value">
            {secret.secret}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('secretModal.rotatedAt')}>{secret.secretRotatedAt}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('secretModal.hint')}
      </Typography.Paragraph>
      <Space style={{ marginTop: 12 }}>
        <Button icon={<CopyOutlined />} onClick={() => void copy(secret.secret)} data-testid="provider-secret-copy">
          {t('secretModal.copy')}
        </Button>
      </Space>
      {prompt}
    </Modal>
  );
}
