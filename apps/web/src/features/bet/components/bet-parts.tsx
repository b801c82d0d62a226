import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettlementStatus } from '@agent-bo/shared';
import { MoneyText } from '../../../components/money-text';

const STATUS_COLORS: Record<SettlementStatus, string> = {
  Settled: 'green',
  Unsettled: 'gold',
  Canceled: 'default',
  Superseded: 'purple',
};

export function StatusTag({ status }: { status: SettlementStatus }) {
  const { t } = useTranslation('bet');
  return (
    <Tag color={STATUS_COLORS[status]} data-status={status}>
      {t(`statuses.${status}`)}
    </Tag>
  );
}

/** A money cell: grouped, tabular digits; `signed` colours a result (green when the player won, red when lost). */
export function Money({ value, column, signed = false }: { value: string; column: string; signed?: boolean }) {
  return <MoneyText value={value} tone={signed ? 'result' : 'plain'} className="bet-money" data-col={column} data-value={value} />;
}

export const dash = <Typography.Text type="secondary">—</Typography.Text>;
