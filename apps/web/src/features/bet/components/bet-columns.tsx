import { GameName } from './game-name';
import { Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { BetRow, BetTotals, SettlementStatus } from '@agent-bo/shared';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { usePlayerTerms } from '../../../hooks/use-player-terms';
import { Money, StatusTag } from './bet-parts';
import { NOWRAP } from '../../../components/fit-table';

/** The money columns, in the table's order (the totals rows line up with them). */
export const MONEY: readonly (keyof BetTotals)[] = ['betAmount', 'validBet', 'payout', 'winLoss'];

/** The bet table's columns; the bet id opens the detail through `onOpen`. */
export function useBetColumns(onOpen: (id: number) => void): ColumnsType<BetRow> {
  const { t } = useTranslation('bet');
  const terms = usePlayerTerms();
  const isMobile = useIsMobile();
  return [
    { title: t('columns.placedAt'), dataIndex: 'placedAt', ...NOWRAP, key: 'placedAt', fixed: isMobile ? undefined : 'left', width: 170 },
    {
      title: terms.Player,
      dataIndex: 'playerAccountNo',
      ...NOWRAP,
      key: 'player',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { title: t('columns.provider'), dataIndex: 'providerCode', key: 'provider' },
    {
      title: t('columns.game'),
      key: 'game',
      render: (_: unknown, r) => (
        <>
          <GameName bet={r} /> <Tag variant="filled">{t(`categories.${r.gameCategory}`)}</Tag>
        </>
      ),
    },
    {
      title: t('columns.providerBetId'),
      key: 'providerBetId',
      render: (_: unknown, r) => (
        <>
          {/* A button, so the detail opens from the keyboard too (a link without an address takes no focus). */}
          <Button
            type="link"
            size="small"
            className="bet-id"
            onClick={(e) => {
              e.stopPropagation();
              onOpen(r.id);
            }}
            data-testid={`bet-open-${r.providerBetId}`}
          >
            {r.providerBetId}
          </Button>
          {r.version > 1 ? (
            <Tag color="purple" style={{ marginInlineStart: 6 }} title={t('resettledHint')}>
              {t('version', { n: r.version })}
            </Tag>
          ) : null}
        </>
      ),
    },
    { title: t('columns.round'), dataIndex: 'roundId', key: 'round', render: (v: string) => <span className="bet-id">{v}</span> },
    ...MONEY.map((col) => ({
      title: t(`columns.${col}`),
      dataIndex: col,
      key: col,
      align: 'right' as const,
      ...NOWRAP,
      render: (v: string) => <Money value={v} column={col} signed={col === 'winLoss'} />,
    })),
    { title: t('columns.status'), dataIndex: 'status', key: 'status', render: (v: SettlementStatus) => <StatusTag status={v} /> },
    {
      title: t('columns.settledAt'),
      dataIndex: 'settledAt',
      ...NOWRAP,
      key: 'settledAt',
      render: (v: string | null) => v ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
  ];
}
