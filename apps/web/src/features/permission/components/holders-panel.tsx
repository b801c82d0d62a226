import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleHolder } from '@agent-bo/shared';
import { serverPagination } from '../../../components/server-pagination';
import { roleApi, roleKeys } from '../api/role-api';
import { useRoleHolders } from '../hooks/use-role-holders';
import { useSiteTime } from '../hooks/use-site-time';
import { FIT_TABLE, NOWRAP } from '../../../components/fit-table';
import { useLevelText } from '../../../hooks/use-level-text';

/** The typed account number, settled for a moment so each keystroke is not a request. */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Who holds the role: the holders in the caller's subtree (paged), each with an unassign
 * button; holders elsewhere are only counted. A writer assigns the role to an agent or shadow
 * found by account number or nickname anywhere below it (the server's role/assignable offers
 * exactly the accounts role/assign accepts).
 */
export function HoldersPanel({ roleId, canWrite }: { roleId: number; canWrite: boolean }) {
  const { t } = useTranslation('permission');
  const levelText = useLevelText();
  const { detail, page, pageSize, change, assign, unassign } = useRoleHolders(roleId);
  const siteTime = useSiteTime();
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const search = useSettled(typed.trim());
  const candidates = useQuery({
    queryKey: roleKeys.candidates(search, roleId),
    queryFn: ({ signal }) => roleApi.candidates(search, roleId, signal),
    enabled: canWrite && search.length > 0,
  });
  const holders = detail.data?.holders;
  const elsewhere = detail.data?.holdersElsewhere ?? 0;

  return (
    <div className="perm-holders" data-testid="role-holders">
      {canWrite ? (
        <Space.Compact className="perm-assign">
          <Select<number>
            showSearch={{ filterOption: false, onSearch: setTyped }}
            value={chosen ?? undefined}
            placeholder={t('holders.searchPlaceholder')}
            onChange={setChosen}
            loading={candidates.isFetching}
            notFoundContent={search ? t('holders.noMatch') : t('holders.typeToSearch')}
            options={(candidates.data ?? []).map((c) => ({
              value: c.id,
              // Already holding it: shown, so a search for it is not met with silence, but not offered.
              disabled: c.holds,
              label: [
                `${c.accountNo} · ${c.nickName}`,
                c.isShadow ? ` (${t('holders.shadow')})` : '',
                c.parentAccountNo ? ` — ${t('holders.under', { account: c.parentAccountNo })}` : '',
                c.holds ? ` — ${t('holders.holdsAlready')}` : '',
              ].join(''),
            }))}
            className="perm-assign__select"
            data-testid="role-assign-search"
          />
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            disabled={chosen === null}
            loading={assign.isPending}
            onClick={() =>
              chosen !== null &&
              assign.mutate(chosen, {
                onSuccess: () => {
                  setChosen(null);
                  setTyped('');
                },
              })
            }
            data-testid="role-assign"
          >
            {t('holders.assign')}
          </Button>
        </Space.Compact>
      ) : null}
      {elsewhere > 0 ? (
        <Alert
          type="info"
          showIcon
          className="perm-elsewhere"
          title={t('holders.elsewhere', { n: elsewhere })}
          data-testid="role-elsewhere"
        />
      ) : null}
      <Table<RoleHolder>
        rowKey="id"
        size="small"
        dataSource={holders?.list ?? []}
        loading={detail.isFetching}
        {...FIT_TABLE}
        pagination={serverPagination({ page, pageSize, total: holders?.total, showTotal: (n) => t('table.total', { n }) })}
        onChange={(p) => change(p.current, p.pageSize)}
        locale={{ emptyText: t('holders.empty') }}
        onRow={(r) => ({ 'data-testid': `role-holder-${r.id}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t('holders.account'),
            key: 'account',
            render: (_: unknown, r) => (
              <Space size={4} wrap>
                <Typography.Text strong>{r.accountNo}</Typography.Text>
                <Typography.Text type="secondary">{r.nickName}</Typography.Text>
                {r.isShadow ? <Tag>{t('holders.shadow')}</Tag> : null}
              </Space>
            ),
          },
          { title: t('holders.level'), key: 'level', ...NOWRAP, render: (_: unknown, r) => levelText(r.lvl, r.isShadow) },
          { title: t('holders.assignedAt'), dataIndex: 'assignedAt', ...NOWRAP, render: (at: string) => siteTime(at) },
          ...(canWrite
            ? [
                {
                  title: t('columns.actions'),
                  key: 'actions',
                  render: (_: unknown, r: RoleHolder) => (
                    <Popconfirm
                      title={t('holders.unassignConfirm', { account: r.accountNo })}
                      okText={t('holders.unassign')}
                      cancelText={t('common:actions.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => unassign.mutateAsync(r.id).catch(() => undefined)}
                    >
                      <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`role-unassign-${r.id}`}>
                        {t('holders.unassign')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
