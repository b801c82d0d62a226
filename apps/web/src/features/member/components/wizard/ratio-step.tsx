import { Alert, Form, Input, Statistic } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { usePlayerTerms } from '../../../../hooks/use-player-terms';
import { formatMoney } from '../../../../lib/money';
import { ratioError } from '../../rules';
import type { ParentContext } from './types';

/** Step 2 of an agent: its share ratio, at most the parent's. */
export function RatioStep({ parent }: { parent: ParentContext }) {
  const { t } = useTranslation('member');
  const ratioRules: Rule[] = [
    {
      validator: async (_r, value: string | undefined) => {
        const key = ratioError(value, parent.ratio);
        if (key) throw new Error(t(`validation:${key}`, { max: parent.ratio ?? '100' }));
      },
    },
  ];
  return (
    <>
      <Form.Item
        name="ratio"
        label={t('fields.ratio')}
        rules={ratioRules}
        extra={
          parent.ratio !== null ? t('wizard.parentRatio', { accountNo: parent.accountNo, ratio: parent.ratio }) : t('wizard.ratioHint')
        }
      >
        <Input suffix="%" inputMode="decimal" maxLength={6} style={{ maxWidth: 220 }} data-testid="wizard-ratio" />
      </Form.Item>
    </>
  );
}

/** Step 2 of a player: its wallet (the balance; credit moves are separate dialogs). */
export function WalletStep({ balance }: { balance: string }) {
  const { t } = useTranslation('member');
  const terms = usePlayerTerms();
  return (
    <div data-testid="wizard-wallet">
      <Statistic title={t('fields.balance')} value={formatMoney(balance)} />
      <Alert style={{ marginTop: 16 }} type="info" showIcon title={t('wizard.walletHint', terms)} />
    </div>
  );
}
