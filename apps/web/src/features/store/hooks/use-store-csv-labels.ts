import { ORDER_SOURCE_PREFIX, type POINTS_ENTRY_CSV_COLUMNS, type STORE_ORDER_CSV_COLUMNS } from '@agent-bo/shared';
import { useTranslation } from 'react-i18next';
import type { CsvLabels } from '../../../lib/localize-csv';

/** The orders export in the screen's words: the table's column titles and the order states. */
export function useOrderCsvLabels(): CsvLabels {
  const { t } = useTranslation('store');
  const headers: Record<(typeof STORE_ORDER_CSV_COLUMNS)[number], string> = {
    id: t('order.id'),
    accountNo: t('order.player'),
    goods: t('order.goods'),
    quantity: t('export.columns.quantity'),
    points: t('order.points'),
    status: t('filter.status'),
    shippingNote: t('order.shipNote'),
    shippedBy: t('export.columns.shippedBy'),
    shippedAt: t('export.columns.shippedAt'),
    createdAt: t('export.columns.createdAt'),
  };
  return { headers, values: { status: (code) => t(`status.${code}`, { defaultValue: code }) } };
}

/**
 * The points entries export in the screen's words: the table's column titles, the entry types and
 * an order as a source (`order:12` → 訂單 #12, as the table shows it); a bet stays `PG:bet-1`.
 */
export function usePointsCsvLabels(): CsvLabels {
  const { t } = useTranslation('store');
  const headers: Record<(typeof POINTS_ENTRY_CSV_COLUMNS)[number], string> = {
    id: t('points.entry'),
    accountNo: t('points.player'),
    type: t('points.type'),
    source: t('points.source'),
    amount: t('points.amount'),
    balanceAfter: t('points.balanceAfter'),
    createdAt: t('points.time'),
  };
  return {
    headers,
    values: {
      type: (code) => t(`points.types.${code}`, { defaultValue: code }),
      source: (code) => (code.startsWith(ORDER_SOURCE_PREFIX) ? t('points.order', { id: code.slice(ORDER_SOURCE_PREFIX.length) }) : code),
    },
  };
}
