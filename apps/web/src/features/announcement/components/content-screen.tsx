import { DeleteOutlined, OrderedListOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentType } from '@agent-bo/shared';
import { currentSiteId, siteTimeZone } from '../../../lib/site';
import { useUserStore } from '../../../stores/user-store';
import { contentKeys } from '../api/content-api';
import { useCanWrite } from '../../../hooks/use-can-write';
import { useContentDelete } from '../hooks/use-content-delete';
import { useContentList } from '../hooks/use-content-list';
import { ContentDrawer, type DrawerTarget } from './content-drawer';
import { ContentFilterForm } from './content-filter-form';
import { ContentTable } from './content-table';

/** The pop-up order dialog (drag and drop) is fetched when it opens. */
const PopsModal = lazy(() => import('./pops-modal').then((m) => ({ default: m.PopsModal })));
import '../announcement.css';

/**
 * The screen of one content type (PRODUCT.md §6): filters, the server-paged table, the drawer,
 * and for activities the pop-up list. Write controls are absent without ACTIVITY_WRITE; a reader
 * sees the table and can open an item to read it.
 */
export function ContentScreen({ type }: { type: ContentType }) {
  const { t } = useTranslation('announcement');
  const client = useQueryClient();
  const canWrite = useCanWrite('ACTIVITY_WRITE');
  const user = useUserStore((s) => s.userInfo);
  const timeZone = siteTimeZone(user?.siteId ?? currentSiteId());

  const list = useContentList(type);
  const refresh = () => client.invalidateQueries({ queryKey: contentKeys.all });
  const del = useContentDelete(refresh);
  const [target, setTarget] = useState<DrawerTarget | null>(null);
  const [popsOpen, setPopsOpen] = useState(false);

  return (
    <div className="page ann-page" data-testid={`content-page-${type}`}>
      <Card variant="borderless">
        <div className="ann-head">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t(`page.${type}.title`)}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="content-timezone">
            {t('timeZone', { zone: timeZone })}
          </Typography.Text>
        </div>
        <Typography.Paragraph type="secondary" className="ann-intro">
          {t(`page.${type}.intro`)}
        </Typography.Paragraph>
        {canWrite ? null : <Alert type="info" showIcon title={t('readOnly')} className="ann-readonly" data-testid="content-readonly" />}
        <div className="filter-bar">
          <ContentFilterForm type={type} onSearch={list.search} />
          <div className="ann-tools">
            {canWrite ? (
              <>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'create' })} data-testid="content-create">
                  {t('actions.create')}
                </Button>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  loading={del.deleting}
                  onClick={del.deleteSelected}
                  data-testid="content-delete-selected"
                >
                  {t('actions.deleteSelected')}
                </Button>
                {type === 'ACTIVITY' ? (
                  <Button icon={<OrderedListOutlined />} onClick={() => setPopsOpen(true)} data-testid="content-pops">
                    {t('actions.pops')}
                  </Button>
                ) : null}
              </>
            ) : null}
            <Button icon={<ReloadOutlined />} onClick={() => void refresh()} loading={list.query.isFetching} data-testid="content-refresh">
              {t('actions.refresh')}
            </Button>
          </div>
        </div>
        {list.notice}
        <ContentTable
          type={type}
          emptyText={list.grid.emptyText()}
          data={list.query.data}
          loading={list.query.isFetching}
          page={list.page}
          pageSize={list.pageSize}
          sort={list.sort}
          selected={del.selected}
          onSelect={del.setSelected}
          onChange={list.change}
          actions={{
            canWrite,
            open: (item) => setTarget({ mode: canWrite ? 'edit' : 'view', item }),
            remove: (item, title) => del.deleteOne(item.id, title),
          }}
        />
      </Card>
      <ContentDrawer
        type={type}
        target={target}
        timeZone={timeZone}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          void refresh();
        }}
      />
      {popsOpen ? (
        <Suspense fallback={null}>
          <PopsModal onClose={() => setPopsOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
