import { Checkbox, Empty, Form, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProviderOption } from '@agent-bo/shared';

/** Step 3: the providers, among those the parent has enabled. */
export function ProvidersStep({
  parentAccountNo,
  options,
  pending,
}: {
  parentAccountNo: string;
  options: ProviderOption[];
  pending: boolean;
}) {
  const { t } = useTranslation('member');
  return (
    <Spin spinning={pending}>
      <Typography.Paragraph type="secondary">{t('wizard.providersHint', { accountNo: parentAccountNo })}</Typography.Paragraph>
      {options.length === 0 && !pending ? (
        <Empty description={t('wizard.noProviders')} />
      ) : (
        <Form.Item name="providers">
          <Checkbox.Group className="wizard-checks">
            {options.map((p) => (
              <Checkbox key={p.code} value={p.code} data-testid={`wizard-provider-${p.code}`}>
                {p.name} <Typography.Text type="secondary">({p.code})</Typography.Text>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
      )}
    </Spin>
  );
}
