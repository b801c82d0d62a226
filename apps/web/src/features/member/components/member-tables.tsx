import { DownOutlined, EditOutlined, CopyOutlined, GiftOutlined, MinusCircleOutlined, PlusCircleOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Space, Table, Tag, Typography } from 'antd';
import type { MenuProps } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import type { TablePaginationConfig } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  AGENT_SORT_FIELDS,
  DEFAULT_PAGE_SIZE,
  PLAYER_SORT_FIELDS,
  type AgentRow,
  type PlayerRow,
  type ShadowRow,
  type StatusAction,
} from '@agent-bo/shared';
import { useIsMobile } from '../../../app/layouts/use-is-mobile';
import { usePermissionStore } from '../../../app/stores/permission-store';
import { formatMoney } from '../../../lib/money';
import { levelLabel } from '../../dashboard/level-label';
import { memberApi, memberKeys, type AccountKind } from '../api/member-api';
import { statusActionsFor } from '../rules';
import { canMoveCredit, type CreditOp } from '../credit';
import { usePlayerTerms } from '../use-player-terms';
import { FilterBar, type Filters } from './filter-bar';
import { StatusTags } from './status-tags';
import { PullBackDialog, type PullBackTarget } from './pull-back-dialog';
import { serverPagination, toPageSize, type PageSize } from '../../../components/server-pagination';

export type RowAction =
  | { type: 'edit' }
  | { type: 'copy' }
  | { type: 'invite' }
  | { type: 'status'; action: StatusAction }
  | { type: 'move' }
  | { type: 'reset' }
  | { type: 'permissions' }
  | { type: 'history' }
  | { type: 'verify' }
  | { type: 'credit'; op: CreditOp };

/** What the viewer may do here; write controls are absent (not disabled) without `write`. */
export interface Abilities {
  write: boolean;
  move: boolean;
  /** Whose direct children may get credit moves here (the viewer at its own level), else null. */
  creditParentId?: number | null;
}


interface ListState {
  page: number;
  pageSize: PageSize;
  filters: Filters;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
}

const INITIAL: ListState = { page: 1, pageSize: DEFAULT_PAGE_SIZE, filters: {} };

function useListState() {
  const [state, setState] = useState<ListState>(INITIAL);
  const onSearch = (filters: Filters) => setState((s) => ({ ...s, page: 1, filters }));
  const onTableChange = <T,>(allowed: readonly string[]) =>
    (pagination: TablePaginationConfig, _f: unknown, sorter: SorterResult<T> | SorterResult<T>[]) => {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = typeof one?.field === 'string' && allowed.includes(one.field) && one.order ? one.field : undefined;
      const pageSize = toPageSize(pagination.pageSize);
      setState((s) => ({
        ...s,
        page: pageSize !== s.pageSize || field !== s.sortField ? 1 : (pagination.current ?? 1),
        pageSize,
        sortField: field,
        sortOrder: field ? (one?.order === 'ascend' ? 'asc' : 'desc') : undefined,
      }));
    };
  return { state, onSearch, onTableChange };
}

function pagination(state: ListState, total: number | undefined, t: TFunction): TablePaginationConfig {
  return serverPagination({ page: state.page, pageSize: state.pageSize, total, showTotal: (n) => t('table.total', { n }) });
}

function sortOrderOf(state: ListState, field: string) {
  return state.sortField === field ? (state.sortOrder === 'asc' ? 'ascend' : 'descend') : null;
}

function when(value: string | null, never: string) {
  return value ?? <Typography.Text type="secondary">{never}</Typography.Text>;
}

