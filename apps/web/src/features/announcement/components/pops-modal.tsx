import { Alert, Button, Empty, Modal, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTENT_IDS_MAX, localized, type ContentItem } from '@agent-bo/shared';
import { SortableList } from '../../../components/sortable-list';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useLocaleStore } from '../../../stores/locale-store';
import { usePopsEditor } from '../hooks/use-pops-editor';
import { STATUS_COLORS } from './content-columns';
import { PopCandidateSelect } from './pop-candidate-select';

/**
 * The activities that pop up after sign-in, in their order: drag a row (or use its handle with
 * the keyboard, or its up and down buttons), add activities, take them out, then save. Mounted
 * per opening, so each starts from the server's list.
 */
export function PopsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('announcement');
  const locale = useLocaleStore((s) => s.locale);
  const isMobile = useIsMobile();
  const pops = usePopsEditor(onClose);

  const titleOf = (item: ContentItem) => localized(item.title, locale);

  return (
    <Modal
      open
      onCancel={onClose}
      title={t('pops.title')}
      width={isMobile ? '100%' : 640}
      data-testid="pops-modal"
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="pops-cancel">
          {t('common:actions.cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={pops.saving}
          disabled={!pops.changed}
          onClick={() => void pops.save()}
          data-testid="pops-save"
        >
          {t('actions.save')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('pops.intro')}</Typography.Paragraph>
      <PopCandidateSelect chosen={pops.items.map((i) => i.id)} disabled={pops.full} onAdd={pops.add} />
      {pops.full ? <Alert type="info" showIcon className="ann-pops__full" title={t('pops.full', { n: CONTENT_IDS_MAX })} /> : null}
      {pops.loading ? (
        <Spin className="ann-pops__spin" />
      ) : pops.items.length === 0 ? (
        <Empty description={t('pops.empty')} />
      ) : (
        <SortableList
          items={pops.items}
          idOf={(item) => item.id}
          labelOf={titleOf}
          onMove={pops.move}
          onRemove={(item) => pops.remove(item.id)}
          testId="pops-list"
          testIdPrefix="pop"
          render={(item) => (
            <span className="ann-pop__text">
              <Typography.Text strong ellipsis={{ tooltip: titleOf(item) }}>
                {titleOf(item)}
              </Typography.Text>
              <span className="ann-pop__meta">
                <Tag color={STATUS_COLORS[item.status]}>{t(item.status === 'Published' ? 'status.Published' : 'status.Draft')}</Tag>
                <Typography.Text type="secondary">{t('pops.until', { at: item.endAt })}</Typography.Text>
              </span>
            </span>
          )}
        />
      )}
    </Modal>
  );
}
