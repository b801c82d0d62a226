import { DiffOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLE_NAME_MAX } from '@agent-bo/shared';
import { roleKeys } from '../api/role-api';
import { useCanWrite } from '../../../hooks/use-can-write';
import { useRoleDelete } from '../hooks/use-role-delete';
import { useRoleList } from '../hooks/use-role-list';
import { CompareModal } from './compare-modal';
import { RoleDrawer, type RoleDrawerTarget } from './role-drawer';
import { RoleTable } from './role-table';
import '../permission.css';

/**
 * Role permission management (PRODUCT.md §7): the roles (server-paged, searched by name), the
 * drawer that creates and edits them and lists their holders, and the comparison of two roles.
 */
export function RoleScreen() {
  const { t } = useTranslation('permission');
  const client = useQueryClient();
  const canWrite = useCanWrite('ROLE_PERMISSION_WRITE');
  const list = useRoleList();
  const refresh = () => client.invalidateQueries({ queryKey: roleKeys.all });
  const del = useRoleDelete(refresh);
  const [target, setTarget] = useState<RoleDrawerTarget | null>(null);
  const [comparing, setComparing] = useState(false);

  return (
    <div className="page perm-page" data-testid="permission-page">
      <Card variant="borderless">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('page.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="perm-intro">
          {t('page.intro')}
        </Typography.Paragraph>
        {canWrite ? null : <Alert type="info" showIcon title={t('page.readOnly')} className="perm-readonly" data-testid="role-readonly" />}
        <div className="filter-bar">
          <Input.Search
            allowClear
            maxLength={ROLE_NAME_MAX}
            placeholder={t('filter.name')}
            enterButton={<SearchOutlined aria-label={t('filter.search')} />}
            onSearch={(value) => list.search(value)}
            className="perm-search"
            data-testid="role-filter-name"
          />
          <div className="perm-tools">
            {canWrite ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'create' })} data-testid="role-create">
                {t('actions.create')}
              </Button>
            ) : null}
            <Button icon={<DiffOutlined />} onClick={() => setComparing(true)} data-testid="role-compare-open">
              {t('actions.compare')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => void refresh()} loading={list.query.isFetching} data-testid="role-refresh">
              {t('actions.refresh')}
            </Button>
          </div>
        </div>
        {list.notice}
        <RoleTable
          data={list.query.data}
          failure={list.failure}
          loading={list.query.isFetching}
          page={list.page}
          pageSize={list.pageSize}
          onChange={list.change}
          actions={{
            canWrite,
            open: (role, tab) => setTarget({ mode: 'edit', role, tab }),
            remove: del.deleteOne,
          }}
        />
      </Card>
      <RoleDrawer
        target={target}
        canWrite={canWrite}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          void refresh();
        }}
      />
      <CompareModal open={comparing} onClose={() => setComparing(false)} />
    </div>
  );
}
