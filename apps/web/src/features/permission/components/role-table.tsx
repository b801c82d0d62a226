import { DeleteOutlined, EditOutlined, EyeOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localized, type Role, type RoleList } from '@agent-bo/shared';
import { serverPagination } from '../../../components/server-pagination';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useLocaleStore } from '../../../stores/locale-store';
import { useSiteTime } from '../hooks/use-site-time';
import { FIT_TABLE, NOWRAP } from '../../../components/fit-table';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

export interface RoleRowActions {
  canWrite: boolean;
  open: (role: Role, tab?: 'settings' | 'holders') => void;
  remove: (role: Role, name: string) => void;
}

/** The columns: name in the user's language (zh_TW when empty), description, counts, who updated it, actions. */
function useRoleColumns(actions: RoleRowActions): ColumnsType<Role> {
  const { t } = useTranslation('permission');
  const locale = useLocaleStore((s) => s.locale);
  const isMobile = useIsMobile();
  const siteTime = useSiteTime();
  const nameOf = (r: Role) => localized(r.name, locale);

  return [
    {
      title: t('columns.name'),
      key: 'name',
      fixed: isMobile ? undefined : 'left',
      width: 200,
      render: (_: unknown, r) => (
        <Space size={4} wrap>
          <Typography.Text strong data-testid={`role-name-cell-${r.id}`}>
            {nameOf(r)}
          </Typography.Text>
          {r.builtinKey ? <Tag>{t('table.builtin')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('columns.description'),
      key: 'description',
      width: 280,
      render: (_: unknown, r) => localized(r.description, locale) || dash,
    },
    {
      title: t('columns.codes'),
      key: 'codes',
      align: 'right',
      render: (_: unknown, r) => <span data-testid={`role-codes-${r.id}`}>{r.codes.length}</span>,
    },
    {
      title: t('columns.holders'),
      dataIndex: 'holderCount',
      align: 'right',
      render: (n: number, r) => (
        <Button
          type="link"
          size="small"
          icon={<TeamOutlined />}
          onClick={() => actions.open(r, 'holders')}
          data-testid={`role-holders-${r.id}`}
        >
          {n}
        </Button>
      ),
    },
    {
      title: t('columns.updated'),
      dataIndex: 'updatedAt',
      ...NOWRAP,
      render: (at: string, r) => (
        <span className="perm-updated">
          <span>{r.updatedBy ?? dash}</span>
          <Typography.Text type="secondary">{siteTime(at)}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      fixed: isMobile ? undefined : 'right',
      render: (_: unknown, r) =>
        actions.canWrite && r.editable ? (
          <Space size={0}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => actions.open(r)} data-testid={`role-edit-${r.id}`}>
              {t('actions.edit')}
            </Button>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => actions.remove(r, nameOf(r))}
              data-testid={`role-delete-${r.id}`}
            >
              {t('actions.delete')}
            </Button>
          </Space>
        ) : (
          <Tooltip title={actions.canWrite ? t('table.notEditable') : undefined}>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => actions.open(r)} data-testid={`role-view-${r.id}`}>
              {t('actions.view')}
            </Button>
          </Tooltip>
        ),
    },
  ];
}

/** The server-paged list of roles. */
export function RoleTable({
  data,
  loading,
  page,
  pageSize,
  onChange,
  actions,
  failure,
}: {
  data: RoleList | undefined;
  loading: boolean;
  /** Shown instead of "no roles" when the list failed to load. */
  failure?: ReactNode;
  page: number;
  pageSize: number;
  onChange: (page: number | undefined, pageSize: number | undefined) => void;
  actions: RoleRowActions;
}) {
  const { t } = useTranslation('permission');
  const columns = useRoleColumns(actions);
  return (
    <div data-testid="role-table" className="perm-table">
      <Table<Role>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        {...FIT_TABLE}
        pagination={serverPagination({ page, pageSize, total: data?.total, showTotal: (n) => t('table.total', { n }) })}
        locale={{ emptyText: failure ?? t('table.empty') }}
        onChange={(p) => onChange(p.current, p.pageSize)}
        onRow={(r) => ({ 'data-testid': `role-row-${r.id}` }) as HTMLAttributes<HTMLElement>}
      />
    </div>
  );
}
