import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettlementStatus } from '@agent-bo/shared';
import { formatMoney } from '../../../lib/money';

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
  const negative = value.startsWith('-');
  const zero = /^-?0+(\.0+)?$/.test(value);
  const text = formatMoney(value);
  const attrs = { className: 'bet-money', 'data-col': column, 'data-value': value };
  if (!signed || zero) return <span {...attrs}>{text}</span>;
  return (
    <Typography.Text type={negative ? 'danger' : 'success'} {...attrs} data-sign={negative ? 'loss' : 'win'}>
      {text}
    </Typography.Text>
  );
}

export const dash = <Typography.Text type="secondary">—</Typography.Text>;
