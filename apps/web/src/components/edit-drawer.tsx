import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './edit-drawer.css';

/** What an editor's drawer shows of its save: see hooks/use-edit-drawer. */
export type EditDrawerState = {
  saving: boolean;
  stale: string | null;
  reloading: boolean;
  reload: () => void;
  /** On a phone the drawer fills the screen. */
  fullWidth: boolean;
};

/**
 * The drawer of an editor that saves with a version: full width on a phone, cancel and save in
 * the footer and, when someone else saved the item in between, the server's message with a reload
 * above the form. `testIdPrefix` names its buttons (`<prefix>-save`, `-cancel`, `-stale`,
 * `-reload`) so each screen's tests keep their own ids.
 */
export function EditDrawer({
  open,
  onClose,
  title,
  testId,
  testIdPrefix,
  width,
  state,
  onSave,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  testId: string;
  testIdPrefix: string;
  width: number;
  state: EditDrawerState;
  onSave: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={state.fullWidth ? '100%' : width}
      title={title}
      destroyOnHidden
      data-testid={testId}
      footer={
        <Space className="edit-drawer__footer">
          <Button onClick={onClose} data-testid={`${testIdPrefix}-cancel`}>
            {t('actions.cancel')}
          </Button>
          <Button type="primary" loading={state.saving} onClick={onSave} data-testid={`${testIdPrefix}-save`}>
            {t('actions.save')}
          </Button>
        </Space>
      }
    >
      {state.stale ? (
        <Alert
          type="warning"
          showIcon
          className="edit-drawer__stale"
          title={state.stale}
          description={t('edit.reloadHint')}
          data-testid={`${testIdPrefix}-stale`}
          action={
            <Button
              size="small"
              icon={<ReloadOutlined />}
              loading={state.reloading}
              onClick={state.reload}
              data-testid={`${testIdPrefix}-reload`}
            >
              {t('edit.reload')}
            </Button>
          }
        />
      ) : null}
      {children}
    </Drawer>
  );
}
