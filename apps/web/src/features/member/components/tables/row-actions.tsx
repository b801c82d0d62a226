import { EditOutlined, CopyOutlined, GiftOutlined, MinusCircleOutlined, MoreOutlined, PlusCircleOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import type { ButtonProps, MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusAction } from '@agent-bo/shared';
import type { AccountKind } from '../../api/member-api';
import { statusActionsFor } from '../../rules';
import { canMoveCredit, type CreditOp } from '../../credit';

export type RowAction =
  | { type: 'edit' }
  | { type: 'copy' }
  | { type: 'invite' }
  | { type: 'status'; action: StatusAction }
  | { type: 'move' }
  | { type: 'reset' }
  | { type: 'resetSecondFactor' }
  | { type: 'permissions' }
  | { type: 'history' }
  | { type: 'verify' }
  | { type: 'addressList' }
  | { type: 'sessions' }
  | { type: 'credit'; op: CreditOp };

/** What the viewer may do here; write controls are absent (not disabled) without `write`. */
export interface Abilities {
  write: boolean;
  move: boolean;
  /** Permission management (agents' and shadows' codes): needs ROLE_PERMISSION_WRITE. */
  grant: boolean;
  /** Whose direct children may get credit moves here (the viewer at its own level), else null. */
  creditParentId?: number | null;
}

/** Row actions: a few inline buttons and a "more" menu; write actions only for writers. */
export function Actions({
  kind,
  accountNo,
  row,
  abilities,
  extra,
  credit,
  onAction,
  onPullBack,
}: {
  kind: AccountKind;
  accountNo: string;
  row: Parameters<typeof statusActionsFor>[0];
  abilities: Abilities;
  extra?: MenuProps['items'];
  /** Credit moves offered inline (direct, unrestricted children of a writer). */
  credit?: CreditOp[];
  onAction: (a: RowAction) => void;
  /** Players, for a writer holding OPERATION_TRANSFER: pull credit back from a provider. */
  onPullBack?: () => void;
}) {
  const { t } = useTranslation('member');
  const items: NonNullable<MenuProps['items']> = [...(extra ?? [])];
  if (abilities.write) {
    const statusActions = statusActionsFor(row, kind);
    if (statusActions.length > 0)
      items.push({
        key: 'status',
        type: 'group',
        label: t('actions.status'),
        children: statusActions.map((action) => ({
          key: `status:${action}`,
          label: <span data-testid={`menu-status-${action}`}>{t(`statusActions.${action}`)}</span>,
          danger: !['ACTIVE', 'FULLY_ACTIVE', 'FULLY_READ_ONLY_CANCEL'].includes(action),
        })),
      });
    if (kind !== 'shadow' && abilities.move) items.push({ key: 'move', label: <span data-testid="menu-move">{t('actions.move')}</span> });
    items.push({ key: 'reset', label: <span data-testid="menu-reset">{t('actions.resetPassword')}</span> });
    // Players sign in to the game client, which has no second factor.
    if (kind !== 'player')
      items.push({ key: 'resetSecondFactor', label: <span data-testid="menu-reset-second-factor">{t('actions.resetSecondFactor')}</span> });
    if (kind !== 'player' && abilities.grant)
      items.push({ key: 'permissions', label: <span data-testid="menu-permissions">{t('actions.permissions')}</span> });
    // Only accounts that sign in to the back office have address lists.
    if (kind !== 'player')
      items.push({ key: 'addressList', label: <span data-testid="menu-address-list">{t('addressList:action')}</span> });
  }
  if (onPullBack) items.push({ key: 'pullBack', label: <span data-testid="menu-pull-back">{t('pullBack.action')}</span> });
  items.push({ type: 'divider' }, { key: 'history', label: <span data-testid="menu-history">{t('actions.history')}</span> });
  // Readers see an account's sessions and sign-ins too; ending them is the drawer's, for writers.
  items.push({ key: 'sessions', label: <span data-testid="menu-sessions">{t('sessions:menu')}</span> });
  const creditIcons: Record<CreditOp, ReactNode> = {
    recharge: <PlusCircleOutlined />,
    withdraw: <MinusCircleOutlined />,
    poor: <GiftOutlined />,
  };
  const creditTestIds: Record<CreditOp, string> = { recharge: 'recharge', withdraw: 'withdraw', poor: 'relief' };
  return (
    <Space size={4} wrap={false}>
      {(credit ?? []).map((op) => (
        <IconAction
          key={op}
          icon={creditIcons[op]}
          label={t(`credit.actions.${op}`)}
          onClick={() => onAction({ type: 'credit', op })}
          testId={`action-${creditTestIds[op]}-${accountNo}`}
        />
      ))}
      {abilities.write && kind !== 'shadow' ? (
        <IconAction
          icon={<EditOutlined />}
          label={t('actions.edit')}
          onClick={() => onAction({ type: 'edit' })}
          testId={`action-edit-${accountNo}`}
        />
      ) : null}
      {kind !== 'shadow' || abilities.write ? (
        <IconAction
          icon={<CopyOutlined />}
          label={t('actions.copyInfo')}
          onClick={() => onAction({ type: 'copy' })}
          testId={`action-copy-${accountNo}`}
        />
      ) : null}
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key.startsWith('status:')) onAction({ type: 'status', action: key.slice('status:'.length) as StatusAction });
            else if (key === 'pullBack') onPullBack?.();
            else onAction({ type: key } as RowAction);
          },
        }}
      >
        <IconAction icon={<MoreOutlined />} label={t('actions.more')} testId={`action-more-${accountNo}`} />
      </Dropdown>
    </Space>
  );
}

/**
 * An action shown as its icon, named by its label for assistive technology and in a tooltip, so
 * the pinned actions column stays narrow and the row's data fits beside it (the labels of five
 * actions took a third of the row, twice that in Thai and Vietnamese). A money move still opens
 * its dialog with the amount and a confirmation before anything moves.
 */
function IconAction({ icon, label, testId, ...rest }: { icon: ReactNode; label: string; testId: string } & ButtonProps) {
  // `rest` carries what a wrapping Dropdown adds (its click handler and ref) to the button.
  return (
    <Tooltip title={label}>
      <Button {...rest} size="small" type="link" icon={icon} aria-label={label} data-testid={testId} />
    </Tooltip>
  );
}

/** The credit moves a row offers: none unless it is a direct, unrestricted child of a writer. */
export function creditOps(abilities: Abilities, row: Parameters<typeof canMoveCredit>[1], ops: CreditOp[]): CreditOp[] | undefined {
  const parentId = abilities.creditParentId;
  if (parentId === null || parentId === undefined) return undefined;
  return canMoveCredit({ id: parentId, write: abilities.write }, row) ? ops : undefined;
}
