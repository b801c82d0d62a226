import { useMutation } from '@tanstack/react-query';
import { App, Tag, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderRow, ProviderSecret, ProviderStatus } from '@agent-bo/shared';
import { usePlayerTerms } from '../../../hooks/use-player-terms';
import { providerApi } from '../api/provider-api';
import { STATUS_COLORS } from '../components/status-colors';

/**
 * The provider screen's changes, each confirmed first where it stops something: a status (every
 * site), this site's offering (switching off asks, switching on does not) and the secret
 * rotation, whose answer is held only while its dialog is open; the endpoint is edited in its own
 * dialog, which closes once the server took the change. `refresh` reloads the list after each
 * change, done or refused.
 */
export function useProviderActions(refresh: () => Promise<void>) {
  const { t } = useTranslation('provider');
  const { modal } = App.useApp();
  const terms = usePlayerTerms();
  const [secret, setSecret] = useState<{ value: ProviderSecret; name: string } | null>(null);
  const [endpointOf, setEndpointOf] = useState<ProviderRow | null>(null);

  const status = useMutation({ mutationFn: providerApi.changeStatus, onSettled: refresh });
  const offering = useMutation({ mutationFn: providerApi.setOffering, onSettled: refresh });
  // The new secret is shown as soon as the server answers: the list reloads behind its dialog
  // (a settled handler that returns the reload would hold the answer until the list is back).
  const rotate = useMutation({
    mutationFn: (row: ProviderRow) => providerApi.rotateSecret(row.code),
    onSettled: () => {
      void refresh();
    },
  });
  const endpoint = useMutation({ mutationFn: providerApi.changeEndpoint, onSettled: refresh });

  const statusLabel = (s: ProviderStatus) => t(`status.${s}`);

  const confirmStatus = (row: ProviderRow, next: ProviderStatus) => {
    if (next === row.status) return;
    void modal.confirm({
      title: t('confirmStatus.title', { name: row.name, code: row.code }),
      content: (
        <div data-testid="provider-status-confirm">
          <Typography.Paragraph>
            <Tag color={STATUS_COLORS[row.status]}>{statusLabel(row.status)}</Tag> →{' '}
            <Tag color={STATUS_COLORS[next]}>{statusLabel(next)}</Tag>
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t(next === 'ACTIVE' ? 'confirmStatus.toActive' : 'confirmStatus.toStopped')} {t('confirmStatus.thisSite')}
          </Typography.Paragraph>
        </div>
      ),
      okText: t('confirmStatus.ok'),
      okButtonProps: { danger: next !== 'ACTIVE', 'data-testid': 'provider-status-ok' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: () => status.mutateAsync({ code: row.code, status: next }).catch(() => undefined),
    });
  };

  const changeOffering = (row: ProviderRow, offered: boolean) => {
    if (offered) {
      offering.mutate({ code: row.code, offered });
      return;
    }
    void modal.confirm({
      title: t('confirmOffering.title', { name: row.name, code: row.code }),
      content: <span data-testid="provider-offering-confirm">{t('confirmOffering.content', terms)}</span>,
      okText: t('confirmOffering.ok'),
      okButtonProps: { danger: true, 'data-testid': 'provider-offering-ok' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: () => offering.mutateAsync({ code: row.code, offered }).catch(() => undefined),
    });
  };

  const confirmRotate = (row: ProviderRow) => {
    void modal.confirm({
      title: t('confirmRotate.title', { name: row.name, code: row.code }),
      content: <span data-testid="provider-rotate-confirm">{t(row.secretSet ? 'confirmRotate.content' : 'confirmRotate.first')}</span>,
      okText: t('confirmRotate.ok'),
      okButtonProps: { danger: row.secretSet, 'data-testid': 'provider-rotate-ok' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        try {
          const value = await rotate.mutateAsync(row);
          setSecret({ value, name: row.name });
        } catch {
          // the API client already showed the failure
        }
      },
    });
  };

  const closeSecret = () => {
    setSecret(null);
    // The secret leaves memory with the dialog: nothing keeps the mutation's answer.
    rotate.reset();
  };

  /** Saves (or, with null, removes) the endpoint of the row being edited; the dialog stays open on a refusal. */
  const saveEndpoint = async (value: string | null) => {
    if (!endpointOf) return;
    try {
      await endpoint.mutateAsync({ code: endpointOf.code, endpoint: value });
      setEndpointOf(null);
      endpoint.reset();
    } catch {
      // the API client already showed the failure
    }
  };

  return {
    confirmStatus,
    changeOffering,
    confirmRotate,
    /** Whether the offering of `code` is being changed. */
    offeringBusy: (code: string) => offering.isPending && offering.variables?.code === code,
    /** Whether the secret of `code` is being rotated. */
    rotating: (code: string) => rotate.isPending && rotate.variables?.code === code,
    secret,
    closeSecret,
    /** The provider whose endpoint is being edited. */
    endpointOf,
    editEndpoint: (row: ProviderRow) => setEndpointOf(row),
    closeEndpoint: () => {
      if (!endpoint.isPending) setEndpointOf(null);
    },
    saveEndpoint,
    /** Which of the dialog's writes is running: a save, a removal, or none. */
    endpointBusy: (endpoint.isPending ? (endpoint.variables?.endpoint === null ? 'clear' : 'save') : null) as 'clear' | 'save' | null,
  };
}

export type ProviderActions = ReturnType<typeof useProviderActions>;
