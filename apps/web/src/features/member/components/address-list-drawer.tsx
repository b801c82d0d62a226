import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, Form, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_LIST_MAX_ENTRIES, ERRORS, type AddressList, type AddressListKind } from '@agent-bo/shared';
import { isApiError } from '../../../lib/api-error';
import { showToast } from '../../../lib/feedback';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { addressListApi, addressListKey } from '../api/address-list-api';
import { entriesText, parseEntries, tooManyEntries } from '../address-list';
import type { Target } from './dialogs/target';
import './address-list-drawer.css';

/** Failures that are about the typed list: shown on its field rather than as a toast. */
const FIELD_CODES: readonly number[] = [ERRORS.ADDRESS_LIST_INVALID.code, ERRORS.VALIDATION_FAILED.code];

/** One list set above the account: whose it is, who set it, its blocks. */
function AboveList({ list }: { list: AddressList }) {
  const { t } = useTranslation('addressList');
  return (
    <div className="address-list__above" data-testid={`address-list-above-${list.accountNo}`}>
      <Typography.Text type="secondary" className="address-list__meta">
        {list.updatedBy
          ? t('setBy', { accountNo: list.accountNo, by: list.updatedBy, time: list.updatedAt })
          : t('setOn', { accountNo: list.accountNo, time: list.updatedAt })}
      </Typography.Text>
      <div className="address-list__blocks">
        {list.cidrs.map((block) => (
          <Tag key={block} className="address-list__block">
            {block}
          </Tag>
        ))}
      </div>
    </div>
  );
}

/**
 * An agent's or a shadow's address list (issue 33): the lists set above it, read-only with who
 * set them, and its own list to edit, one address or block per line. The caller's own address
 * (as the server sees it) is shown, so an agent knows what to type for a place it works from.
 * The server checks every entry; a refused one is named on the field.
 */
export function AddressListDrawer({ target, kind, onClose }: { target: Target | null; kind: AddressListKind; onClose: () => void }) {
  const { t } = useTranslation('addressList');
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ entries: string }>();
  const [serverError, setServerError] = useState<string | null>(null);
  const key = addressListKey(kind, target?.id ?? 0);
  const picture = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => addressListApi.read(kind, target!.id, signal),
    enabled: target !== null,
  });
  const own = picture.data?.own ?? null;

  // The field starts from the stored list each time the drawer opens on an account.
  useEffect(() => {
    if (picture.data) form.setFieldsValue({ entries: entriesText(picture.data.own?.cidrs ?? []) });
  }, [picture.data, form]);

  const save = useMutation({
    mutationFn: (entries: string[]) => addressListApi.change(kind, target!.id, entries),
    onMutate: () => setServerError(null),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      showToast({ type: 'success', content: next.own ? t('saved') : t('removed'), key: 'address-list' });
    },
    onError: (error) => {
      if (!isApiError(error) || error.kind === 'cancelled' || error.kind === 'unauthorized') return;
      if (error.code !== undefined && FIELD_CODES.includes(error.code)) setServerError(error.message);
      else showToast({ type: 'error', content: error.message, key: 'address-list' });
    },
  });

  const close = () => {
    setServerError(null);
    onClose();
  };

  return (
    <Drawer
      open={target !== null}
      onClose={close}
      title={t('title', { accountNo: target?.accountNo ?? '' })}
      size={isMobile ? '100%' : 560}
      destroyOnHidden
      footer={
        <Space className="address-list__footer">
          <Button onClick={close} data-testid="address-list-close">
            {t('close')}
          </Button>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={!picture.data}
            onClick={() => form.submit()}
            data-testid="address-list-save"
          >
            {t('save')}
          </Button>
        </Space>
      }
    >
      <div className="address-list" data-testid="address-list">
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        {picture.data ? (
          <>
            <Alert
              type="info"
              showIcon
              title={
                <span data-testid="address-list-your-address">
                  {t('yourAddress')} <Typography.Text code>{picture.data.callerAddress}</Typography.Text>
                </span>
              }
            />
            <Typography.Title level={5} className="address-list__heading">
              {t('above')}
            </Typography.Title>
            {picture.data.above.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('aboveNone')} className="address-list__none" />
            ) : (
              picture.data.above.map((list) => <AboveList key={list.accountId} list={list} />)
            )}
            <Typography.Title level={5} className="address-list__heading">
              {t('own')}
            </Typography.Title>
            <Form<{ entries: string }>
              form={form}
              layout="vertical"
              requiredMark={false}
              onFinish={(values) => save.mutate(parseEntries(values.entries ?? ''))}
              onValuesChange={() => setServerError(null)}
            >
              <Form.Item
                name="entries"
                label={t('entries')}
                extra={t('entriesHelp', { max: ADDRESS_LIST_MAX_ENTRIES })}
                rules={[
                  {
                    validator: async (_, value: string | undefined) => {
                      if (tooManyEntries(value ?? '')) throw new Error(t('tooMany', { max: ADDRESS_LIST_MAX_ENTRIES }));
                    },
                  },
                ]}
                validateStatus={serverError ? 'error' : undefined}
                help={serverError ? <span data-testid="address-list-error">{serverError}</span> : undefined}
              >
                <Input.TextArea
                  autoSize={{ minRows: 4, maxRows: 12 }}
                  spellCheck={false}
                  autoCapitalize="off"
                  autoCorrect="off"
                  placeholder={'203.0.113.7\n203.0.113.0/24\n2001:db8::/32'}
                  className="address-list__entries"
                  data-testid="address-list-entries"
                />
              </Form.Item>
            </Form>
            <Typography.Text type="secondary" className="address-list__meta" data-testid="address-list-own-state">
              {own
                ? own.updatedBy
                  ? t('lastSet', { by: own.updatedBy, time: own.updatedAt })
                  : t('lastSetAt', { time: own.updatedAt })
                : t('ownNone')}
            </Typography.Text>
          </>
        ) : (
          <Skeleton active paragraph={{ rows: 4 }} />
        )}
      </div>
    </Drawer>
  );
}
