import { BoldOutlined, ItalicOutlined, OrderedListOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { type Editor, useEditorState } from '@tiptap/react';
import { Button, Divider, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorImageButton } from './editor-image-button';
import { EditorLinkButton } from './editor-link-button';

/**
 * A toolbar button, named by `label`. A button that shows text (H2, H3) has a label that starts
 * with that text (WCAG 2.5.3, label in name: "H2 heading"), so a voice user can say what they see.
 */
function ToolButton({
  label,
  active,
  onClick,
  icon,
  children,
  testId,
}: {
  label: string;
  active: boolean;
  onClick: () => void;
  icon?: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-label={label}
        aria-pressed={active}
        icon={icon}
        onClick={onClick}
        data-testid={testId}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

/** The small toolbar: bold, italic, two heading levels, lists, a link and (with upload) an image. */
export function RichTextToolbar({ editor, canUpload }: { editor: Editor; canUpload: boolean }) {
  const { t } = useTranslation('announcement');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <div className="ann-editor__toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
      <ToolButton
        label={t('editor.bold')}
        active={state.bold}
        icon={<BoldOutlined />}
        onClick={() => chain().toggleBold().run()}
        testId="editor-bold"
      />
      <ToolButton
        label={t('editor.italic')}
        active={state.italic}
        icon={<ItalicOutlined />}
        onClick={() => chain().toggleItalic().run()}
        testId="editor-italic"
      />
      <Divider orientation="vertical" />
      <ToolButton
        label={t('editor.heading2')}
        active={state.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
        testId="editor-h2"
      >
        H2
      </ToolButton>
      <ToolButton
        label={t('editor.heading3')}
        active={state.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
        testId="editor-h3"
      >
        H3
      </ToolButton>
      <Divider orientation="vertical" />
      <ToolButton
        label={t('editor.bulletList')}
        active={state.bullet}
        icon={<UnorderedListOutlined />}
        onClick={() => chain().toggleBulletList().run()}
        testId="editor-bullet"
      />
      <ToolButton
        label={t('editor.orderedList')}
        active={state.ordered}
        icon={<OrderedListOutlined />}
        onClick={() => chain().toggleOrderedList().run()}
        testId="editor-ordered"
      />
      <Divider orientation="vertical" />
      <EditorLinkButton editor={editor} active={state.link} />
      {canUpload ? <EditorImageButton editor={editor} /> : null}
    </div>
  );
}
