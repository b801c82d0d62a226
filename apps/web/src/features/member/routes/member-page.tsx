import type { ButtonProps } from 'antd';
import { ArrowUpOutlined, PlusOutlined, UserAddOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Breadcrumb, Button, Card, Result, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isPermissionCode, type AgentRow, type PlayerRow, type ShadowRow, type StatusAction } from '@agent-bo/shared';
import { usePermissionStore } from '../../../app/stores/permission-store';
import { useUserStore } from '../../../app/stores/user-store';
import { levelLabel } from '../../dashboard/level-label';
import { memberApi, memberKeys } from '../api/member-api';
import { AccountWizard, type ParentContext } from '../components/account-wizard';
import { useCopy } from '../components/copy-info';
import { CopyInfoModal, MoveModal, PermissionModal, ResetPasswordModal, ShadowCreateModal, VerifyModal, type Target } from '../components/dialogs';
import { HistoryDrawer } from '../components/history-drawer';
import { CreditDialog, type CreditTarget } from '../components/credit-dialog';
import { dashboardKeys, fetchDashboardOverview } from '../../dashboard/api/dashboard-api';
import { formatMoney } from '../../../lib/money';
import { AgentTable, PlayerTable, ShadowTable, type Abilities, type RowAction } from '../components/member-tables';
import { canWrite, isLifting } from '../rules';
import { usePlayerTerms } from '../use-player-terms';
import { usePageTabTitle } from '../../tabs/use-tabs';

export const MEMBER_PATH = '/member/index';

type Dialog =
  | { type: 'wizard'; kind: 'agent' | 'player'; mode: 'create' | 'edit'; row?: AgentRow | PlayerRow }
  | { type: 'copy'; kind: 'agent' | 'player' | 'shadow'; target: Target }
  | { type: 'reset'; kind: 'agent' | 'player' | 'shadow'; target: Target }
  | { type: 'verify'; target: Target }
  | { type: 'permissions'; kind: 'agent' | 'shadow'; target: Target; current: string[] }
  | { type: 'move'; target: Target }
  | { type: 'history'; kind: 'agent' | 'player' | 'shadow'; target: Target }
  | { type: 'shadow' }
  | { type: 'credit'; target: CreditTarget };

