import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { localized, type ContentItem, type ContentType, type PublishStatus } from '@agent-bo/shared';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useLocaleStore } from '../../../stores/locale-store';
import type { ContentSort, ContentSortField } from '../hooks/use-content-list';
import { NOWRAP } from '../../../components/fit-table';

export const STATUS_COLORS: Record<PublishStatus, string> = { Published: 'success', Draft: 'default' };

const dash = <Typography.Text type="secondary">—</Typography.Text>;

export interface RowActions {
  canWrite: boolean;
  open: (item: ContentItem) => void;
  remove: (item: ContentItem, title: string) => void;
}

/**
 * The list's columns: title in the user's language (zh_TW when that one is empty), status,
 * window, sort, the pop-up position (activities), who updated it and when, and the row's
 * actions. The sortable columns are sorted by the server.
 */
export function useContentColumns(type: ContentType, sort: ContentSort, actions: RowActions): ColumnsType<ContentItem> {
  const { t } = useTranslation('announcement');
  const locale = useLocaleStore((s) => s.locale);
  const isMobile = useIsMobile();
  const sorted = (field: ContentSortField) => ({
    key: field,
    sorter: true,
    sortOrder: (sort.sortBy === field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null) as SortOrder,
  });
  const titleOf = (r: ContentItem) => localized(r.title, locale);

  return [
    {
      title: t(type === 'BROADCAST' ? 'columns.text' : 'columns.title'),
      key: 'title',
      fixed: isMobile ? undefined : 'left',
      // A bounded width that wraps long titles: every column stays on screen at 1440 px, and no
      // title is cut.
      width: 260,
      render: (_: unknown, r) => (
        <Typography.Text strong className="ann-title" data-testid={`content-title-cell-${r.id}`}>
          {titleOf(r)}
        </Typography.Text>
      ),
    },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      key: 'status',
      render: (s: PublishStatus) => <Tag color={STATUS_COLORS[s]}>{t(s === 'Published' ? 'status.Published' : 'status.Draft')}</Tag>,
    },
    { title: t('columns.startAt'), dataIndex: 'startAt', ...NOWRAP, ...sorted('startAt') },
    { title: t('columns.endAt'), dataIndex: 'endAt', ...NOWRAP, ...sorted('endAt') },
    { title: t('columns.sort'), dataIndex: 'sort', align: 'right', ...sorted('sort') },
    ...(type === 'ACTIVITY'
      ? [
          {
            title: t('columns.popOrder'),
            dataIndex: 'popOrder',
            align: 'right' as const,
            ...sorted('popOrder'),
            // Shown from 1; the contract counts from 0.
            render: (v: number | null) => (v === null ? dash : v + 1),
          },
        ]
      : []),
    {
      title: t('columns.updated'),
      dataIndex: 'updatedAt',
      ...NOWRAP,
      ...sorted('updatedAt'),
      render: (at: string, r) => (
        <span className="ann-updated">
          <span>{r.updatedBy ?? dash}</span>
          <Typography.Text type="secondary">{at}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      fixed: isMobile ? undefined : 'right',
      render: (_: unknown, r) =>
        actions.canWrite ? (
          <Space size={0}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => actions.open(r)} data-testid={`content-edit-${r.id}`}>
              {t('actions.edit')}
            </Button>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => actions.remove(r, titleOf(r))}
              data-testid={`content-delete-${r.id}`}
            >
              {t('actions.delete')}
            </Button>
          </Space>
        ) : (
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => actions.open(r)} data-testid={`content-view-${r.id}`}>
            {t('actions.view')}
          </Button>
        ),
    },
  ];
}
