import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type SignInEvent, type SignInResult } from '@agent-bo/shared';
import { sessionKeys, sessionsApi } from '../lib/sessions-api';
import { NOWRAP } from './fit-table';
import { GridFailure, GridStaleNotice } from './grid-status';
import { PagedTable } from './paged-table';
import { toPageSize } from './server-pagination';
import { UserAgentText } from './user-agent-text';
import './session-lists.css';

const NONE = '—';

/**
 * A result's colour: green signed in, blue a right password waiting for its second factor, red a
 * wrong password or code (someone guessing looks like this), orange a right one refused by a rule
 * (locked, disabled, from an address outside the list, an expired hand-off, a denied QR request).
 */
export const RESULT_COLORS: Record<SignInResult, string> = {
  OK: 'success',
  SECOND_FACTOR_ASKED: 'processing',
  BAD_PASSWORD: 'error',
  BAD_CODE: 'error',
  BAD_SECOND_FACTOR: 'error',
  LOCKED: 'warning',
  DISABLED: 'warning',
  ADDRESS_REFUSED: 'warning',
  PASSWORD_EXPIRED: 'warning',
  QR_DENIED: 'warning',
};

/** The account's sign-in attempts, newest first, paged by the server: when, the result, how, from where, which browser. */
export function SignInHistory({ accountId }: { accountId?: number }) {
  const { t } = useTranslation('sessions');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const query = useQuery({
    queryKey: sessionKeys.history(accountId, page, pageSize),
    queryFn: ({ signal }) => sessionsApi.history(accountId, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
  const retry = () => void query.refetch();

  const columns: ColumnsType<SignInEvent> = [
    { title: t('fields.time'), dataIndex: 'createdAt', ...NOWRAP },
    {
      title: t('fields.result'),
      dataIndex: 'result',
      ...NOWRAP,
      render: (result: SignInResult, e) => (
        <Tag color={RESULT_COLORS[result]} data-testid={`sign-in-result-${e.id}`} data-result={result}>
          {t(`results.${result}`)}
        </Tag>
      ),
    },
    { title: t('fields.method'), dataIndex: 'method', ...NOWRAP, render: (m: SignInEvent['method']) => t(`methods.${m}`) },
    {
      title: t('fields.secondFactor'),
      dataIndex: 'secondFactor',
      ...NOWRAP,
      render: (f: SignInEvent['secondFactor']) =>
        f ? t(`secondFactors.${f}`) : <Typography.Text type="secondary">{NONE}</Typography.Text>,
    },
    { title: t('fields.ip'), dataIndex: 'ip', ...NOWRAP, render: (ip: string | null) => ip ?? NONE },
    { title: t('fields.browser'), dataIndex: 'userAgent', render: (ua: string | null) => <UserAgentText userAgent={ua} /> },
  ];

  return (
    <div data-testid="sign-in-history">
      <Typography.Paragraph type="secondary">{t('historyIntro')}</Typography.Paragraph>
      <PagedTable<SignInEvent>
        testId="sign-in-history-table"
        columns={columns}
        size="small"
        list={{
          grid: {
            notice: query.isError && query.data ? <GridStaleNotice message={query.error.message} onRetry={retry} /> : null,
            emptyText: () => (query.isError && !query.data ? <GridFailure message={query.error.message} onRetry={retry} /> : undefined),
          },
          query,
          page,
          pageSize,
          change: (current, requested) => {
            const size = toPageSize(requested);
            setPage(size !== pageSize ? 1 : (current ?? 1));
            setPageSize(size);
          },
        }}
      />
    </div>
  );
}
