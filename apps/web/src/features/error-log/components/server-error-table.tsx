import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CLIENT_ERROR_TYPES, DEFAULT_PAGE_SIZE, type ClientErrorRow, type ClientErrorType } from '@agent-bo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGridQuery } from '../../../hooks/use-grid-query';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { serverPagination, toPageSize, type PageSize } from '../../../components/server-pagination';
import { errorLogApi, errorLogKeys } from '../api/error-log-api';
import { EntryDetail } from './entry-detail';
import { useErrorColumns } from './error-columns';
import { columnsForScreen } from './phone-columns';

/** What every browser of this site reported, for operators (DEVELOPER code), newest first. */
export function ServerErrorTable() {
  const { t } = useTranslation('errorLog');
  const isMobile = useIsMobile();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [type, setType] = useState<ClientErrorType | undefined>();
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState<string | undefined>();
  const [shown, setShown] = useState<ClientErrorRow | null>(null);
  const shared = useErrorColumns<ClientErrorRow>({ name: 150, url: 220 });

  const request = { page, pageSize, type, keyword };
  const grid = useGridQuery({
    queryKey: errorLogKeys.list(request),
    queryFn: ({ signal }) => errorLogApi.list(request, signal),
    testId: 'error-log-server',
  });
  const list = grid.query;

  /** Applies the keyword; the same filters again fetch afresh (new reports keep arriving). */
  const search = () => {
    const next = keywordInput.trim() || undefined;
    setKeyword(next);
    setPage(1);
    grid.refreshIfSame(errorLogKeys.list({ ...request, keyword: next, page: 1 }));
  };

  const columns: ColumnsType<ClientErrorRow> = [
    shared.type,
    shared.name,
    shared.message,
    shared.url,
    { title: t('fields.accountNo'), dataIndex: 'accountNo', width: 120, render: (v: string | null) => v ?? '-' },
    shared.time,
    { title: t('fields.createdAt'), dataIndex: 'createdAt', width: 170 },
    shared.detail('error-log-server-detail', setShown),
  ];

  return (
    <>
      <div className="error-log__filters">
        <Select<ClientErrorType>
          allowClear
          data-testid="error-log-server-type"
          placeholder={t('filters.type')}
          aria-label={t('filters.type')}
          style={{ width: 160 }}
          value={type}
          onChange={(value) => {
            setType(value);
            setPage(1);
          }}
          options={CLIENT_ERROR_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
        />
        <Input
          allowClear
          data-testid="error-log-server-keyword"
          placeholder={t('filters.keyword')}
          aria-label={t('filters.keyword')}
          style={{ width: 240 }}
          maxLength={100}
          value={keywordInput}
          onChange={(event) => setKeywordInput(event.target.value)}
          onPressEnter={search}
        />
        <Button type="primary" icon={<SearchOutlined />} data-testid="error-log-server-search" onClick={search}>
          {t('filters.search')}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          data-testid="error-log-server-refresh"
          onClick={() => void list.refetch()}
          loading={list.isFetching}
        >
          {t('filters.refresh')}
        </Button>
      </div>
      {grid.notice}
      <Table<ClientErrorRow>
        data-testid="error-log-server-table"
        rowKey="id"
        size="small"
        columns={columnsForScreen(columns, isMobile)}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        locale={{ emptyText: grid.emptyText() }}
        scroll={isMobile ? undefined : { x: 1200 }}
        // Fixed on a phone, so long messages end in an ellipsis instead of widening the table.
        tableLayout={isMobile ? 'fixed' : undefined}
        pagination={serverPagination({ page, pageSize, total: list.data?.total, showTotal: (n) => t('total', { count: n }) })}
        onChange={(pagination) => {
          const nextSize = toPageSize(pagination.pageSize);
          setPage(nextSize === pageSize ? (pagination.current ?? 1) : 1);
          setPageSize(nextSize);
        }}
      />
      <EntryDetail entry={shown} onClose={() => setShown(null)} />
    </>
  );
}
