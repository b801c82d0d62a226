import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { RichTextToolbar } from './rich-text-toolbar';

/**
 * Formatting the server's sanitizer keeps (paragraphs, h2/h3, marks, lists, quotes, code, rules,
 * http(s) links, our uploaded images), so the editor shows what the save stores.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
  }),
  Image.configure({ inline: false, allowBase64: false }),
];

/** The editor's HTML, or '' when it holds nothing (an empty paragraph is no body). */
const htmlOf = (editor: { isEmpty: boolean; getHTML: () => string }) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * A body's rich text as an antd form control (`value` / `onChange` carry HTML). `canUpload`
 * adds the image button of the toolbar; `readOnly` shows the body without a toolbar.
 */
export function RichTextEditor({
  value,
  onChange,
  readOnly = false,
  canUpload = false,
  label,
  testId,
}: {
  value?: string;
  onChange?: (html: string) => void;
  readOnly?: boolean;
  canUpload?: boolean;
  label: string;
  testId: string;
}) {
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value ?? '',
    editable: !readOnly,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', 'data-testid': `${testId}-content` } },
    onUpdate: ({ editor: e }) => onChange?.(htmlOf(e)),
  });

  // The form may set the value from outside (an item loaded again); typing comes back equal.
  useEffect(() => {
    if ((value ?? '') !== htmlOf(editor)) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  return (
    <div className={`ann-editor${readOnly ? ' ann-editor--readonly' : ''}`} data-testid={testId}>
      {readOnly ? null : <RichTextToolbar editor={editor} canUpload={canUpload} />}
      <EditorContent editor={editor} className="ann-editor__content" />
    </div>
  );
}
