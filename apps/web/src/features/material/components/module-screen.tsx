import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUBLISH_STATUSES, type LobbyModule, type ModuleLayout, type ModuleListRequest, type PublishStatus } from '@agent-bo/shared';
import { useLocaleStore } from '../../../stores/locale-store';
import { materialApi, materialKeys } from '../api/material-api';
import { useCanWrite } from '../../../hooks/use-can-write';
import { useConfirmDelete } from '../../../hooks/use-confirm-delete';
import { usePagedList } from '../../../hooks/use-paged-list';
import { ListButtons } from '../../../components/list-buttons';
import { ModuleDrawer, type ModuleTarget } from './module-drawer';
import { textIn } from '../../../lib/localized-text';
import { OrderModal } from './order-modal';
import { PagedTable } from '../../../components/paged-table';
import { FilterLine, FilterSelect, FilterText } from '../../../components/filter-line';
import { ListPage } from '../../../components/list-page';
import { actionsColumn } from '../../../components/row-actions';
import '../material.css';
import { NOWRAP } from '../../../components/fit-table';

type Filters = Pick<ModuleListRequest, 'title' | 'status'>;

const LAYOUT_COLORS: Record<ModuleLayout, string> = { carousel: 'purple', grid: 'blue', list: 'cyan' };

/**
 * Module management (PRODUCT.md §6, `/material/collection`): the lobby's modules in lobby order,
 * filtered by title and status, server-paged. With COLLECTION_WRITE: the editor with the
 * module's games, deletion and the modules' order.
 */
export function ModuleScreen() {
  const { t } = useTranslation('material');
  const locale = useLocaleStore((s) => s.locale);
  const client = useQueryClient();
  const canWrite = useCanWrite('COLLECTION_WRITE');
  const list = usePagedList<Filters, Awaited<ReturnType<typeof materialApi.modules>>>({
    keyOf: materialKeys.modules,
    fetch: materialApi.modules,
    initial: {},
    testId: 'module',
  });
  const refresh = () => client.invalidateQueries({ queryKey: materialKeys.all });
  const [target, setTarget] = useState<ModuleTarget | null>(null);
  const [ordering, setOrdering] = useState(false);
  const [form] = Form.useForm<Filters>();
  // The editor opens with the module's games, read first.
  const open = useMutation({
    mutationFn: (m: LobbyModule) => materialApi.moduleDetail(m.id),
    onSuccess: (item) => setTarget({ mode: 'edit', item }),
  });
  const confirmDelete = useConfirmDelete<LobbyModule>({
    send: materialApi.deleteModule,
    refresh,
    title: (m) => t('module.confirmDelete', { name: textIn(m.title, locale) }),
    hint: t('module.deleteHint'),
    okTestId: 'module-delete-ok',
  });
  const statusTag = (s: PublishStatus) => <Tag color={s === 'Published' ? 'green' : 'default'}>{t(`publish.${s}`)}</Tag>;

  const columns: ColumnsType<LobbyModule> = [
    {
      title: t('module.titleField'),
      key: 'title',
      render: (_, m) => <span data-testid={`module-title-${m.id}`}>{textIn(m.title, locale)}</span>,
    },
    {
      title: t('module.layout'),
      dataIndex: 'layout',
      width: 110,
      responsive: ['sm'],
      render: (l: ModuleLayout) => <Tag color={LAYOUT_COLORS[l]}>{t(`layout.${l}`)}</Tag>,
    },
    { title: t('form.status'), dataIndex: 'status', width: 100, render: statusTag },
    {
      title: t('module.period'),
      key: 'period',
      responsive: ['md'],
      render: (_, m) => (
        <span className="material-name material-sub">
          <span>{m.startAt ?? t('module.noStart')}</span>
          <span>{m.endAt ?? t('module.noEnd')}</span>
        </span>
      ),
    },
    {
      title: t('module.gameCountTitle'),
      key: 'games',
      width: 80,
      align: 'right',
      render: (_, m) => <span data-testid={`module-count-${m.id}`}>{m.gameIds.length}</span>,
    },
    { title: t('form.sort'), dataIndex: 'sort', width: 70, align: 'right', responsive: ['lg'] },
    { title: t('grid.updatedAt'), dataIndex: 'updatedAt', ...NOWRAP, width: 170, responsive: ['lg'] },
    ...(canWrite
      ? [actionsColumn<LobbyModule>(t, 'module', (m) => open.mutate(m), confirmDelete, open.isPending ? open.variables?.id : null)]
      : []),
  ];

  return (
    <ListPage
      prefix="material"
      className="material-page"
      testId="module-page"
      title={t('module.title')}
      intro={t('module.intro')}
      canWrite={canWrite}
      after={
        <>
          <ModuleDrawer target={target} onClose={() => setTarget(null)} />
          {ordering ? (
            <OrderModal<LobbyModule>
              title={t('module.order')}
              queryKey={materialKeys.order('collection')}
              load={materialApi.allModules}
              labelOf={(m) => textIn(m.title, locale)}
              render={(m) => (
                <>
                  <span className="material-grow">{textIn(m.title, locale)}</span>
                  <Tag color={LAYOUT_COLORS[m.layout]}>{t(`layout.${m.layout}`)}</Tag>
                  {statusTag(m.status)}
                </>
              )}
              send={materialApi.sortModules}
              onClose={() => setOrdering(false)}
              testId="module-order-modal"
            />
          ) : null}
        </>
      }
    >
      <div className="filter-bar material-filters">
        <FilterLine<Filters>
          form={form}
          testId="module"
          onFinish={(v) => list.search({ title: v.title?.trim() || undefined, status: v.status })}
        >
          <FilterText name="title" placeholder={t('filter.title')} testId="module-filter-title" />
          <FilterSelect
            name="status"
            placeholder={t('filter.status')}
            options={PUBLISH_STATUSES.map((s) => ({ value: s, label: t(`publish.${s}`) }))}
            testId="module-filter-status"
          />
        </FilterLine>
        <ListButtons
          canWrite={canWrite}
          prefix="module"
          createLabel={t('module.create')}
          onCreate={() => setTarget({ mode: 'create' })}
          onOrder={() => setOrdering(true)}
          refreshing={list.query.isFetching}
          onRefresh={() => void refresh()}
        />
      </div>
      <PagedTable<LobbyModule> list={list} columns={columns} testId="module-table" />
    </ListPage>
  );
}
