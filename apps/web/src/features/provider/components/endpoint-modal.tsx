import { Alert, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { providerEndpointSchema, type ProviderRow } from '@agent-bo/shared';
import { zodRule } from '../../../lib/zod-rule';

interface Fields {
  endpoint: string;
}

/**
 * This site's endpoint at one provider: the base URL its pull-backs and reconciliation reports
 * are sent to. The address is checked by the shared schema the server uses; removing it is its
 * own button (an empty field is never sent as a removal by accident).
 */
export function EndpointModal({
  row,
  busy,
  onSave,
  onClose,
}: {
  row: ProviderRow;
  busy: 'save' | 'clear' | null;
  onSave: (endpoint: string | null) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('provider');
  const [form] = Form.useForm<Fields>();
  const rules = [
    { required: true, whitespace: true, message: t('validation:providerEndpoint.required') },
    zodRule(providerEndpointSchema, t, 'validation:providerEndpoint.required'),
  ];

  return (
    <Modal
      open
      title={t('endpoint.modal.title', { name: row.name, code: row.code })}
      onCancel={busy ? undefined : onClose}
      mask={{ closable: false }}
      destroyOnHidden
      width={600}
      footer={
        <div className="provider-endpoint-footer">
          {row.endpoint ? (
            <Button
              danger
              onClick={() => void onSave(null)}
              loading={busy === 'clear'}
              disabled={busy === 'save'}
              data-testid="provider-endpoint-clear"
            >
              {t('endpoint.modal.clear')}
            </Button>
          ) : (
            <span />
          )}
          <Space>
            <Button onClick={onClose} disabled={!!busy}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="primary"
              onClick={() => form.submit()}
              loading={busy === 'save'}
              disabled={busy === 'clear'}
              data-testid="provider-endpoint-save"
            >
              {t('endpoint.modal.save')}
            </Button>
          </Space>
        </div>
      }
    >
      <div data-testid="provider-endpoint-modal">
        <Typography.Paragraph type="secondary">{t('endpoint.modal.intro')}</Typography.Paragraph>
        <Form<Fields>
          form={form}
          layout="vertical"
          initialValues={{ endpoint: row.endpoint ?? '' }}
          onFinish={(values) => void onSave(values.endpoint.trim())}
        >
          <Form.Item name="endpoint" label={t('endpoint.modal.label')} rules={rules} extra={t('endpoint.modal.hint')} validateFirst>
            <Input
              placeholder={t('endpoint.modal.placeholder')}
              autoComplete="off"
              spellCheck={false}
              inputMode="url"
              data-testid="provider-endpoint-input"
            />
          </Form.Item>
          <button type="submit" hidden />
        </Form>
        {row.endpoint ? <Alert type="info" showIcon title={t('endpoint.modal.clearWarning')} /> : null}
      </div>
    </Modal>
  );
}
