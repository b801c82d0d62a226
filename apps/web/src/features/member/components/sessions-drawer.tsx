import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { SessionTabs } from '../../../components/session-tabs';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useUserStore } from '../../../stores/user-store';
import { canWrite } from '../rules';
import type { Target } from './dialogs/target';

/**
 * An account's open sessions and sign-in history, for its upper agents: the same lists as the
 * account's own page. Ending them is offered to a writer only (the server's writer rule: not a
 * shadow, not restricted); a reader sees the lists.
 */
export function SessionsDrawer({ target, onClose }: { target: Target | null; onClose: () => void }) {
  const { t } = useTranslation('sessions');
  const isMobile = useIsMobile();
  const writer = useUserStore((s) => canWrite(s.userInfo));
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      title={t('drawerTitle', { accountNo: target?.accountNo ?? '' })}
      size={isMobile ? '100%' : 960}
      destroyOnHidden
    >
      <div data-testid="sessions-drawer">{target ? <SessionTabs accountId={target.id} canEnd={writer} /> : null}</div>
    </Drawer>
  );
}
