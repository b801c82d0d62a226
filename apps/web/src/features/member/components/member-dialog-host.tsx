import { useQueryClient } from '@tanstack/react-query';
import { overviewKey } from '../../../lib/overview-api';
import { memberKeys } from '../api/member-api';
import type { MemberDialog } from '../hooks/use-member-dialogs';
import { AccountWizard, type ParentContext } from './account-wizard';
import { CreditDialog } from './credit-dialog';
import { CopyInfoModal } from './dialogs/copy-info-modal';
import { MoveModal } from './dialogs/move-modal';
import { PermissionModal } from './dialogs/permission-modal';
import { ResetPasswordModal } from './dialogs/reset-password-modal';
import { ShadowCreateModal } from './dialogs/shadow-create-modal';
import { VerifyModal } from './dialogs/verify-modal';
import { HistoryDrawer } from './history-drawer';
import { AddressListDrawer } from './address-list-drawer';
import { SessionsDrawer } from './sessions-drawer';
import type { Party } from '../credit';

/** The member screen's dialogs: the one `dialog` names is open, the others closed. */
export function MemberDialogHost({
  dialog,
  parent,
  canReset,
  canGrant,
  held,
  caller,
  onClose,
}: {
  dialog: MemberDialog | null;
  /** The level being viewed: accounts are created under it, moved from it. */
  parent: ParentContext;
  canReset: boolean;
  /** May give permission codes (ROLE_PERMISSION_WRITE): the permission form and a new shadow's codes. */
  canGrant: boolean;
  held: readonly string[];
  /** My own account and balance for the credit dialogs (null while not known). */
  caller: (Party & { isHouse: boolean }) | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  return (
    <>
      {dialog?.type === 'wizard' ? (
        <AccountWizard
          key={`${dialog.kind}-${dialog.mode}-${dialog.row?.id ?? 'new'}`}
          open
          kind={dialog.kind}
          mode={dialog.mode}
          row={dialog.row}
          parent={parent}
          onClose={onClose}
        />
      ) : null}
      <CopyInfoModal
        target={dialog?.type === 'copy' ? dialog.target : null}
        kind={dialog?.type === 'copy' ? dialog.kind : 'agent'}
        canReset={canReset}
        onClose={onClose}
      />
      <ResetPasswordModal
        target={dialog?.type === 'reset' ? dialog.target : null}
        kind={dialog?.type === 'reset' ? dialog.kind : 'agent'}
        onClose={onClose}
      />
      <VerifyModal target={dialog?.type === 'verify' ? dialog.target : null} onClose={onClose} />
      <PermissionModal
        key={dialog?.type === 'permissions' ? `perm-${dialog.target.id}` : 'perm'}
        target={dialog?.type === 'permissions' && canGrant ? dialog.target : null}
        kind={dialog?.type === 'permissions' ? dialog.kind : 'agent'}
        current={dialog?.type === 'permissions' ? dialog.current : []}
        held={held}
        onClose={onClose}
      />
      <MoveModal target={dialog?.type === 'move' ? dialog.target : null} currentParentId={parent.id} onClose={onClose} />
      <HistoryDrawer target={dialog?.type === 'history' ? { kind: dialog.kind, ...dialog.target } : null} onClose={onClose} />
      <AddressListDrawer
        target={dialog?.type === 'addressList' ? dialog.target : null}
        kind={dialog?.type === 'addressList' ? dialog.kind : 'agent'}
        onClose={onClose}
      />
      <SessionsDrawer target={dialog?.type === 'sessions' ? dialog.target : null} onClose={onClose} />
      <ShadowCreateModal open={dialog?.type === 'shadow'} held={canGrant ? held : []} onClose={onClose} />
      {dialog?.type === 'credit' ? (
        <CreditDialog
          key={`credit-${dialog.target.op}-${dialog.target.id}`}
          target={dialog.target}
          caller={caller}
          onClose={onClose}
          onDone={() => {
            void queryClient.invalidateQueries({ queryKey: memberKeys.all });
            void queryClient.invalidateQueries({ queryKey: overviewKey });
          }}
        />
      ) : null}
    </>
  );
}
