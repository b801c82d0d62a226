import type { ButtonProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentRow, PlayerRow, ShadowRow, StatusAction } from '@agent-bo/shared';
import { useCopy } from '../../../components/use-copy';
import { usePlayerTerms } from '../../../hooks/use-player-terms';
import { memberApi, memberKeys } from '../api/member-api';
import type { CreditTarget } from '../components/credit-dialog';
import type { Target } from '../components/dialogs/target';
import type { RowAction } from '../components/member-tables';
import { isLifting } from '../rules';

/** Which dialog of the member screen is open, for which row. */
export type MemberDialog =
  | { type: 'wizard'; kind: 'agent' | 'player'; mode: 'create' | 'edit'; row?: AgentRow | PlayerRow }
  | { type: 'copy'; kind: 'agent' | 'player' | 'shadow'; target: Target }
  | { type: 'reset'; kind: 'agent' | 'player' | 'shadow'; target: Target }
  | { type: 'verify'; target: Target }
  | { type: 'permissions'; kind: 'agent' | 'shadow'; target: Target; current: string[] }
  | { type: 'move'; target: Target }
  | { type: 'history'; kind: 'agent' | 'player' | 'shadow'; target: Target }
  | { type: 'addressList'; kind: 'agent' | 'shadow'; target: Target }
  | { type: 'sessions'; target: Target }
  | { type: 'shadow' }
  | { type: 'credit'; target: CreditTarget };

/**
 * The open dialog and what the tables' row actions do: open a dialog for the row, or act at once
 * (a status change after its confirmation, copying an invite URL).
 */
export function useMemberDialogs() {
  const { t } = useTranslation('member');
  const terms = usePlayerTerms();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<MemberDialog | null>(null);
  const { copy, prompt } = useCopy();

  function confirmStatus(kind: 'agent' | 'player' | 'shadow', row: Target, action: StatusAction) {
    modal.confirm({
      title: t('statusConfirm.title', { action: t(`statusActions.${action}`), accountNo: row.accountNo }),
      content: t(`statusConfirm.effects.${action}`, terms),
      okText: t(`statusActions.${action}`),
      okButtonProps: { danger: !isLifting(action), 'data-testid': 'status-confirm-ok' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        await memberApi.changeStatus(kind, { id: row.id, action });
        await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      },
    });
  }

  /**
   * Removes a lower staff account's second factor after a confirmation: it sets one up again at
   * its next sign-in if it must. The secret and the recovery codes are never shown.
   */
  function confirmResetSecondFactor(kind: 'agent' | 'shadow', row: Target) {
    modal.confirm({
      title: t('resetSecondFactor.title', { accountNo: row.accountNo }),
      content: t('resetSecondFactor.hint'),
      okText: t('resetSecondFactor.ok'),
      okButtonProps: { danger: true, 'data-testid': 'reset-second-factor-ok' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        try {
          await memberApi.resetSecondFactor(kind, row.id);
        } catch {
          // the client already said why (e.g. none was set up)
        }
      },
    });
  }

  async function copyInvite(row: Target) {
    try {
      const { url } = await memberApi.copyInviteUrl(row.id);
      await copy(url);
    } catch {
      // the client already showed the error
    }
  }

  function onAgentAction(row: AgentRow, a: RowAction) {
    const target = { id: row.id, accountNo: row.accountNo };
    switch (a.type) {
      case 'edit':
        return setDialog({ type: 'wizard', kind: 'agent', mode: 'edit', row });
      case 'copy':
        return setDialog({ type: 'copy', kind: 'agent', target });
      case 'invite':
        return void copyInvite(target);
      case 'status':
        return confirmStatus('agent', target, a.action);
      case 'move':
        return setDialog({ type: 'move', target });
      case 'reset':
        return setDialog({ type: 'reset', kind: 'agent', target });
      case 'resetSecondFactor':
        return confirmResetSecondFactor('agent', target);
      case 'permissions':
        return setDialog({ type: 'permissions', kind: 'agent', target, current: row.permissions });
      case 'history':
        return setDialog({ type: 'history', kind: 'agent', target });
      case 'sessions':
        return setDialog({ type: 'sessions', target });
      case 'addressList':
        return setDialog({ type: 'addressList', kind: 'agent', target });
      case 'credit':
        return setDialog({
          type: 'credit',
          target: { kind: 'agent', op: a.op, id: row.id, accountNo: row.accountNo, nickName: row.nickName, balance: row.balance },
        });
      default:
        return undefined;
    }
  }

  function onPlayerAction(row: PlayerRow, a: RowAction) {
    const target = { id: row.id, accountNo: row.accountNo };
    switch (a.type) {
      case 'edit':
        return setDialog({ type: 'wizard', kind: 'player', mode: 'edit', row });
      case 'copy':
        return setDialog({ type: 'copy', kind: 'player', target });
      case 'status':
        return confirmStatus('player', target, a.action);
      case 'move':
        return setDialog({ type: 'move', target });
      case 'reset':
        return setDialog({ type: 'reset', kind: 'player', target });
      case 'verify':
        return setDialog({ type: 'verify', target });
      case 'history':
        return setDialog({ type: 'history', kind: 'player', target });
      case 'sessions':
        return setDialog({ type: 'sessions', target });
      case 'credit':
        return setDialog({
          type: 'credit',
          target: { kind: 'player', op: a.op, id: row.id, accountNo: row.accountNo, nickName: row.nickName, balance: row.balance },
        });
      default:
        return undefined;
    }
  }

  function onShadowAction(row: ShadowRow, a: RowAction) {
    const target = { id: row.id, accountNo: row.accountNo };
    switch (a.type) {
      case 'copy':
        return setDialog({ type: 'copy', kind: 'shadow', target });
      case 'reset':
        return setDialog({ type: 'reset', kind: 'shadow', target });
      case 'resetSecondFactor':
        return confirmResetSecondFactor('shadow', target);
      case 'status':
        return confirmStatus('shadow', target, a.action);
      case 'permissions':
        return setDialog({ type: 'permissions', kind: 'shadow', target, current: row.permissions });
      case 'history':
        return setDialog({ type: 'history', kind: 'shadow', target });
      case 'sessions':
        return setDialog({ type: 'sessions', target });
      case 'addressList':
        return setDialog({ type: 'addressList', kind: 'shadow', target });
      default:
        return undefined;
    }
  }

  return { dialog, open: setDialog, close: () => setDialog(null), onAgentAction, onPlayerAction, onShadowAction, prompt };
}
