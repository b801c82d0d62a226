import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Table, Tag, Typography, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { OpenSession } from '@agent-bo/shared';
import { sessionKeys, sessionsApi } from '../lib/sessions-api';
import { FIT_TABLE, NOWRAP } from './fit-table';
import { GridFailure } from './grid-status';
import { usePhone } from './use-phone';
import { UserAgentText } from './user-agent-text';
import './session-lists.css';

const NONE = '—';

export interface SessionListProps {
  /** Whose sessions: the caller's own when absent (the caller's page), else an account of its subtree (the member screen). */
  accountId?: number;
  /** Whether "End" and "Sign out everywhere" are offered: always for one's own, for a writer on another account. */
  canEnd: boolean;
}

/**
 * The account's open sessions, newest first: browser, address, how it signed in, started, last
 * active; the request's own marked "this device". Each may be ended after a confirmation (not this
 * device's own: that is the user menu's sign-out), and all others at once.
 */
export function OpenSessions({ accountId, canEnd }: SessionListProps) {
  const { t } = useTranslation('sessions');
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const phone = usePhone();
  const own = accountId === undefined;
  const list = useQuery({
    queryKey: sessionKeys.list(accountId),
    queryFn: ({ signal }) => sessionsApi.list(accountId, signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: sessionKeys.all });
  const end = useMutation({ mutationFn: sessionsApi.end, onSettled: refresh });
  const endOthers = useMutation({ mutationFn: () => sessionsApi.endOthers(accountId), onSettled: refresh });

  const confirmEnd = (session: OpenSession) =>
    void modal.confirm({
      title: t('end.title'),
      content: t(own ? 'end.hintOwn' : 'end.hint'),
      okText: t('end.ok'),
      okButtonProps: { danger: true, 'data-testid': 'session-end-ok' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        try {
          await end.mutateAsync(session.id);
          void message.success(t('end.done'));
        } catch {
          // the API client already said why (the session had ended meanwhile)
        }
      },
    });
  const others = (list.data ?? []).filter((s) => !s.current);
  const confirmEndOthers = () =>
    void modal.confirm({
      title: t(own ? 'endOthers.titleOwn' : 'endOthers.title'),
      content: t(own ? 'endOthers.hintOwn' : 'endOthers.hint', { n: others.length }),
      okText: t(own ? 'endOthers.actionOwn' : 'endOthers.action'),
      okButtonProps: { danger: true, 'data-testid': 'sessions-end-others-ok' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        try {
          const { ended } = await endOthers.mutateAsync();
          void message.success(t('endOthers.done', { n: ended }));
        } catch {
          // the API client already said why
        }
      },
    });

  const device = (s: OpenSession) => (
    <span className="session-device">
      <UserAgentText userAgent={s.userAgent} />
      {s.current ? (
        <Tag color="blue" data-testid="session-this-device">
          {t('thisDevice')}
        </Tag>
      ) : null}
    </span>
  );
  const endButton = (s: OpenSession) =>
    canEnd && !s.current ? (
      <Button size="small" danger onClick={() => confirmEnd(s)} data-testid={`session-end-${s.id}`}>
        {t('end.action')}
      </Button>
    ) : null;
  const method = (s: OpenSession) => t(`methods.${s.method}`);

  const columns: ColumnsType<OpenSession> = phone
    ? [
        {
          title: t('fields.session'),
          key: 'session',
          render: (_, s) => (
            <div className="session-folded">
              {device(s)}
              <Typography.Text type="secondary">
                {s.ip ?? NONE} · {method(s)}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t('fields.startedAt')}: {s.createdAt}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t('fields.lastSeenAt')}: {s.lastSeenAt ?? NONE}
              </Typography.Text>
            </div>
          ),
        },
        { title: '', key: 'end', align: 'right', render: (_, s) => endButton(s) },
      ]
    : [
        { title: t('fields.browser'), key: 'browser', render: (_, s) => device(s) },
        { title: t('fields.ip'), dataIndex: 'ip', ...NOWRAP, render: (ip: string | null) => ip ?? NONE },
        { title: t('fields.method'), key: 'method', ...NOWRAP, render: (_, s) => method(s) },
        { title: t('fields.startedAt'), dataIndex: 'createdAt', ...NOWRAP },
        { title: t('fields.lastSeenAt'), dataIndex: 'lastSeenAt', ...NOWRAP, render: (v: string | null) => v ?? NONE },
        ...(canEnd ? [{ title: t('fields.actions'), key: 'end', ...NOWRAP, render: (_: unknown, s: OpenSession) => endButton(s) }] : []),
      ];

  return (
    <div data-testid="open-sessions">
      <div className="session-lists__bar">
        <Typography.Text type="secondary">{t(own ? 'openIntroOwn' : 'openIntro')}</Typography.Text>
        {canEnd ? (
          <Button danger disabled={others.length === 0} onClick={confirmEndOthers} data-testid="sessions-end-others">
            {t(own ? 'endOthers.actionOwn' : 'endOthers.action')}
          </Button>
        ) : null}
      </div>
      <Table<OpenSession>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isFetching}
        pagination={false}
        {...(phone ? {} : FIT_TABLE)}
        locale={{
          emptyText: list.isError ? <GridFailure message={list.error.message} onRetry={() => void list.refetch()} /> : t('noSessions'),
        }}
        onRow={(s) => ({ 'data-testid': `session-${s.id}`, 'data-current': s.current ? 'yes' : 'no' }) as object}
        data-testid="open-sessions-table"
      />
    </div>
  );
}
