import { App, Button, Input, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Copies `text`; when the clipboard is unavailable or refuses, opens a prompt with the text
 * selected so it can be copied by hand (spec §8). Success shows a toast.
 */
export function useCopy() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [manual, setManual] = useState<string | null>(null);

  const copy = async (text: string) => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      void message.success({ content: t('copy.copied'), key: 'copy-success' });
    } catch {
      setManual(text);
    }
  };

  const prompt = <ManualCopyModal text={manual} onClose={() => setManual(null)} />;
  return { copy, prompt };
}

function ManualCopyModal({ text, onClose }: { text: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLTextAreaElement | null>(null);
  useEffect(() => {
    if (text === null) return;
    const timer = setTimeout(() => {
      ref.current?.focus();
      ref.current?.select();
    }, 50);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <Modal
      open={text !== null}
      title={t('copy.manualTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="manual-copy-close">
          {t('common:actions.ok')}
        </Button>
      }
      destroyOnHidden
      data-testid="manual-copy"
    >
      <Typography.Paragraph type="secondary">{t('copy.manualHint')}</Typography.Paragraph>
      <Input.TextArea
        ref={(el) => {
          ref.current = el?.resizableTextArea?.textArea ?? null;
        }}
        readOnly
        value={text ?? ''}
        autoSize={{ minRows: 3, maxRows: 8 }}
        data-testid="manual-copy-text"
      />
    </Modal>
  );
}