/** Row actions: a few inline buttons and a "more" menu; write actions only for writers. */
function Actions({
  kind,
  accountNo,
  row,
  abilities,
  extra,
  credit,
  onAction,
  onPullBack,
}: {
  kind: AccountKind;
  accountNo: string;
  row: { isDisabled: boolean; isFullDisabled: boolean; isFullReadonly: boolean };
  abilities: Abilities;
  extra?: MenuProps['items'];
  /** Credit moves offered inline (direct, unrestricted children of a writer). */
  credit?: CreditOp[];
  onAction: (a: RowAction) => void;
  /** Players, for a writer holding OPERATION_TRANSFER: pull credit back from a provider. */
  onPullBack?: () => void;
}) {
  const { t } = useTranslation('member');
  const items: NonNullable<MenuProps['items']> = [...(extra ?? [])];
  if (abilities.write) {
    items.push({
      key: 'status',
      type: 'group',
      label: t('actions.status'),
      children: statusActionsFor(row, kind).map((action) => ({
        key: `status:${action}`,
        label: <span data-testid={`menu-status-${action}`}>{t(`statusActions.${action}`)}</span>,
        danger: !['ACTIVE', 'FULLY_ACTIVE', 'FULLY_READ_ONLY_CANCEL'].includes(action),
      })),
    });
    if (kind !== 'shadow' && abilities.move) items.push({ key: 'move', label: <span data-testid="menu-move">{t('actions.move')}</span> });
    items.push({ key: 'reset', label: <span data-testid="menu-reset">{t('actions.resetPassword')}</span> });
    if (kind !== 'player') items.push({ key: 'permissions', label: <span data-testid="menu-permissions">{t('actions.permissions')}</span> });
  }
  if (onPullBack) items.push({ key: 'pullBack', label: <span data-testid="menu-pull-back">{t('pullBack.action')}</span> });
  items.push({ type: 'divider' }, { key: 'history', label: <span data-testid="menu-history">{t('actions.history')}</span> });
  const creditIcons: Record<CreditOp, ReactNode> = { recharge: <PlusCircleOutlined />, withdraw: <MinusCircleOutlined />, poor: <GiftOutlined /> };
  const creditTestIds: Record<CreditOp, string> = { recharge: 'recharge', withdraw: 'withdraw', poor: 'relief' };
  return (
    <Space size={4} wrap={false}>
      {(credit ?? []).map((op) => (
        <Button
          key={op}
          size="small"
          type="link"
          icon={creditIcons[op]}
          onClick={() => onAction({ type: 'credit', op })}
          data-testid={`action-${creditTestIds[op]}-${accountNo}`}
        >
          {t(`credit.actions.${op}`)}
        </Button>
      ))}
      {abilities.write && kind !== 'shadow' ? (
        <Button size="small" type="link" icon={<EditOutlined />} onClick={() => onAction({ type: 'edit' })} data-testid={`action-edit-${accountNo}`}>
          {t('actions.edit')}
        </Button>
      ) : null}
      {kind !== 'shadow' || abilities.write ? (
        <Button size="small" type="link" icon={<CopyOutlined />} onClick={() => onAction({ type: 'copy' })} data-testid={`action-copy-${accountNo}`}>
          {t('actions.copyInfo')}
        </Button>
      ) : null}
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key.startsWith('status:')) onAction({ type: 'status', action: key.slice('status:'.length) as StatusAction });
            else if (key === 'pullBack') onPullBack?.();
            else onAction({ type: key } as RowAction);
          },
        }}
      >
        <Button size="small" type="link" data-testid={`action-more-${accountNo}`}>
          {t('actions.more')} <DownOutlined />
        </Button>
      </Dropdown>
    </Space>
  );
}

/** The credit moves a row offers: none unless it is a direct, unrestricted child of a writer. */
function creditOps(abilities: Abilities, row: Parameters<typeof canMoveCredit>[1], ops: CreditOp[]): CreditOp[] | undefined {
  const parentId = abilities.creditParentId;
  if (parentId === null || parentId === undefined) return undefined;
  return canMoveCredit({ id: parentId, write: abilities.write }, row) ? ops : undefined;
}

function TableCard({ toolbar, filters, children }: { toolbar?: ReactNode; filters: ReactNode; children: ReactNode }) {
  return (
    <div className="member-table">
      <div className="member-table__bar">
        {filters}
        {toolbar ? <div className="member-table__tools">{toolbar}</div> : null}
      </div>
      {children}
    </div>
  );
}

