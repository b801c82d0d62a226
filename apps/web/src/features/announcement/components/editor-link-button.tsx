import { LinkOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { Button, Input, Popover, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The server keeps absolute http(s) links only; anything else would be dropped on save. */
const WEB_LINK = /^https?:\/\/\S+$/i;

/** Sets, changes or removes the link of the selection, from a small popover. */
export function EditorLinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation('announcement');
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const [invalid, setInvalid] = useState(false);

  const show = (next: boolean) => {
    if (next) {
      setHref((editor.getAttributes('link').href as string | undefined) ?? '');
      setInvalid(false);
    }
    setOpen(next);
  };

  const apply = () => {
    const url = href.trim();
    if (!WEB_LINK.test(url)) {
      setInvalid(true);
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    setOpen(false);
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    setOpen(false);
  };

  const content = (
    <div className="ann-link-form" data-testid="editor-link-form">
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={href}
          autoFocus
          placeholder="https://"
          status={invalid ? 'error' : undefined}
          aria-label={t('editor.linkUrl')}
          onChange={(e) => {
            setHref(e.target.value);
            setInvalid(false);
          }}
          onPressEnter={apply}
          data-testid="editor-link-input"
        />
        <Button type="primary" onClick={apply} data-testid="editor-link-apply">
          {t('editor.linkApply')}
        </Button>
      </Space.Compact>
      {invalid ? (
        <Typography.Text type="danger" className="ann-link-form__error">
          {t('editor.linkInvalid')}
        </Typography.Text>
      ) : null}
      {active ? (
        <Button type="link" size="small" danger onClick={remove} className="ann-link-form__remove">
          {t('editor.linkRemove')}
        </Button>
      ) : null}
    </div>
  );

  return (
    <Popover trigger="click" open={open} onOpenChange={show} content={content} title={t('editor.link')}>
      <Tooltip title={t('editor.link')}>
        <Button
          size="small"
          type={active ? 'primary' : 'text'}
          aria-label={t('editor.link')}
          aria-pressed={active}
          icon={<LinkOutlined />}
          data-testid="editor-link"
        />
      </Tooltip>
    </Popover>
  );
}
