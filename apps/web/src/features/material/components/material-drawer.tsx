import { Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { StaleAlert } from './stale-alert';

/**
 * The drawer every material editor uses: full width on a phone, cancel and save in the footer,
 * and the stale alert with its reload above the form.
 */
export function MaterialDrawer({
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
  /** The editor's save and reload state (useDrawerItem). */
  state: { saving: boolean; stale: string | null; reloading: boolean; reload: () => void };
  onSave: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('material');
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
        <Space className="material-drawer__footer">
          <Button onClick={onClose} data-testid="material-cancel">
            {t('common:actions.cancel')}
          </Button>
          <Button type="primary" loading={state.saving} onClick={onSave} data-testid="material-save">
            {t('actions.save')}
          </Button>
        </Space>
      }
    >
      {state.stale ? <StaleAlert message={state.stale} reloading={state.reloading} onReload={state.reload} /> : null}
      {children}
    </Drawer>
  );
}