export function AgentTable({
  parentId,
  abilities,
  toolbar,
  onOpen,
  onAction,
}: {
  parentId: number | undefined;
  abilities: Abilities;
  toolbar?: ReactNode;
  onOpen: (row: AgentRow) => void;
  onAction: (row: AgentRow, action: RowAction) => void;
}) {
  const { t } = useTranslation('member');
  const playerTerms = usePlayerTerms();
  const isMobile = useIsMobile();
  const { state, onSearch, onTableChange } = useListState();
  const { verifyStatus: _v, ...filters } = state.filters;
  const body = {
    parentId,
    page: state.page,
    pageSize: state.pageSize,
    ...filters,
    sortField: state.sortField as (typeof AGENT_SORT_FIELDS)[number] | undefined,
    sortOrder: state.sortOrder,
  };
  const query = useQuery({
    queryKey: memberKeys.agents(body),
    queryFn: ({ signal }) => memberApi.lowerAgents(body, signal),
    placeholderData: (prev) => prev,
  });
  const never = t('table.never');
  const columns: ColumnsType<AgentRow> = [
    {
      title: t('fields.accountNo'),
      dataIndex: 'accountNo',
      sorter: true,
      sortOrder: sortOrderOf(state, 'accountNo'),
      fixed: isMobile ? undefined : 'left',
      render: (v: string, row) => (
        <Button type="link" size="small" className="member-drill" onClick={() => onOpen(row)} data-testid={`agent-open-${v}`} title={t('table.openLevel')}>
          {v}
        </Button>
      ),
    },
    { title: t('fields.nickName'), dataIndex: 'nickName', sorter: true, sortOrder: sortOrderOf(state, 'nickName') },
    {
      title: t('fields.level'),
      dataIndex: 'lvl',
      render: (lvl: number) => {
        const l = levelLabel(lvl);
        return <Tag color="gold">{t(`dashboard:${l.key}`, l.params)}</Tag>;
      },
    },
    { title: t('fields.ratio'), dataIndex: 'ratio', sorter: true, sortOrder: sortOrderOf(state, 'ratio'), align: 'right', render: (v: string) => `${v}%` },
    {
      title: t('fields.balance'),
      dataIndex: 'balance',
      sorter: true,
      sortOrder: sortOrderOf(state, 'balance'),
      align: 'right',
      render: (v: string, r: { accountNo: string }) => (
        <span className="member-money" data-testid={`balance-${r.accountNo}`} data-value={v}>
          {formatMoney(v)}
        </span>
      ),
    },
    {
      title: t('fields.children'),
      key: 'children',
      render: (_, r) => t('table.children', { ...playerTerms, agentCount: r.childAgents, playerCount: r.childPlayers }),
    },
    { title: t('fields.status'), key: 'status', render: (_, r) => <StatusTags row={r} accountNo={r.accountNo} /> },
    { title: t('fields.createdAt'), dataIndex: 'createdAt', sorter: true, sortOrder: sortOrderOf(state, 'createdAt') },
    { title: t('fields.lastLoginAt'), dataIndex: 'lastLoginAt', sorter: true, sortOrder: sortOrderOf(state, 'lastLoginAt'), render: (v: string | null) => when(v, never) },
    {
      title: t('fields.actions'),
      key: 'actions',
      fixed: isMobile ? undefined : 'right',
      render: (_, r) => (
        <Actions
          kind="agent"
          accountNo={r.accountNo}
          row={r}
          abilities={abilities}
          extra={[{ key: 'invite', label: <span data-testid="menu-invite">{t('actions.inviteUrl')}</span> }]}
          credit={creditOps(abilities, r, ['recharge', 'withdraw'])}
          onAction={(a) => onAction(r, a)}
        />
      ),
    },
  ];
  return (
    <TableCard toolbar={toolbar} filters={<FilterBar prefix="agents" onSearch={onSearch} />}>
      <div data-testid="agents-table">
        <Table<AgentRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={pagination(state, query.data?.total, t as unknown as TFunction)}
          onChange={onTableChange<AgentRow>(AGENT_SORT_FIELDS)}
        />
      </div>
    </TableCard>
  );
}

