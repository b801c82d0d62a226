import type { AGENT_REPORT_CSV_COLUMNS } from '@agent-bo/shared';
import { useTranslation } from 'react-i18next';
import { usePlayerTerms } from '../../../hooks/use-player-terms';
import type { CsvLabels } from '../../../lib/localize-csv';

/** The report export in the screen's words: the table's column titles, and agent, player or total per row. */
export function useReportCsvLabels(): CsvLabels {
  const { t } = useTranslation('report');
  const terms = usePlayerTerms();
  const headers: Record<(typeof AGENT_REPORT_CSV_COLUMNS)[number], string> = {
    kind: t('columns.kind'),
    accountNo: t('columns.account'),
    nickName: t('export.columns.nickName'),
    ratio: t('columns.ratio'),
    betCount: t('columns.betCount'),
    betAmount: t('columns.betAmount'),
    validBet: t('columns.validBet'),
    payout: t('columns.payout'),
    memberWinLoss: t('columns.memberWinLoss'),
    childShare: t('columns.childShare'),
    agentShare: t('columns.agentShare'),
    upperShare: t('columns.upperShare'),
  };
  const kinds: Record<string, string> = { AGENT: t('kinds.AGENT'), PLAYER: terms.Player, TOTAL: t('totals') };
  return { headers, values: { kind: (code) => kinds[code] ?? code } };
}
