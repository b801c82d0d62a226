import { Alert, Checkbox, Empty, Form, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BetLimitPreset } from '@agent-bo/shared';
import { formatMoney } from '../../../../lib/money';
import type { ParentContext } from './types';

/** Step 4: the bet-limit presets, among the parent's (a warning when its set is not known). */
export function BetLimitsStep({ parent, options, pending }: { parent: ParentContext; options: BetLimitPreset[]; pending: boolean }) {
  const { t } = useTranslation('member');
  return (
    <Spin spinning={pending}>
      <Typography.Paragraph type="secondary">{t('wizard.betLimitsHint', { accountNo: parent.accountNo })}</Typography.Paragraph>
      {!parent.limitsKnown ? (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('wizard.betLimitsUnknown', { accountNo: parent.accountNo })} />
      ) : null}
      {options.length === 0 && !pending ? (
        <Empty description={t('wizard.noBetLimits')} />
      ) : (
        <Form.Item name="betLimits">
          <Checkbox.Group className="wizard-checks">
            {options.map((b) => (
              <Checkbox key={b.code} value={b.code} data-testid={`wizard-betlimit-${b.code}`}>
                {b.name}{' '}
                <Typography.Text type="secondary">
                  {formatMoney(b.min)} – {formatMoney(b.max)}
                </Typography.Text>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
      )}
    </Spin>
  );
}
