import { Button, Popconfirm, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@agent-bo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useErrorLogStore, type LocalErrorEntry } from '../error-log-store';
import { fireResourceError, firePromiseRejection, fireScriptError, TEST_MESSAGES } from '../test-errors';
import { EntryDetail } from './entry-detail';
import { ellipsis, useErrorColumns } from './error-columns';
import { columnsForScreen } from './phone-columns';

/** Throws while rendering: the page's error boundary catches it. */
function RenderErrorTrigger(): never {
  throw new Error(TEST_MESSAGES.render);
}

/**
 * This browser's entries (newest first) and the clear button. The test triggers raise real errors
 * on purpose, so only operators (the DEVELOPER code) get them.
 */
export function LocalErrorTable({ developer }: { developer: boolean }) {
  const { t } = useTranslation('errorLog');
  const isMobile = useIsMobile();
  const entries = useErrorLogStore((s) => s.entries);
  const clear = useErrorLogStore((s) => s.clear);
  const [shown, setShown] = useState<LocalErrorEntry | null>(null);
  const [renderError, setRenderError] = useState(false);
  const shared = useErrorColumns<LocalErrorEntry>({ name: 160, url: 240 });

  const columns: ColumnsType<LocalErrorEntry> = [
    shared.type,
    shared.name,
    { title: t('fields.file'), dataIndex: 'file', width: 220, render: ellipsis },
    shared.message,
    shared.url,
    shared.time,
    shared.detail('error-log-show-detail', setShown),
  ];

  return (
    <>
      {renderError ? <RenderErrorTrigger /> : null}
      <div className="error-log__toolbar">
        {developer ? (
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
        ) : null}
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
        pagination={{
          defaultPageSize: DEFAULT_PAGE_SIZE,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          size: 'small',
          showTotal: (n) => t('total', { count: n }),
        }}
      />
      <EntryDetail entry={shown} onClose={() => setShown(null)} />
    </>
  );
}