/** The members screen (spec §2): agents, players and child accounts of one level, with drill-down. */
export default function MemberPage() {
  const { t } = useTranslation('member');
  const terms = usePlayerTerms();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const user = useUserStore((s) => s.userInfo);
  const permCodes = usePermissionStore((s) => s.permCodes);
  const [search, setSearch] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { copy, prompt } = useCopy();

  const requested = Number(search.get('parent'));
  const viewingId = Number.isInteger(requested) && requested > 0 && requested !== user?.id ? requested : null;
  const tab = search.get('tab') ?? 'agents';

  const level = useQuery({
    queryKey: memberKeys.account(viewingId ?? 0),
    queryFn: ({ signal }) => memberApi.accountInfo(viewingId!, signal),
    enabled: viewingId !== null,
  });
  const chain = useQuery({
    queryKey: memberKeys.upper(viewingId ?? 0),
    queryFn: ({ signal }) => memberApi.upperAgents(viewingId!, signal),
    enabled: viewingId !== null,
  });
  // In multi-tab mode each level is a tab of its own: name it after the level's account.
  usePageTabTitle(viewingId !== null ? level.data?.accountNo : undefined);
  const myLvl = user?.lvl ?? 0;
  // Agents between me and the level being viewed (strictly below my own level).
  const between = (chain.data ?? [])
    .filter((a) => a.id !== viewingId && a.id !== user?.id && a.lvl > myLvl && (!level.data || a.lvl < level.data.lvl))
    .sort((a, b) => a.lvl - b.lvl);
  const grandParentId = between.length ? between[between.length - 1]!.id : undefined;
  // The viewed agent's own row (its ratio and bet limits bound what is created under it).
  const levelRow = useQuery({
    queryKey: ['member', 'levelRow', viewingId, grandParentId, level.data?.accountNo],
    queryFn: async ({ signal }) => {
      const page = await memberApi.lowerAgents({ parentId: grandParentId, accountNo: level.data!.accountNo, page: 1, pageSize: 10 }, signal);
      return page.list.find((r) => r.id === viewingId) ?? null;
    },
    enabled: viewingId !== null && !!level.data && chain.isSuccess,
  });

  // My own bounds at my own level (an admin holds everything).
  const ownLimits = useQuery({
    queryKey: memberKeys.limits(user?.id ?? 0),
    queryFn: ({ signal }) => memberApi.limits(user!.id, signal),
    enabled: viewingId === null && !!user && user.lvl > 0 && canWrite(user),
    retry: false,
    staleTime: 60_000,
  });

  // My own balance (credit dialogs at my own level).
  const overview = useQuery({
    queryKey: dashboardKeys.overview,
    queryFn: ({ signal }) => fetchDashboardOverview(signal),
    enabled: viewingId === null && !!user,
  });

  const held = permCodes.filter(isPermissionCode);
  const levelBlocked = !!level.data && (level.data.isFullDisabled || level.data.isFullReadonly);
  const abilities: Abilities = {
    write: canWrite(user) && !levelBlocked,
    move: held.includes('MOVE_USER'),
    creditParentId: viewingId === null && user ? user.id : null,
  };

  const parent: ParentContext | null = user
    ? viewingId === null
      ? {
          id: user.id,
          accountNo: user.accountNo,
          ratio: user.lvl === 0 ? '100.00' : (ownLimits.data?.ratio ?? null),
          betLimits: user.lvl === 0 ? null : (ownLimits.data?.betLimits ?? null),
          limitsKnown: user.lvl === 0 || ownLimits.isSuccess,
          isSelf: true,
        }
      : {
          id: viewingId,
          accountNo: level.data?.accountNo ?? String(viewingId),
          ratio: levelRow.data?.ratio ?? null,
          betLimits: levelRow.data?.betLimits ?? null,
          limitsKnown: !!levelRow.data,
          isSelf: false,
        }
    : null;

  function go(id: number | null, nextTab = 'agents') {
    const next = new URLSearchParams();
    if (id !== null) next.set('parent', String(id));
    if (nextTab !== 'agents') next.set('tab', nextTab);
    setSearch(next);
  }

  function confirmStatus(kind: 'agent' | 'player' | 'shadow', row: Target, action: StatusAction) {
    modal.confirm({
      title: t('statusConfirm.title', { action: t(`statusActions.${action}`), accountNo: row.accountNo }),
      content: t(`statusConfirm.effects.${action}`, terms),
      okText: t(`statusActions.${action}`),
      okButtonProps: { danger: !isLifting(action), 'data-testid': 'status-confirm-ok' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        await memberApi.changeStatus(kind, { id: row.id, action });
        await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      },
    });
  }

  async function copyInvite(row: Target) {
    try {
      const { url } = await memberApi.copyInviteUrl(row.id);
      await copy(url);
    } catch {
      // the client already showed the error
    }
  }

  function onAgentAction(row: AgentRow, a: RowAction) {
    const target = { id: row.id, accountNo: row.accountNo };
    switch (a.type) {
      case 'edit':
        return setDialog({ type: 'wizard', kind: 'agent', mode: 'edit', row });
      case 'copy':
        return setDialog({ type: 'copy', kind: 'agent', target });
      case 'invite':
        return void copyInvite(target);
      case 'status':
        return confirmStatus('agent', target, a.action);
      case 'move':
        return setDialog({ type: 'move', target });
      case 'reset':
        return setDialog({ type: 'reset', kind: 'agent', target });
      case 'permissions':
        return setDialog({ type: 'permissions', kind: 'agent', target, current: row.permissions });
      case 'history':
        return setDialog({ type: 'history', kind: 'agent', target });
      case 'credit':
        return setDialog({ type: 'credit', target: { kind: 'agent', op: a.op, id: row.id, accountNo: row.accountNo, nickName: row.nickName, balance: row.balance } });
      default:
        return undefined;
    }
  }

  function onPlayerAction(row: PlayerRow, a: RowAction) {
    const target = { id: row.id, accountNo: row.accountNo };
    switch (a.type) {
      case 'edit':
        return setDialog({ type: 'wizard', kind: 'player', mode: 'edit', row });
      case 'copy':
        return setDialog({ type: 'copy', kind: 'player', target });
      case 'status':
        return confirmStatus('player', target, a.action);
      case 'move':
        return setDialog({ type: 'move', target });
      case 'reset':
        return setDialog({ type: 'reset', kind: 'player', target });
      case 'verify':
        return setDialog({ type: 'verify', target });
      case 'history':
        return setDialog({ type: 'history', kind: 'player', target });
      case 'credit':
        return setDialog({ type: 'credit', target: { kind: 'player', op: a.op, id: row.id, accountNo: row.accountNo, nickName: row.nickName, balance: row.balance } });
      default:
        return undefined;
    }
  }

  function onShadowAction(row: ShadowRow, a: RowAction) {
    const target = { id: row.id, accountNo: row.accountNo };
    switch (a.type) {
      case 'copy':
        return setDialog({ type: 'copy', kind: 'shadow', target });
      case 'reset':
        return setDialog({ type: 'reset', kind: 'shadow', target });
      case 'status':
        return confirmStatus('shadow', target, a.action);
      case 'permissions':
        return setDialog({ type: 'permissions', kind: 'shadow', target, current: row.permissions });
      case 'history':
        return setDialog({ type: 'history', kind: 'shadow', target });
      default:
        return undefined;
    }
  }

  if (!user || !parent) return null;

  if (viewingId !== null && level.isError) {
    return (
      <div className="page member-page" data-testid="member-page">
        <Card variant="borderless">
          <Result
            status="warning"
            title={t('head.notReachable')}
            subTitle={level.error.message}
            extra={
              <Button type="primary" onClick={() => go(null)} data-testid="member-back-home">
                {t('breadcrumb.me', { accountNo: user.accountNo })}
              </Button>
            }
            data-testid="member-unreachable"
          />
        </Card>
      </div>
    );
  }

  const viewing = viewingId === null ? user : level.data;
  const viewingLabel = viewing ? levelLabel(viewing.lvl, viewingId === null && user.isShadow) : null;
  const crumbs = [
    {
      key: 'me',
      title:
        viewingId === null ? (
          <span data-testid="member-crumb-me">{t('breadcrumb.me', { accountNo: user.accountNo })}</span>
        ) : (
          <Link to={MEMBER_PATH} data-testid="member-crumb-me">
            {t('breadcrumb.me', { accountNo: user.accountNo })}
          </Link>
        ),
    },
    ...between.map((a) => ({
      key: String(a.id),
      title: (
        <Link to={`${MEMBER_PATH}?parent=${a.id}`} data-testid={`member-crumb-${a.accountNo}`}>
          {a.accountNo}
        </Link>
      ),
    })),
    ...(viewingId !== null
      ? [{ key: 'here', title: <span data-testid="member-crumb-current">{level.data?.accountNo ?? '…'}</span> }]
      : []),
  ];

  const createAgent = abilities.write ? (
    <Button type="primary" icon={<UsergroupAddOutlined />} onClick={() => setDialog({ type: 'wizard', kind: 'agent', mode: 'create' })} data-testid="create-agent">
      {t('actions.createAgent')}
    </Button>
  ) : undefined;
  const createPlayer = abilities.write ? (
    <Button type="primary" icon={<UserAddOutlined />} onClick={() => setDialog({ type: 'wizard', kind: 'player', mode: 'create' })} data-testid="create-player">
      {t('actions.createPlayer', terms)}
    </Button>
  ) : undefined;
  const createShadow = abilities.write ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ type: 'shadow' })} data-testid="create-shadow">
      {t('actions.createShadow')}
    </Button>
  ) : undefined;

  const items = [
    {
      key: 'agents',
      label: <span data-testid="tab-agents">{t('tabs.agents')}</span>,
      children: <AgentTable key={`a${viewingId}`} parentId={viewingId ?? undefined} abilities={abilities} toolbar={createAgent} onOpen={(r) => go(r.id)} onAction={onAgentAction} />,
    },
    {
      key: 'players',
      label: <span data-testid="tab-players">{t('tabs.players', terms)}</span>,
      children: <PlayerTable key={`p${viewingId}`} parentId={viewingId ?? undefined} abilities={abilities} toolbar={createPlayer} onAction={onPlayerAction} />,
    },
    ...(viewingId === null
      ? [
          {
            key: 'shadows',
            label: <span data-testid="tab-shadows">{t('tabs.shadows')}</span>,
            children: <ShadowTable abilities={abilities} toolbar={createShadow} onAction={onShadowAction} />,
          },
        ]
      : []),
  ];
  const activeTab = items.some((i) => i.key === tab) ? tab : 'agents';

  return (
    <div className="page member-page" data-testid="member-page" data-write={abilities.write ? 'yes' : 'no'}>
      <Card variant="borderless" className="member-head">
        <Breadcrumb items={crumbs} className="member-crumbs" data-testid="member-breadcrumb" />
        <div className="member-head__line">
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="member-level-title">
            {viewing ? `${viewing.accountNo} · ${viewing.nickName}` : '…'}
          </Typography.Title>
          <Space size={[4, 4]} wrap>
            {viewingLabel ? <Tag color="gold">{t(`dashboard:${viewingLabel.key}`, viewingLabel.params)}</Tag> : null}
            {parent.ratio !== null ? <Tag>{t('head.ratio', { ratio: parent.ratio })}</Tag> : null}
            {viewingId === null && overview.data ? (
              <Tag color={overview.data.balance.startsWith('-') ? 'red' : 'green'} data-testid="member-own-balance" data-value={overview.data.balance}>
                {t('credit.ownBalance', { balance: formatMoney(overview.data.balance) })}
              </Tag>
            ) : null}
            {!canWrite(user) ? <Tag color="default" data-testid="member-readonly">{t('head.readOnly')}</Tag> : null}
            {levelBlocked ? <Tag color="warning">{t('head.levelBlocked')}</Tag> : null}
          </Space>
          {viewingId !== null ? (
            <Button size="small" icon={<ArrowUpOutlined />} className="member-head__up" onClick={() => go(grandParentId ?? null)} data-testid="member-up">
              {t('head.up')}
            </Button>
          ) : null}
        </div>
      </Card>
      <Card variant="borderless" className="member-body">
        <Tabs activeKey={activeTab} onChange={(k) => go(viewingId, k)} items={items} />
      </Card>

      {dialog?.type === 'wizard' ? (
        <AccountWizard
          key={`${dialog.kind}-${dialog.mode}-${dialog.row?.id ?? 'new'}`}
          open
          kind={dialog.kind}
          mode={dialog.mode}
          row={dialog.row}
          parent={parent}
          onClose={() => setDialog(null)}
        />
      ) : null}
      <CopyInfoModal
        target={dialog?.type === 'copy' ? dialog.target : null}
        kind={dialog?.type === 'copy' ? dialog.kind : 'agent'}
        canReset={abilities.write}
        onClose={() => setDialog(null)}
      />
      <ResetPasswordModal
        target={dialog?.type === 'reset' ? dialog.target : null}
        kind={dialog?.type === 'reset' ? dialog.kind : 'agent'}
        onClose={() => setDialog(null)}
      />
      <VerifyModal target={dialog?.type === 'verify' ? dialog.target : null} onClose={() => setDialog(null)} />
      <PermissionModal
        key={dialog?.type === 'permissions' ? `perm-${dialog.target.id}` : 'perm'}
        target={dialog?.type === 'permissions' ? dialog.target : null}
        kind={dialog?.type === 'permissions' ? dialog.kind : 'agent'}
        current={dialog?.type === 'permissions' ? dialog.current : []}
        held={held}
        onClose={() => setDialog(null)}
      />
      <MoveModal target={dialog?.type === 'move' ? dialog.target : null} currentParentId={parent.id} onClose={() => setDialog(null)} />
      <HistoryDrawer target={dialog?.type === 'history' ? { kind: dialog.kind, ...dialog.target } : null} onClose={() => setDialog(null)} />
      <ShadowCreateModal open={dialog?.type === 'shadow'} held={held} onClose={() => setDialog(null)} />
      {dialog?.type === 'credit' ? (
        <CreditDialog
          key={`credit-${dialog.target.op}-${dialog.target.id}`}
          target={dialog.target}
          caller={overview.data ? { accountNo: user.accountNo, balance: overview.data.balance, isHouse: user.lvl === 0 && !user.isShadow } : null}
          onClose={() => setDialog(null)}
          onDone={() => {
            void queryClient.invalidateQueries({ queryKey: memberKeys.all });
            void queryClient.invalidateQueries({ queryKey: dashboardKeys.overview });
          }}
        />
      ) : null}
      {prompt}
    </div>
  );
}
