import { useQueryClient } from '@tanstack/react-query';
import { Alert, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { OutboxMessage } from '@agent-bo/shared';
import { useTranslation } from 'react-i18next';
import { usePagedList } from '../../../hooks/use-paged-list';
import { ListButtons } from '../../../components/list-buttons';
import { ListPage } from '../../../components/list-page';
import { PagedTable } from '../../../components/paged-table';
import { NOWRAP } from '../../../components/fit-table';
import { outboxApi, outboxKeys } from '../api/outbox-api';
import './outbox.css';

const NONE = '—';

/**
 * `/outbox` (issue 33): what the demo's message driver "sent" on this site, newest first: sign-in,
 * password-reset and contact codes by phone or e-mail. With a real driver (an SMS gateway, SMTP)
 * the messages leave the server and never show here. Only the site's admin reads it.
 */
export function OutboxScreen() {
  const { t } = useTranslation('outbox');
  const client = useQueryClient();
  const list = usePagedList<object, Awaited<ReturnType<typeof outboxApi.list>>>({
    keyOf: outboxKeys.list,
    fetch: outboxApi.list,
    initial: {},
    testId: 'outbox',
  });

  const columns: ColumnsType<OutboxMessage> = [
    { title: t('fields.createdAt'), dataIndex: 'createdAt', ...NOWRAP },
    {
      title: t('fields.channel'),
      dataIndex: 'channel',
      ...NOWRAP,
      render: (channel: OutboxMessage['channel']) => <Tag color={channel === 'sms' ? 'blue' : 'purple'}>{t(`channels.${channel}`)}</Tag>,
    },
    {
      title: t('fields.destination'),
      dataIndex: 'destination',
      ...NOWRAP,
      render: (to: string, m) => <span data-testid={`outbox-to-${m.id}`}>{to}</span>,
    },
    { title: t('fields.accountNo'), dataIndex: 'accountNo', ...NOWRAP, render: (no: string | null) => no ?? NONE },
    {
      title: t('fields.subject'),
      dataIndex: 'subject',
      render: (subject: string | null) => <span className="outbox-subject">{subject || NONE}</span>,
    },
    {
      title: t('fields.body'),
      dataIndex: 'body',
      render: (body: string, m) => (
        <Typography.Text className="outbox-text" data-testid={`outbox-body-${m.id}`}>
          {body || NONE}
        </Typography.Text>
      ),
    },
  ];

  return (
    <ListPage testId="outbox-page" prefix="outbox" title={t('title')} intro={t('intro')}>
      <Alert type="info" showIcon className="outbox-tools" title={t('demoNote')} data-testid="outbox-note" />
      <div className="outbox-tools">
        <ListButtons
          canWrite={false}
          prefix="outbox"
          refreshing={list.query.isFetching}
          onRefresh={() => void client.invalidateQueries({ queryKey: outboxKeys.all })}
        />
      </div>
      <PagedTable<OutboxMessage> list={list} columns={columns} testId="outbox-table" />
    </ListPage>
  );
}
