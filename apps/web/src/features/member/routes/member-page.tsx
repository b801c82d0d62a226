import { ArrowUpOutlined, PlusOutlined, UserAddOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Button, Card, Result, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isPermissionCode } from '@agent-bo/shared';
import { usePermissionStore } from '../../../stores/permission-store';
import { useUserStore } from '../../../stores/user-store';
import { levelLabel } from '../../../lib/level-label';
import { fetchDashboardOverview, overviewKey } from '../../../lib/overview-api';
import { formatMoney } from '../../../lib/money';
import { AgentTable, PlayerTable, ShadowTable, type Abilities } from '../components/member-tables';
import { MemberDialogHost } from '../components/member-dialog-host';
import { ResetRequests } from '../components/reset-requests';
import { useMemberDialogs } from '../hooks/use-member-dialogs';
import { useMemberLevel } from '../hooks/use-member-level';
import { canWrite } from '../rules';
import { usePlayerTerms } from '../../../hooks/use-player-terms';
import { usePageTabTitle } from '../../../hooks/use-page-tab-title';

export const MEMBER_PATH = '/member/index';

/** The members screen (spec §2): agents, players and child accounts of one level, with drill-down. */
export default function MemberPage() {
  const { t } = useTranslation('member');
  const terms = usePlayerTerms();
  const user = useUserStore((s) => s.userInfo);
  const permCodes = usePermissionStore((s) => s.permCodes);
  const { viewingId, tab, level, between, grandParentId, parent, levelBlocked, go } = useMemberLevel(user);
  const dialogs = useMemberDialogs();
  // In multi-tab mode each level is a tab of its own: name it after the level's account.
  usePageTabTitle(viewingId !== null ? level.data?.accountNo : undefined);

  // My own balance (credit dialogs at my own level).
  const overview = useQuery({
    queryKey: overviewKey,
    queryFn: ({ signal }) => fetchDashboardOverview(signal),
    enabled: viewingId === null && !!user,
  });

  const held = permCodes.filter(isPermissionCode);
  const abilities: Abilities = {
    write: canWrite(user) && !levelBlocked,
    move: held.includes('MOVE_USER'),
    grant: held.includes('ROLE_PERMISSION_WRITE'),
    creditParentId: viewingId === null && user ? user.id : null,
  };

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
    ...(viewingId !== null ? [{ key: 'here', title: <span data-testid="member-crumb-current">{level.data?.accountNo ?? '…'}</span> }] : []),
  ];

  const createAgent = abilities.write ? (
    <Button
      type="primary"
      icon={<UsergroupAddOutlined />}
      onClick={() => dialogs.open({ type: 'wizard', kind: 'agent', mode: 'create' })}
      data-testid="create-agent"
    >
      {t('actions.createAgent')}
    </Button>
  ) : undefined;
  const createPlayer = abilities.write ? (
    <Button
      type="primary"
      icon={<UserAddOutlined />}
      onClick={() => dialogs.open({ type: 'wizard', kind: 'player', mode: 'create' })}
      data-testid="create-player"
    >
      {t('actions.createPlayer', terms)}
    </Button>
  ) : undefined;
  const createShadow = abilities.write ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => dialogs.open({ type: 'shadow' })} data-testid="create-shadow">
      {t('actions.createShadow')}
    </Button>
  ) : undefined;

  const items = [
    {
      key: 'agents',
      label: <span data-testid="tab-agents">{t('tabs.agents')}</span>,
      children: (
        <AgentTable
          key={`a${viewingId}`}
          parentId={viewingId ?? undefined}
          abilities={abilities}
          toolbar={createAgent}
          onOpen={(r) => go(r.id)}
          onAction={dialogs.onAgentAction}
        />
      ),
    },
    {
      key: 'players',
      label: <span data-testid="tab-players">{t('tabs.players', terms)}</span>,
      children: (
        <PlayerTable
          key={`p${viewingId}`}
          parentId={viewingId ?? undefined}
          abilities={abilities}
          toolbar={createPlayer}
          onAction={dialogs.onPlayerAction}
        />
      ),
    },
    ...(viewingId === null
      ? [
          {
            key: 'shadows',
            label: <span data-testid="tab-shadows">{t('tabs.shadows')}</span>,
            children: <ShadowTable abilities={abilities} toolbar={createShadow} onAction={dialogs.onShadowAction} />,
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
              <Tag
                color={overview.data.balance.startsWith('-') ? 'red' : 'green'}
                data-testid="member-own-balance"
                data-value={overview.data.balance}
              >
                {t('credit.ownBalance', { balance: formatMoney(overview.data.balance) })}
              </Tag>
            ) : null}
            {!canWrite(user) ? (
              <Tag color="default" data-testid="member-readonly">
                {t('head.readOnly')}
              </Tag>
            ) : null}
            {levelBlocked ? <Tag color="warning">{t('head.levelBlocked')}</Tag> : null}
          </Space>
          <ResetRequests
            enabled={canWrite(user)}
            onReset={(r) =>
              dialogs.open({ type: 'reset', kind: r.isShadow ? 'shadow' : 'agent', target: { id: r.accountId, accountNo: r.accountNo } })
            }
          />
          {viewingId !== null ? (
            <Button
              size="small"
              icon={<ArrowUpOutlined />}
              className="member-head__up"
              onClick={() => go(grandParentId ?? null)}
              data-testid="member-up"
            >
              {t('head.up')}
            </Button>
          ) : null}
        </div>
      </Card>
      <Card variant="borderless" className="member-body">
        <Tabs activeKey={activeTab} onChange={(k) => go(viewingId, k)} items={items} />
      </Card>

      <MemberDialogHost
        dialog={dialogs.dialog}
        parent={parent}
        canReset={abilities.write}
        canGrant={abilities.grant}
        held={held}
        caller={
          overview.data ? { accountNo: user.accountNo, balance: overview.data.balance, isHouse: user.lvl === 0 && !user.isShadow } : null
        }
        onClose={dialogs.close}
      />
      {dialogs.prompt}
    </div>
  );
}
