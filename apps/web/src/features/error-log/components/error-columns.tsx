import { Button, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ClientErrorEntry } from '@agent-bo/shared';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { ErrorTypeTag } from './type-tag';

/** A cell's text on one line, in full in a tooltip; '-' when empty. */
export const ellipsis = (text: string | null) => (
  <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: '100%' }}>
    {text || '-'}
  </Typography.Text>
);

type SharedField = 'type' | 'name' | 'message' | 'url' | 'time';

/**
 * The columns both error tables (this browser's and the server's) show, by field; each table
 * puts them in its own order among its own columns. `widths` sets the name and URL columns,
 * which differ by table. `detail` is the last column: a link that opens its row's detail, fixed
 * to the right on a wide screen.
 */
export function useErrorColumns<T extends ClientErrorEntry>(widths: { name: number; url: number }) {
  const { t } = useTranslation('errorLog');
  const isMobile = useIsMobile();
  const columns: Record<SharedField, ColumnType<T>> = {
    type: { title: t('fields.type'), dataIndex: 'type', width: 110, render: (_, row) => <ErrorTypeTag type={row.type} /> },
    name: { title: t('fields.name'), dataIndex: 'name', width: widths.name, render: ellipsis },
    message: { title: t('fields.message'), dataIndex: 'message', render: ellipsis },
    url: { title: t('fields.url'), dataIndex: 'url', width: widths.url, render: ellipsis },
    time: { title: t('fields.time'), dataIndex: 'time', width: 170 },
  };
  const detail = (testId: string, onShow: (row: T) => void): ColumnType<T> => ({
    title: t('fields.actions'),
    key: 'actions',
    width: 90,
    fixed: isMobile ? undefined : 'right',
    render: (_, row) => (
      <Button type="link" size="small" data-testid={testId} onClick={() => onShow(row)}>
        {t('detail')}
      </Button>
    ),
  });
  return { ...columns, detail };
}