export function PlayerTable({
  parentId,
  abilities,
  toolbar,
  onAction,
}: {
  parentId: number | undefined;
  abilities: Abilities;
  toolbar?: ReactNode;
  onAction: (row: PlayerRow, action: RowAction) => void;
}) {
  const { t } = useTranslation('member');
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  // Pulling credit back from a provider (OPERATION_TRANSFER) reaches any player in the subtree, not
  // only direct children: it moves nothing between two accounts (docs/REPORTS.md "Wallet").
  const canPullBack = usePermissionStore((s) => abilities.write && s.permCodes.includes('OPERATION_TRANSFER'));
  const [pullBack, setPullBack] = useState<PullBackTarget | null>(null);
  const { state, onSearch, onTableChange } = useListState();
  const body = {
    parentId,
    page: state.page,
    pageSize: state.pageSize,
    ...state.filters,
    sortField: state.sortField as (typeof PLAYER_SORT_FIELDS)[number] | undefined,
    sortOrder: state.sortOrder,
  };
  const query = useQuery({
    queryKey: memberKeys.players(body),
    queryFn: ({ signal }) => memberApi.players(body, signal),
    placeholderData: (prev) => prev,
  });
  const never = t('table.never');
  const columns: ColumnsType<PlayerRow> = [
    {
      title: t('fields.accountNo'),
      dataIndex: 'accountNo',
      sorter: true,
      sortOrder: sortOrderOf(state, 'accountNo'),
      fixed: isMobile ? undefined : 'left',
      render: (v: string) => <Typography.Text strong data-testid={`player-${v}`}>{v}</Typography.Text>,
    },
    { title: t('fields.nickName'), dataIndex: 'nickName', sorter: true, sortOrder: sortOrderOf(state, 'nickName') },
    {
      title: t('fields.balance'),
      dataIndex: 'balance',
      sorter: true,
      sortOrder: sortOrderOf(state, 'balance'),
      align: 'right',
      render: (v: string, r: { accountNo: string }) => (
        <span className="member-money" data-testid={`balance-${r.accountNo}`} data-value={v}>
          {formatMoney(v)}
        </span>
      ),
    },
    {
      title: t('fields.verifyStatus'),
      dataIndex: 'verifyStatus',
      render: (v: PlayerRow['verifyStatus'], r) => (
        <Space size={[0, 4]} wrap>
          <Tag color={v === 'PENDING' ? 'processing' : v === 'VERIFIED' ? 'success' : v === 'REJECTED' ? 'error' : 'default'} data-testid={`verify-${r.accountNo}`} data-verify={v}>
            {t(`verifyStatus.${v}`)}
          </Tag>
          {r.registered ? <Tag>{t('table.registered')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('fields.status'), key: 'status', render: (_, r) => <StatusTags row={r} accountNo={r.accountNo} /> },
    { title: t('fields.createdAt'), dataIndex: 'createdAt', sorter: true, sortOrder: sortOrderOf(state, 'createdAt') },
    { title: t('fields.lastLoginAt'), dataIndex: 'lastLoginAt', sorter: true, sortOrder: sortOrderOf(state, 'lastLoginAt'), render: (v: string | null) => when(v, never) },
    {
      title: t('fields.actions'),
      key: 'actions',
      fixed: isMobile ? undefined : 'right',
      render: (_, r) => (
        <Actions
          kind="player"
          accountNo={r.accountNo}
          row={r}
          abilities={abilities}
          extra={
            abilities.write && r.verifyStatus === 'PENDING'
              ? [{ key: 'verify', label: <span data-testid="menu-verify">{t('actions.verify')}</span> }]
              : undefined
          }
          credit={creditOps(abilities, r, ['recharge', 'withdraw', 'poor'])}
          onAction={(a) => onAction(r, a)}
          onPullBack={canPullBack ? () => setPullBack({ id: r.id, accountNo: r.accountNo, nickName: r.nickName }) : undefined}
        />
      ),
    },
  ];
  return (
    <TableCard toolbar={toolbar} filters={<FilterBar prefix="players" withVerify onSearch={onSearch} />}>
      <div data-testid="players-table">
        <Table<PlayerRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={pagination(state, query.data?.total, t as unknown as TFunction)}
          onChange={onTableChange<PlayerRow>(PLAYER_SORT_FIELDS)}
        />
      </div>
      {pullBack ? (
        <PullBackDialog
          target={pullBack}
          onClose={() => setPullBack(null)}
          onDone={() => void queryClient.invalidateQueries({ queryKey: memberKeys.all })}
        />
      ) : null}
    </TableCard>
  );
}

export function ShadowTable({
  abilities,
  toolbar,
  onAction,
}: {
  abilities: Abilities;
  toolbar?: ReactNode;
  onAction: (row: ShadowRow, action: RowAction) => void;
}) {
  const { t } = useTranslation('member');
  const { state, onSearch, onTableChange } = useListState();
  const { verifyStatus: _v, ...filters } = state.filters;
  const body = { page: state.page, pageSize: state.pageSize, ...filters };
  const query = useQuery({
    queryKey: memberKeys.shadows(body),
    queryFn: ({ signal }) => memberApi.shadows(body, signal),
    placeholderData: (prev) => prev,
  });
  const never = t('table.never');
  const columns: ColumnsType<ShadowRow> = [
    { title: t('fields.accountNo'), dataIndex: 'accountNo', render: (v: string) => <Typography.Text strong data-testid={`shadow-${v}`}>{v}</Typography.Text> },
    { title: t('fields.nickName'), dataIndex: 'nickName' },
    { title: t('fields.level'), key: 'level', render: () => <Tag>{t('dashboard:levels.shadow')}</Tag> },
    {
      title: t('fields.permissions'),
      dataIndex: 'permissions',
      render: (codes: string[]) =>
        codes.length ? (
          <Space size={[0, 4]} wrap style={{ maxWidth: 320 }}>
            {codes.map((c) => (
              <Tag key={c}>{t(`permissionCodes.${c}`, { defaultValue: c })}</Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('wizard.none')}</Typography.Text>
        ),
    },
    { title: t('fields.status'), key: 'status', render: (_, r) => <StatusTags row={r} accountNo={r.accountNo} /> },
    { title: t('fields.createdAt'), dataIndex: 'createdAt' },
    { title: t('fields.lastLoginAt'), dataIndex: 'lastLoginAt', render: (v: string | null) => when(v, never) },
    {
      title: t('fields.actions'),
      key: 'actions',
      render: (_, r) => <Actions kind="shadow" accountNo={r.accountNo} row={r} abilities={abilities} onAction={(a) => onAction(r, a)} />,
    },
  ];
  return (
    <TableCard toolbar={toolbar} filters={<FilterBar prefix="shadows" onSearch={onSearch} />}>
      <div data-testid="shadows-table">
        <Table<ShadowRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={pagination(state, query.data?.total, t as unknown as TFunction)}
          onChange={onTableChange<ShadowRow>([])}
        />
      </div>
    </TableCard>
  );
}
