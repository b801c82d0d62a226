import { GameName } from './game-name';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { BetVersion } from '@agent-bo/shared';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { usePlayerTerms } from '../../../hooks/use-player-terms';
import { betApi, betKeys } from '../api/bet-api';
import { Money, StatusTag, dash } from './bet-parts';
import { FIT_TABLE, NOWRAP } from '../../../components/fit-table';

/** One bet with every version of the provider's bet id, oldest first (a resettle adds one). */
export function BetDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('bet');
  const terms = usePlayerTerms();
  const isMobile = useIsMobile();
  const query = useQuery({
    queryKey: betKeys.detail(id ?? 0),
    queryFn: ({ signal }) => betApi.detail(id!, signal),
    enabled: id !== null,
  });
  const detail = query.data;
  const bet = detail?.bet;

  const columns: ColumnsType<BetVersion> = [
    { title: t('columns.version'), dataIndex: 'version', key: 'version', render: (v: number) => `v${v}` },
    { title: t('columns.status'), dataIndex: 'status', key: 'status', render: (v: BetVersion['status']) => <StatusTag status={v} /> },
    {
      title: t('columns.validBet'),
      dataIndex: 'validBet',
      key: 'validBet',
      align: 'right',
      render: (v: string) => <Money value={v} column="validBet" />,
    },
    {
      title: t('columns.payout'),
      dataIndex: 'payout',
      key: 'payout',
      align: 'right',
      render: (v: string) => <Money value={v} column="payout" />,
    },
    {
      title: t('columns.winLoss'),
      dataIndex: 'winLoss',
      key: 'winLoss',
      align: 'right',
      render: (v: string) => <Money value={v} column="winLoss" signed />,
    },
    { title: t('columns.settledAt'), dataIndex: 'settledAt', ...NOWRAP, key: 'settledAt', render: (v: string | null) => v ?? dash },
    { title: t('columns.recordedAt'), dataIndex: 'recordedAt', key: 'recordedAt' },
  ];

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 760}
      title={bet ? t('detail.title', { id: bet.providerBetId }) : t('detail.loading')}
      destroyOnHidden
      data-testid="bet-detail"
    >
      {query.isError ? <Alert type="error" showIcon title={t('detail.failed')} /> : null}
      {!bet ? (
        query.isError ? null : (
          <Skeleton active />
        )
      ) : (
        <>
          <Descriptions
            size="small"
            bordered
            column={isMobile ? 1 : 2}
            items={[
              { key: 'id', label: t('columns.providerBetId'), children: <span className="bet-id">{bet.providerBetId}</span> },
              { key: 'provider', label: t('columns.provider'), children: bet.providerCode },
              { key: 'player', label: terms.Player, children: <Typography.Text strong>{bet.playerAccountNo}</Typography.Text> },
              {
                key: 'chain',
                label: t('detail.agents'),
                children: <span data-testid="bet-detail-chain">{detail.agentChain.length ? detail.agentChain.join(' › ') : dash}</span>,
              },
              {
                key: 'game',
                label: t('columns.game'),
                children: (
                  <>
                    <GameName bet={bet} withCode /> <Tag>{t(`categories.${bet.gameCategory}`)}</Tag>
                  </>
                ),
              },
              { key: 'round', label: t('columns.round'), children: <span className="bet-id">{bet.roundId}</span> },
              { key: 'amount', label: t('columns.betAmount'), children: <Money value={bet.betAmount} column="betAmount" /> },
              { key: 'status', label: t('columns.status'), children: <StatusTag status={bet.status} /> },
              { key: 'placed', label: t('columns.placedAt'), children: bet.placedAt },
              { key: 'business', label: t('columns.businessDate'), children: bet.businessDate },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('detail.versions', { n: detail.versions.length })}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('detail.versionsHint')}</Typography.Paragraph>
          <div data-testid="bet-versions">
            <Table<BetVersion>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={detail.versions}
              pagination={false}
              {...FIT_TABLE}
              onRow={(r) =>
                ({
                  'data-testid': `bet-version-${r.version}`,
                  'data-current': r.id === bet.id ? 'yes' : undefined,
                  className: r.status === 'Superseded' ? 'bet-version--superseded' : undefined,
                }) as HTMLAttributes<HTMLElement>
              }
            />
          </div>
        </>
      )}
    </Drawer>
  );
}
