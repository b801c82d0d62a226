import type { BET_CSV_COLUMNS } from '@agent-bo/shared';
import { useTranslation } from 'react-i18next';
import { usePlayerTerms } from '../../../hooks/use-player-terms';
import type { CsvLabels } from '../../../lib/localize-csv';

/** The bet export in the screen's words: the table's column titles, statuses and game categories. */
export function useBetCsvLabels(): CsvLabels {
  const { t } = useTranslation('bet');
  const terms = usePlayerTerms();
  const headers: Record<(typeof BET_CSV_COLUMNS)[number], string> = {
    id: t('export.columns.id'),
    placedAt: t('columns.placedAt'),
    settledAt: t('columns.settledAt'),
    businessDate: t('columns.businessDate'),
    playerAccountNo: terms.Player,
    providerCode: t('columns.provider'),
    providerBetId: t('columns.providerBetId'),
    version: t('columns.version'),
    gameCode: t('export.columns.gameCode'),
    gameCategory: t('export.columns.category'),
    roundId: t('columns.round'),
    betAmount: t('columns.betAmount'),
    validBet: t('columns.validBet'),
    payout: t('columns.payout'),
    winLoss: t('columns.winLoss'),
    status: t('columns.status'),
  };
  return {
    headers,
    values: {
      status: (code) => t(`statuses.${code}`, { defaultValue: code }),
      gameCategory: (code) => t(`categories.${code}`, { defaultValue: code }),
    },
  };
}
