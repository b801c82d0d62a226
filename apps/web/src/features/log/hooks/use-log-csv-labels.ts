import { LOCALES, logTargetSchema, type LOG_CSV_COLUMNS, type Locale, type LogTab } from '@agent-bo/shared';
import { useTranslation } from 'react-i18next';
import type { CsvLabels } from '../../../lib/localize-csv';
import { logTargetLine } from '../../../lib/log-fields';

type LogCsvColumn = (typeof LOG_CSV_COLUMNS)[LogTab][number];

/**
 * A log tab's export in the screen's words: the table's field names, actions and kinds of move, and
 * the record a row is about ("Goods 水壺") where the API wrote its descriptor.
 */
export function useLogCsvLabels(): CsvLabels {
  const { t, i18n } = useTranslation('log');
  const locale = (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'zh_TW';
  const target = (text: string) => {
    try {
      const parsed = logTargetSchema.safeParse(JSON.parse(text));
      return parsed.success ? logTargetLine(parsed.data, t, locale) : text;
    } catch {
      return text;
    }
  };
  const headers: Record<LogCsvColumn, string> = {
    id: t('export.columns.id'),
    createdAt: t('fields.createdAt'),
    action: t('fields.action'),
    operatorAccountNo: t('fields.operator'),
    targetAccountNo: t('fields.targetAccount'),
    target: t('fields.target'),
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
      target,
    },
  };
}
