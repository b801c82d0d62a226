import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Table, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FIT_TABLE, NOWRAP } from '../../../components/fit-table';
import type { AgentRow, PlayerRow, ShadowRow } from '@agent-bo/shared';
import { usePermissionStore } from '../../../stores/permission-store';
import { useLevelText } from '../../../hooks/use-level-text';
import { usePlayerTerms } from '../../../hooks/use-player-terms';
import { usePermissionLabel } from '../../../hooks/use-permission-label';
import { memberKeys } from '../api/member-api';
import { FilterBar } from './filter-bar';
import { PullBackDialog, type PullBackTarget } from './pull-back-dialog';
import { Actions, creditOps, type Abilities, type RowAction } from './tables/row-actions';
import { useMemberColumns } from './tables/member-columns';
import { AGENT_LIST, PLAYER_LIST, SHADOW_LIST, useMemberList } from './tables/use-member-list';

export type { Abilities, RowAction } from './tables/row-actions';

function TableCard({
  toolbar,
  filters,
  notice,
  children,
}: {
  toolbar?: ReactNode;
  filters: ReactNode;
  notice: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="member-table">
      <div className="member-table__bar">
        {filters}
        {toolbar ? <div className="member-table__tools">{toolbar}</div> : null}
      </div>
      {notice}
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
  const levelText = useLevelText();
  const playerTerms = usePlayerTerms();
  const list = useMemberList(AGENT_LIST, parentId);
  const columns = useMemberColumns<AgentRow>({
    sortOrderOf: list.sortOrderOf,
    pinned: true,
    accountNo: (v, row) => (
      <Button
        type="link"
        size="small"
        className="member-drill"
        onClick={() => onOpen(row)}
        data-testid={`agent-open-${v}`}
        title={t('table.openLevel')}
      >
        {v}
      </Button>
    ),
    extras: ({ sort, balance }) => [
      {
        title: t('fields.level'),
        dataIndex: 'lvl',
        render: (lvl: number) => <Tag color="gold">{levelText(lvl)}</Tag>,
      },
      { title: t('fields.ratio'), dataIndex: 'ratio', ...sort('ratio'), align: 'right', ...NOWRAP, render: (v: string) => `${v}%` },
      balance,
      {
        title: t('fields.children'),
        key: 'children',
        // Each count stays on one line; a narrow column breaks only between them.
        render: (_, r) => (
          <span className="member-children">
            {t('table.children', { ...playerTerms, agentCount: r.childAgents, playerCount: r.childPlayers })
              .split(' · ')
              .map((part, i) => (
                <span key={i}>
                  {i > 0 ? ' · ' : null}
                  <span className="member-children__part">{part}</span>
                </span>
              ))}
          </span>
        ),
      },
    ],
    actions: (r) => (
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
  });
  return (
    <TableCard toolbar={toolbar} notice={list.notice} filters={<FilterBar prefix="agents" onSearch={list.onSearch} />}>
      <div data-testid="agents-table">
        <Table<AgentRow> rowKey="id" size="middle" columns={columns} {...FIT_TABLE} {...list.tableProps} />
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
  const queryClient = useQueryClient();
  // Pulling credit back from a provider (OPERATION_TRANSFER) reaches any player in the subtree, not
  // only direct children: it moves nothing between two accounts (docs/REPORTS.md "Wallet").
  const canPullBack = usePermissionStore((s) => abilities.write && s.permCodes.includes('OPERATION_TRANSFER'));
  const [pullBack, setPullBack] = useState<PullBackTarget | null>(null);
  const list = useMemberList(PLAYER_LIST, parentId);
  const columns = useMemberColumns<PlayerRow>({
    sortOrderOf: list.sortOrderOf,
    pinned: true,
    accountNo: (v) => (
      <Typography.Text strong data-testid={`player-${v}`}>
        {v}
      </Typography.Text>
    ),
    extras: ({ balance }) => [
      balance,
      {
        title: t('fields.verifyStatus'),
        dataIndex: 'verifyStatus',
        render: (v: PlayerRow['verifyStatus'], r) => (
          <Space size={[0, 4]} wrap>
            <Tag
              color={v === 'PENDING' ? 'processing' : v === 'VERIFIED' ? 'success' : v === 'REJECTED' ? 'error' : 'default'}
              data-testid={`verify-${r.accountNo}`}
              data-verify={v}
            >
              {t(`verifyStatus.${v}`)}
            </Tag>
            {r.registered ? <Tag>{t('table.registered')}</Tag> : null}
          </Space>
        ),
      },
    ],
    actions: (r) => (
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
  });
  return (
    <TableCard toolbar={toolbar} notice={list.notice} filters={<FilterBar prefix="players" withVerify onSearch={list.onSearch} />}>
      <div data-testid="players-table">
        <Table<PlayerRow> rowKey="id" size="middle" columns={columns} {...FIT_TABLE} {...list.tableProps} />
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
  const codeLabel = usePermissionLabel();
  const list = useMemberList(SHADOW_LIST);
  const columns = useMemberColumns<ShadowRow>({
    accountNo: (v) => (
      <Typography.Text strong data-testid={`shadow-${v}`}>
        {v}
      </Typography.Text>
    ),
    extras: () => [
      { title: t('fields.level'), key: 'level', render: () => <Tag>{t('dashboard:levels.shadow')}</Tag> },
      {
        title: t('fields.permissions'),
        dataIndex: 'permissions',
        render: (codes: string[]) =>
          codes.length ? (
            <Space size={[0, 4]} wrap style={{ maxWidth: 320 }}>
              {codes.map((c) => (
                <Tag key={c}>{codeLabel(c)}</Tag>
              ))}
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('wizard.none')}</Typography.Text>
          ),
      },
    ],
    actions: (r) => <Actions kind="shadow" accountNo={r.accountNo} row={r} abilities={abilities} onAction={(a) => onAction(r, a)} />,
  });
  return (
    <TableCard toolbar={toolbar} notice={list.notice} filters={<FilterBar prefix="shadows" onSearch={list.onSearch} />}>
      <div data-testid="shadows-table">
        <Table<ShadowRow> rowKey="id" size="middle" columns={columns} {...FIT_TABLE} {...list.tableProps} />
      </div>
    </TableCard>
  );
}
