import {
  ApartmentOutlined,
  ClockCircleOutlined,
  TeamOutlined,
  UserOutlined,
  UsergroupAddOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Button, Card, Col, Row, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';
import { fetchDashboardOverview, overviewKey } from '../../../lib/overview-api';
import { Figure } from '../components/figure';
import { StatsSection } from '../components/stats-section';
import { levelLabel } from '../../../lib/level-label';

/** Dashboard: the signed-in user's own figures, then the sales, shares, visits and trends of its subtree. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const overview = useQuery({
    queryKey: overviewKey,
    queryFn: ({ signal }) => fetchDashboardOverview(signal),
  });

  if (overview.isPending) {
    return (
      <div data-testid="dashboard" className="page dashboard">
        <Card variant="borderless">
          <Skeleton active avatar paragraph={{ rows: 4 }} />
        </Card>
      </div>
    );
  }

  if (overview.isError) {
    return (
      <div data-testid="dashboard" className="page dashboard">
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          description={overview.error.message}
          action={
            <Button size="small" onClick={() => void overview.refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      </div>
    );
  }

  const data = overview.data;
  const level = levelLabel(data.lvl, data.isShadow);
  const name = data.nickName || data.accountNo;

  return (
    <div data-testid="dashboard" className="page dashboard">
      <Card variant="borderless" className="dash-welcome">
        <div className="dash-welcome__body">
          <Avatar size={56} className="dash-welcome__avatar" icon={name ? undefined : <UserOutlined />}>
            {name.slice(0, 1).toUpperCase() || undefined}
          </Avatar>
          <div className="dash-welcome__text">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('welcome', { name })}
            </Typography.Title>
            <div className="dash-welcome__meta">
              <Typography.Text type="secondary">
                {t('account')}: <span data-testid="dash-account">{data.accountNo}</span>
              </Typography.Text>
              <Tag color={data.isShadow ? 'default' : 'gold'} data-testid="dash-level">
                {t(level.key, level.params)}
              </Tag>
            </div>
          </div>
          <div className="dash-welcome__last">
            <Typography.Text type="secondary">
              <ClockCircleOutlined /> {t('lastLogin')}
            </Typography.Text>
            <div data-testid="dash-last-login">{data.lastLoginAt ?? t('never')}</div>
            {data.lastLoginIp ? (
              <Typography.Text type="secondary" className="dash-welcome__ip">
                {t('lastLoginIp', { ip: data.lastLoginIp })}
              </Typography.Text>
            ) : null}
          </div>
        </div>
      </Card>

      <Row gutter={[16, 16]} className="dash-figures">
        <Col xs={24} xl={8}>
          <Figure testId="dash-balance" title={t('balance')} icon={<WalletOutlined />} value={formatMoney(data.balance)} />
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Figure testId="dash-direct-agents" title={t('directAgents')} icon={<ApartmentOutlined />} value={data.directAgents} />
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Figure testId="dash-direct-players" title={t('directPlayers')} icon={<UserOutlined />} value={data.directPlayers} />
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Figure testId="dash-subtree-agents" title={t('subtreeAgents')} icon={<UsergroupAddOutlined />} value={data.subtreeAgents} />
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Figure testId="dash-subtree-players" title={t('subtreePlayers')} icon={<TeamOutlined />} value={data.subtreePlayers} />
        </Col>
      </Row>

      <StatsSection />
    </div>
  );
}
