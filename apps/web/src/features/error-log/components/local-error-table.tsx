import { Button, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@agent-bo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../app/layouts/use-is-mobile';
import { useErrorLogStore, type LocalErrorEntry } from '../error-log-store';
import { fireResourceError, firePromiseRejection, fireScriptError, TEST_MESSAGES } from '../test-errors';
import { EntryDetail } from './entry-detail';
import { columnsForScreen } from './phone-columns';
import { ErrorTypeTag } from './type-tag';

/** Throws while rendering: the page's error boundary catches it. */
function RenderErrorTrigger(): never {
  throw new Error(TEST_MESSAGES.render);
}

const ellipsis = (text: string) => (
  <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: '100%' }}>
    {text || '-'}
  </Typography.Text>
);

/** This browser's entries (newest first), the test triggers and the clear button. */
export function LocalErrorTable() {
  const { t } = useTranslation('errorLog');
  const isMobile = useIsMobile();
  const entries = useErrorLogStore((s) => s.entries);
  const clear = useErrorLogStore((s) => s.clear);
  const [shown, setShown] = useState<LocalErrorEntry | null>(null);
  const [renderError, setRenderError] = useState(false);

  const columns: ColumnsType<LocalErrorEntry> = [
    { title: t('fields.type'), dataIndex: 'type', width: 110, render: (_, row) => <ErrorTypeTag type={row.type} /> },
    { title: t('fields.name'), dataIndex: 'name', width: 160, render: ellipsis },
    { title: t('fields.file'), dataIndex: 'file', width: 220, render: ellipsis },
    { title: t('fields.message'), dataIndex: 'message', render: ellipsis },
    { title: t('fields.url'), dataIndex: 'url', width: 240, render: ellipsis },
    { title: t('fields.time'), dataIndex: 'time', width: 170 },
    {
      title: t('fields.actions'),
      key: 'actions',
      width: 90,
      fixed: isMobile ? undefined : 'right',
      render: (_, row) => (
        <Button type="link" size="small" data-testid="error-log-show-detail" onClick={() => setShown(row)}>
          {t('detail')}
        </Button>
      ),
    },
  ];

  return (
    <>
      {renderError ? <RenderErrorTrigger /> : null}
      <div className="error-log__toolbar">
        <Space wrap>
          <Button data-testid="error-log-fire-script" onClick={fireScriptError}>
            {t('fire.script')}
          </Button>
          <Button data-testid="error-log-fire-promise" onClick={firePromiseRejection}>
            {t('fire.promise')}
          </Button>
          <Button data-testid="error-log-fire-resource" onClick={fireResourceError}>
            {t('fire.resource')}
          </Button>
          <Button data-testid="error-log-fire-render" onClick={() => setRenderError(true)}>
            {t('fire.render')}
          </Button>
        </Space>
        <Popconfirm title={t('clearConfirm')} onConfirm={clear} okButtonProps={{ danger: true }}>
          <Button danger disabled={!entries.length} data-testid="error-log-clear">
            {t('clear')}
          </Button>
        </Popconfirm>
      </div>
      <Table<LocalErrorEntry>
        data-testid="error-log-table"
        rowKey="id"
        size="small"
        columns={columnsForScreen(columns, isMobile)}
        dataSource={entries}
        scroll={isMobile ? undefined : { x: 1100 }}
        // Fixed on a phone, so long messages end in an ellipsis instead of widening the table.
        tableLayout={isMobile ? 'fixed' : undefined}
        locale={{ emptyText: t('emptyLocal') }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, pageSizeOptions: PAGE_SIZES.map(String), showSizeChanger: true, size: 'small', showTotal: (n) => t('total', { count: n }) }}
      />
      <EntryDetail entry={shown} onClose={() => setShown(null)} />
    </>
  );
}
