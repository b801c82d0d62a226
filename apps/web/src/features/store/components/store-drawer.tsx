import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../hooks/use-is-mobile';

/**
 * The drawer every store editor uses: full width on a phone, cancel and save in the footer, and,
 * when someone else saved the item in between, the server's message with a reload above the form.
 */
export function StoreDrawer({
  open,
  onClose,
  title,
  testId,
  width,
  state,
  onSave,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  testId: string;
  width: number;
  /** The editor's save and reload state (useStoreDrawer). */
  state: { saving: boolean; stale: string | null; reloading: boolean; reload: () => void };
  onSave: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('store');
  const isMobile = useIsMobile();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={isMobile ? '100%' : width}
      title={title}
      destroyOnHidden
      data-testid={testId}
      footer={
        <Space className="store-drawer__footer">
          <Button onClick={onClose} data-testid="store-cancel">
            {t('common:actions.cancel')}
          </Button>
          <Button type="primary" loading={state.saving} onClick={onSave} data-testid="store-save">
            {t('actions.save')}
          </Button>
        </Space>
      }
    >
      {state.stale ? (
        <Alert
          type="warning"
          showIcon
          className="store-stale"
          title={state.stale}
          description={t('form.reloadHint')}
          data-testid="store-stale"
          action={
            <Button size="small" icon={<ReloadOutlined />} loading={state.reloading} onClick={state.reload} data-testid="store-reload">
              {t('form.reload')}
            </Button>
          }
        />
      ) : null}
      {children}
    </Drawer>
  );
}
