import { Button, Form, Input, Space, type InputRef } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ONE_TIME_CODE_LENGTH } from '@agent-bo/shared';
import { codeRule } from '../rules';

interface CodeFieldProps {
  /** The input's id (the label points at it) and the prefix of the test ids: `<id>-code`, `<id>-send`. */
  id: string;
  /** Asks for a code; the button counts down `seconds` before it may ask again. */
  onSend: () => void;
  sending: boolean;
  seconds: number;
  /** A code was asked for already: the button says "send again". */
  sent: boolean;
  inputRef?: Ref<InputRef>;
}

/**
 * The six-digit code (form field `code`) with the button that asks for it beside it. The input is
 * the one-time-code kind: a phone offers the code of the text message just received, and shows its
 * number pad.
 */
export function CodeField({ id, onSend, sending, seconds, sent, inputRef }: CodeFieldProps) {
  const { t } = useTranslation('recovery');
  const inputId = `${id}-code`;
  let sendLabel = sent ? t('sendAgain') : t('sendCode');
  if (seconds > 0) sendLabel = t('sendAgainIn', { n: seconds });
  return (
    <Form.Item label={t('code')} htmlFor={inputId}>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={[codeRule(t)]} validateTrigger="onBlur">
          <Input
            id={inputId}
            ref={inputRef}
            placeholder={t('codePlaceholder')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={ONE_TIME_CODE_LENGTH}
            data-testid={inputId}
          />
        </Form.Item>
        <Button
          onClick={onSend}
          loading={sending}
          disabled={seconds > 0}
          className="recovery-send"
          data-testid={`${id}-send`}
          data-seconds={seconds}
        >
          {sendLabel}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
