import { Typography } from 'antd';
import type { ColumnType, ColumnsType, SortOrder } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NOWRAP } from '../../../../components/fit-table';
import { useIsMobile } from '../../../../hooks/use-is-mobile';
import { formatMoney } from '../../../../lib/money';
import { StatusTags } from '../status-tags';

/** What every member row has (the shared columns read these). */
export interface MemberRowBase {
  accountNo: string;
  nickName: string;
  createdAt: string;
  lastLoginAt: string | null;
  isDisabled: boolean;
  isFullDisabled: boolean;
  isFullReadonly: boolean;
  inheritedFullDisabled: boolean;
  inheritedFullReadonly: boolean;
}

/** Pieces the per-kind columns are built from. */
export interface ColumnKit<R> {
  /** Sorter props of a field: sortable on a sorted list, nothing otherwise. */
  sort: (field: string) => Pick<ColumnType<R>, 'sorter' | 'sortOrder'>;
  /** The balance column (agents and players). */
  balance: ColumnType<R>;
}

/**
 * The member tables' columns: account number, nickname, the kind's own columns (`extras`),
 * status, created, last login, actions. A list with `sortOrderOf` sorts on the server; a
 * `pinned` list keeps the account number (not on a phone) and the actions in view when scrolled.
 */
export function useMemberColumns<R extends MemberRowBase>({
  sortOrderOf,
  pinned,
  accountNo,
  extras,
  actions,
}: {
  sortOrderOf?: (field: string) => SortOrder;
  pinned?: boolean;
  accountNo: (value: string, row: R) => ReactNode;
  extras: (kit: ColumnKit<R>) => ColumnsType<R>;
  actions: (row: R) => ReactNode;
}): ColumnsType<R> {
  const { t } = useTranslation('member');
  const isMobile = useIsMobile();
  const never = t('table.never');
  const sort = (field: string) => (sortOrderOf ? { sorter: true, sortOrder: sortOrderOf(field) } : {});
  // On a phone only the actions stay pinned (as in every other table): a pinned account number
  // would take a third of the screen's width from the columns it scrolls.
  const pin = (side: 'left' | 'right') => (pinned && !(isMobile && side === 'left') ? { fixed: side } : {});
  const balance: ColumnType<R> = {
    title: t('fields.balance'),
    dataIndex: 'balance',
    ...sort('balance'),
    align: 'right',
    ...NOWRAP,
    render: (v: string, r: { accountNo: string }) => (
      <span className="member-money" data-testid={`balance-${r.accountNo}`} data-value={v}>
        {formatMoney(v)}
      </span>
    ),
  };
  return [
    { title: t('fields.accountNo'), dataIndex: 'accountNo', ...sort('accountNo'), ...pin('left'), ...NOWRAP, render: accountNo },
    { title: t('fields.nickName'), dataIndex: 'nickName', ...sort('nickName') },
    ...extras({ sort, balance }),
    { title: t('fields.status'), key: 'status', render: (_, r) => <StatusTags row={r} accountNo={r.accountNo} /> },
    { title: t('fields.createdAt'), dataIndex: 'createdAt', ...sort('createdAt'), ...NOWRAP },
    {
      title: t('fields.lastLoginAt'),
      dataIndex: 'lastLoginAt',
      ...sort('lastLoginAt'),
      ...NOWRAP,
      render: (v: string | null) => v ?? <Typography.Text type="secondary">{never}</Typography.Text>,
    },
    { title: t('fields.actions'), key: 'actions', ...pin('right'), ...NOWRAP, render: (_, r) => actions(r) },
  ];
}
