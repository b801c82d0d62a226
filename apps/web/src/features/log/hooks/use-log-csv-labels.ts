import type { LOG_CSV_COLUMNS, LogTab } from '@agent-bo/shared';
import { useTranslation } from 'react-i18next';
import type { CsvLabels } from '../../../lib/localize-csv';

type LogCsvColumn = (typeof LOG_CSV_COLUMNS)[LogTab][number];

/** A log tab's export in the screen's words: the table's field names, actions and kinds of move. */
export function useLogCsvLabels(): CsvLabels {
  const { t } = useTranslation('log');
  const headers: Record<LogCsvColumn, string> = {
    id: t('export.columns.id'),
    createdAt: t('fields.createdAt'),
    action: t('fields.action'),
    operatorAccountNo: t('fields.operator'),
    targetAccountNo: t('fields.target'),
    before: t('change.before'),
    after: t('change.after'),
    ip: t('fields.ip'),
    transactionId: t('fields.transactionId'),
    kind: t('fields.kind'),
    provider: t('fields.provider'),
    accountNo: t('fields.account'),
    counterpartyAccountNo: t('fields.counterparty'),
    amount: t('fields.amount'),
    balanceAfter: t('fields.balanceAfter'),
    memo: t('fields.memo'),
    oldRatio: t('fields.oldRatio'),
    newRatio: t('fields.newRatio'),
  };
  return {
    headers,
    values: {
      action: (code) => t(`actions.${code}`, { defaultValue: code }),
      kind: (code) => t(`kinds.${code}`, { defaultValue: code }),
    },
  };
}
