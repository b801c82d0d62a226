import { Alert, Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BetLimitPreset, ProviderOption } from '@agent-bo/shared';
import { formatMoney } from '../../../../lib/money';
import type { WizardMode } from '../../rules';
import type { WizardValues } from './types';

/** Step 5: everything entered, and the server's refusal of the last submission. */
export function ReviewStep({
  mode,
  isAgent,
  parentAccountNo,
  accountNo,
  balance,
  values,
  providerOptions,
  limitOptions,
  error,
}: {
  mode: WizardMode;
  isAgent: boolean;
  parentAccountNo: string;
  /** The edited account's number (create: the one entered). */
  accountNo?: string;
  /** A player's balance. */
  balance: string;
  values: Partial<WizardValues>;
  providerOptions: ProviderOption[];
  limitOptions: BetLimitPreset[];
  error: string | null;
}) {
  const { t } = useTranslation('member');
  // Allowed, but worth a word before saving: with neither, the account's players cannot play.
  const missing = [
    ...((values.providers ?? []).length === 0 ? [t('wizard.noProvidersWarning')] : []),
    ...((values.betLimits ?? []).length === 0 ? [t('wizard.noBetLimitsWarning')] : []),
  ];
  return (
    <div data-testid="wizard-review">
      <Typography.Paragraph type="secondary">{t('wizard.reviewHint')}</Typography.Paragraph>
      {missing.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={missing.map((text) => (
            <div key={text}>{text}</div>
          ))}
          data-testid="wizard-review-warning"
        />
      ) : null}
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 140 } }}>
        <Descriptions.Item label={t('fields.parent')}>{parentAccountNo}</Descriptions.Item>
        <Descriptions.Item label={t('fields.accountNo')}>{values.accountNo ?? accountNo}</Descriptions.Item>
        <Descriptions.Item label={t('fields.nickName')}>{values.nickName}</Descriptions.Item>
        {mode === 'create' ? (
          <Descriptions.Item label={t('fields.password')}>{'•'.repeat(values.password?.length ?? 0)}</Descriptions.Item>
        ) : null}
        {isAgent ? (
          <Descriptions.Item label={t('fields.ratio')}>{values.ratio}%</Descriptions.Item>
        ) : (
          <Descriptions.Item label={t('fields.balance')}>{formatMoney(balance)}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('fields.providers')}>
          {(values.providers ?? []).length ? (
            <Space size={[4, 4]} wrap>
              {(values.providers ?? []).map((c) => (
                <Tag key={c}>{providerOptions.find((p) => p.code === c)?.name ?? c}</Tag>
              ))}
            </Space>
          ) : (
            t('wizard.none')
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.betLimits')}>
          {(values.betLimits ?? []).length ? (
            <Space size={[4, 4]} wrap>
              {(values.betLimits ?? []).map((c) => (
                <Tag key={c}>{limitOptions.find((b) => b.code === c)?.name ?? c}</Tag>
              ))}
            </Space>
          ) : (
            t('wizard.none')
          )}
        </Descriptions.Item>
      </Descriptions>
      {error !== null ? <Alert style={{ marginTop: 12 }} type="error" showIcon title={error} data-testid="wizard-error" /> : null}
    </div>
  );
}
