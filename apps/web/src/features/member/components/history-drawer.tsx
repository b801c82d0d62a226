import { useQuery } from '@tanstack/react-query';
import { Drawer, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, LOG_ACTION_CODES, PAGE_SIZES, type HistoryRow } from '@agent-bo/shared';
import { LogChange, LogRawButton } from '../../../components/log-change';
import { memberApi, memberKeys, type AccountKind } from '../api/member-api';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { FIT_TABLE, NOWRAP } from '../../../components/fit-table';

/** The operation log of one account (who did what, before → after, from where, when). */
export function HistoryDrawer({
  target,
  onClose,
}: {
  target: { kind: AccountKind; id: number; accountNo: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('member');
  const isMobile = useIsMobile();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const history = useQuery({
    queryKey: memberKeys.history(target?.kind ?? 'agent', target?.id ?? 0, page, pageSize),
    queryFn: ({ signal }) => memberApi.history(target!.kind, { id: target!.id, page, pageSize }, signal),
    enabled: target !== null,
  });
  const columns: ColumnsType<HistoryRow> = [
    { title: t('history.time'), dataIndex: 'createdAt', ...NOWRAP, width: 170 },
    {
      title: t('history.action'),
      dataIndex: 'action',
      width: 150,
      render: (a: string) => <Tag>{(LOG_ACTION_CODES as readonly string[]).includes(a) ? t(`logActions.${a}`) : a}</Tag>,
    },
    { title: t('history.operator'), dataIndex: 'operatorAccountNo', width: 130, render: (v: string | null) => v ?? '—' },
    {
      title: t('history.change'),
      key: 'change',
      // An account link goes to that account's level of this screen: the drawer closes to show it.
      render: (_, r) => (
        <div onClickCapture={(e) => (e.target as HTMLElement).closest('a') && onClose()}>
          <LogChange before={r.before} after={r.after} accounts={r.accounts} names={r.names} action={r.action} className="history-change" />
        </div>
      ),
    },
    { title: t('history.ip'), dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '—' },
    {
      title: t('log:change.details'),
      key: 'raw',
      render: (_, r) => <LogRawButton before={r.before} after={r.after} rowId={r.id} />,
    },
  ];
  return (
    <Drawer
      open={target !== null}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      title={t('history.title', { accountNo: target?.accountNo ?? '' })}
      size={isMobile ? '100%' : 880}
      destroyOnHidden
    >
      <div data-testid="history">
        <Table<HistoryRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={history.data?.list ?? []}
          loading={history.isFetching}
          {...FIT_TABLE}
          pagination={{
            current: page,
            pageSize,
            total: history.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            onChange: (p, s) => {
              setPage(s !== pageSize ? 1 : p);
              setPageSize(s);
            },
          }}
        />
      </div>
    </Drawer>
  );
}
