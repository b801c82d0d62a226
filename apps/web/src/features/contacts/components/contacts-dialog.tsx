import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Alert, Button, Modal, Skeleton, Space, Typography, type ButtonProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_CHANNELS, type Contact, type ContactChannel } from '@agent-bo/shared';
import { contactsApi, contactsKeys } from '../api/contacts-api';
import { ContactForm } from './contact-form';
import './contacts.css';

const ICONS: Record<ContactChannel, ReactNode> = { sms: <MobileOutlined />, email: <MailOutlined /> };

/**
 * "Phone and e-mail" (issue 33), from the user menu: the caller's proved phone number and e-mail
 * address. A contact counts once a code sent there has been typed back; with one the account can
 * sign in by a phone code and reset a forgotten password itself. Adding replaces the channel's
 * contact only when the new one is confirmed; removing asks first.
 */
export function ContactsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('contacts');
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState<ContactChannel | null>(null);
  const contacts = useQuery({ queryKey: contactsKeys.all, queryFn: ({ signal }) => contactsApi.list(signal), enabled: open });
  const remove = useMutation({
    mutationFn: contactsApi.remove,
    onSuccess: (list) => client.setQueryData(contactsKeys.all, list),
  });

  const close = () => {
    setEditing(null);
    onClose();
  };

  const proved = (list: Contact[]) => {
    client.setQueryData(contactsKeys.all, list);
    void message.success(t(`proved.${editing ?? 'sms'}`));
    setEditing(null);
  };

  const confirmRemove = (contact: Contact) => {
    void modal.confirm({
      title: t('removeTitle', { destination: contact.destination }),
      content: t(`removeHint.${contact.channel}`),
      okText: t('remove'),
      okButtonProps: { danger: true, 'data-testid': 'contact-remove-ok' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(contact.channel);
          void message.success(t(`removed.${contact.channel}`));
        } catch {
          // the API client already showed the failure
        }
      },
    });
  };

  const row = (channel: ContactChannel) => {
    const contact = contacts.data?.find((c) => c.channel === channel);
    const id = `contact-${channel}`;
    return (
      <li key={channel} className="contacts__item" data-testid={id} data-proved={contact ? 'yes' : 'no'}>
        <div className="contacts__line">
          <span className="contacts__icon" aria-hidden>
            {ICONS[channel]}
          </span>
          <div className="contacts__what">
            <Typography.Text strong>{t(`channels.${channel}`)}</Typography.Text>
            {contact ? (
              <>
                <Typography.Text className="contacts__value" data-testid={`${id}-value`}>
                  {contact.destination}
                </Typography.Text>
                <Typography.Text type="secondary" className="contacts__since">
                  {t('provedAt', { time: contact.verifiedAt })}
                </Typography.Text>
              </>
            ) : (
              <Typography.Text type="secondary" data-testid={`${id}-none`}>
                {t(`none.${channel}`)}
              </Typography.Text>
            )}
          </div>
          {editing === channel ? null : (
            <Space size={4} wrap className="contacts__actions">
              <Button size="small" disabled={editing !== null} onClick={() => setEditing(channel)} data-testid={`${id}-add`}>
                {contact ? t('change') : t('add')}
              </Button>
              {contact ? (
                <Button size="small" danger disabled={editing !== null} onClick={() => confirmRemove(contact)} data-testid={`${id}-remove`}>
                  {t('remove')}
                </Button>
              ) : null}
            </Space>
          )}
        </div>
        {editing === channel ? (
          <ContactForm channel={channel} current={contact?.destination} onProved={proved} onCancel={() => setEditing(null)} />
        ) : null}
      </li>
    );
  };

  return (
    <Modal
      open={open}
      title={t('title')}
      onCancel={close}
      destroyOnHidden
      footer={
        <Button onClick={close} data-testid="contacts-close">
          {t('close')}
        </Button>
      }
    >
      <div data-testid="contacts-dialog">
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        {contacts.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} title={false} />
        ) : contacts.isError ? (
          <Alert
            type="error"
            showIcon
            title={contacts.error.message}
            action={
              <Button size="small" onClick={() => void contacts.refetch()}>
                {t('common:actions.retry')}
              </Button>
            }
            data-testid="contacts-failed"
          />
        ) : (
          <ul className="contacts">{CONTACT_CHANNELS.map(row)}</ul>
        )}
      </div>
    </Modal>
  );
}
