import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { CashLogRow, LogTab, OperationLogRow, RatioLogRow, TransferLogRow } from '@agent-bo/shared';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { formatMoney } from '../../../lib/money';
import { LogChange, LogRawButton, LogTargetName } from '../../../components/log-change';
import type { LogRows } from '../api/log-api';
import { NOWRAP } from '../../../components/fit-table';
import { MoneyText } from '../../../components/money-text';

/** A signed amount, coloured: credits green with a plus, debits red. Decimal strings only. */
export function SignedAmount({ value }: { value: string }) {
  return <MoneyText value={value} tone="movement" className="log-money" />;
}

function dash(v: string | null | undefined) {
  return v ? v : <Typography.Text type="secondary">—</Typography.Text>;
}

export function useColumns(tab: LogTab): ColumnsType<LogRows[LogTab]> {
  const { t } = useTranslation('log');
  const isMobile = useIsMobile();
  const time = {
    title: t('fields.createdAt'),
    dataIndex: 'createdAt',
    ...NOWRAP,
    key: 'createdAt',
    fixed: isMobile ? undefined : ('left' as const),
    width: 170,
  };
  const operator = { title: t('fields.operator'), dataIndex: 'operatorAccountNo', key: 'operator', render: dash };
  const kindTag = (v: string) => (
    <Tag color={v === 'WITHDRAW' || v === 'TRANSFER_OUT' ? 'volcano' : v === 'POOR_USER' ? 'purple' : v === 'REFUND' ? 'cyan' : 'green'}>
      {t(`kinds.${v}`, { defaultValue: v })}
    </Tag>
  );
  switch (tab) {
    case 'operation':
      return [
        time,
        {
          title: t('fields.action'),
          dataIndex: 'action',
          key: 'action',
          render: (v: string) => <Tag>{t(`actions.${v}`, { defaultValue: v })}</Tag>,
        },
        operator,
        {
          title: t('fields.target'),
          key: 'target',
          render: (_: unknown, r: LogRows[LogTab]) => {
            const row = r as OperationLogRow;
            return row.target ? <LogTargetName target={row.target} /> : dash(row.targetAccountNo);
          },
        },
        {
          title: t('fields.change'),
          key: 'change',
          render: (_: unknown, r: LogRows[LogTab]) => {
            const row = r as OperationLogRow;
            return (
              <LogChange
                before={row.before}
                after={row.after}
                accounts={row.accounts}
                names={row.names}
                action={row.action}
                className="log-change"
              />
            );
          },
        },
        { title: t('fields.ip'), dataIndex: 'ip', key: 'ip', render: dash },
        {
          title: t('change.details'),
          key: 'raw',
          render: (_: unknown, r: LogRows[LogTab]) => {
            const row = r as OperationLogRow;
            return <LogRawButton before={row.before} after={row.after} rowId={row.id} />;
          },
        },
      ] as ColumnsType<LogRows[LogTab]>;
    case 'ratio':
      return [
        time,
        { title: t('fields.targetAccount'), dataIndex: 'targetAccountNo', key: 'target', render: dash },
        operator,
        {
          title: t('fields.oldRatio'),
          dataIndex: 'oldRatio',
          ...NOWRAP,
          key: 'oldRatio',
          align: 'right',
          render: (v: string | null) => (v === null ? dash(null) : `${v}%`),
        },
        {
          title: t('fields.newRatio'),
          dataIndex: 'newRatio',
          ...NOWRAP,
          key: 'newRatio',
          align: 'right',
          render: (v: string | null, r: LogRows[LogTab]) => {
            const row = r as RatioLogRow;
            if (v === null) return dash(null);
            const down = row.oldRatio !== null && Number.parseFloat(v) < Number.parseFloat(row.oldRatio);
            return <Typography.Text type={row.oldRatio === null ? undefined : down ? 'danger' : 'success'}>{`${v}%`}</Typography.Text>;
          },
        },
      ] as ColumnsType<LogRows[LogTab]>;
    case 'cash':
    case 'transfer': {
      const cols: ColumnsType<CashLogRow | TransferLogRow> = [
        time,
        { title: t('fields.kind'), dataIndex: 'kind', key: 'kind', render: kindTag },
        ...(tab === 'transfer' ? [{ title: t('fields.provider'), dataIndex: 'provider', key: 'provider', render: dash }] : []),
        {
          title: t('fields.account'),
          dataIndex: 'accountNo',
          ...NOWRAP,
          key: 'account',
          render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
        },
        { title: t('fields.counterparty'), dataIndex: 'counterpartyAccountNo', key: 'counterparty', render: dash },
        {
          title: t('fields.amount'),
          dataIndex: 'amount',
          ...NOWRAP,
          key: 'amount',
          align: 'right',
          render: (v: string) => <SignedAmount value={v} />,
        },
        {
          title: t('fields.balanceAfter'),
          dataIndex: 'balanceAfter',
          ...NOWRAP,
          key: 'balanceAfter',
          align: 'right',
          render: (v: string) => <span className="log-money">{formatMoney(v)}</span>,
        },
        operator,
        {
          title: t('fields.memo'),
          dataIndex: 'memo',
          key: 'memo',
          render: (v: string | null) => (v ? <span className="log-memo">{v}</span> : dash(null)),
        },
        {
          title: t('fields.transactionId'),
          dataIndex: 'transactionId',
          ...NOWRAP,
          key: 'transactionId',
          render: (v: string) => (
            <Typography.Text type="secondary" className="log-money">
              {v}
            </Typography.Text>
          ),
        },
      ];
      return cols as ColumnsType<LogRows[LogTab]>;
    }
  }
}
