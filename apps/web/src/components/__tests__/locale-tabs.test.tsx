import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Form } from 'antd';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '@agent-bo/shared';
import { initI18n } from '../../lib/i18n';
import { completeTexts, textIn } from '../../lib/localized-text';
import { LocaleTabs, LocalizedTextItem } from '../locale-tabs';

/** A form with the tabs and one name per locale, as the store, material and content drawers use them. */
function NameForm({ defaultOptional = false, onValid }: { defaultOptional?: boolean; onValid: (values: unknown) => void }) {
  const [form] = Form.useForm();
  const [active, setActive] = useState<Locale>('zh_TW');
  return (
    <Form form={form} onFinish={onValid}>
      <LocaleTabs
        active={active}
        onActiveChange={setActive}
        testIdPrefix="t"
        defaultOptional={defaultOptional}
        hint={(locale, required) => `${locale} ${required ? 'required' : 'optional'}`}
        pane={(locale, required) => (
          <LocalizedTextItem
            name={['name', locale]}
            label="Name"
            max={5}
            required={required}
            requiredMessage="a name is needed"
            tooLongMessage="at most 5"
            testId={`t-name-${locale}`}
          />
        )}
      />
      <button type="submit" data-testid="t-submit" />
    </Form>
  );
}

beforeEach(() => {
  initI18n('en');
});
afterEach(cleanup);

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByTestId('t-submit'));
  });
}

describe('locale tabs (the localized fields of an item)', () => {
  it('has a tab per locale, zh_TW first and starred; every pane is in the form from the start with its hint', async () => {
    const valid: unknown[] = [];
    render(<NameForm onValid={(v) => valid.push(v)} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['繁體中文 *', 'English', 'ไทย', 'Tiếng Việt']);
    expect(screen.getByTestId('t-tab-zh_TW').querySelector('[title="Required"]')).not.toBeNull();
    for (const locale of ['zh_TW', 'en', 'th', 'vi'] as const) {
      const pane = screen.getByTestId(`t-locale-${locale}`);
      expect(pane.textContent).toContain(locale === 'zh_TW' ? 'zh_TW required' : `${locale} optional`);
      expect(within(pane).getByTestId(`t-name-${locale}`)).toBeTruthy();
    }
    // zh_TW is required (spaces are not a name); the others are not.
    fireEvent.change(screen.getByTestId('t-name-zh_TW'), { target: { value: '   ' } });
    await submit();
    expect(await screen.findByText('a name is needed')).toBeTruthy();
    expect(valid).toEqual([]);
    fireEvent.change(screen.getByTestId('t-name-zh_TW'), { target: { value: '名稱' } });
    await submit();
    expect(valid).toEqual([{ name: { zh_TW: '名稱', en: undefined, th: undefined, vi: undefined } }]);
  });

  it('checks the length in a pane that is not open, and opens no locale as required when all are optional', async () => {
    const valid: unknown[] = [];
    render(<NameForm defaultOptional onValid={(v) => valid.push(v)} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['繁體中文', 'English', 'ไทย', 'Tiếng Việt']);
    expect(screen.getByTestId('t-locale-zh_TW').textContent).toContain('zh_TW optional');
    fireEvent.change(screen.getByTestId('t-name-vi'), { target: { value: 'abcdef' } });
    await submit();
    expect(await screen.findByText('at most 5')).toBeTruthy();
    expect(valid).toEqual([]);
  });
});

describe('localized texts', () => {
  it('completes and trims every locale for sending, and shows a locale’s text or zh_TW’s or a fallback', () => {
    expect(completeTexts({ zh_TW: ' 甲 ', en: 'A ' })).toEqual({ zh_TW: '甲', en: 'A', th: '', vi: '' });
    expect(completeTexts(undefined)).toEqual({ zh_TW: '', en: '', th: '', vi: '' });
    expect(textIn({ zh_TW: '甲', en: 'A' }, 'en')).toBe('A');
    expect(textIn({ zh_TW: '甲', en: '' }, 'en')).toBe('甲');
    expect(textIn({}, 'th', 'code-1')).toBe('code-1');
  });
});
