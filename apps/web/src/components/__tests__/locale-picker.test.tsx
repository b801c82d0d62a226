import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALES, type Locale } from '@agent-bo/shared';
import { initI18n } from '../../lib/i18n';
import { LocalePicker } from '../locale-picker';

function show(value: Locale = 'en', showLabel = true) {
  const onChange = vi.fn();
  render(<LocalePicker value={value} options={LOCALES} onChange={onChange} showLabel={showLabel} />);
  return { onChange, button: screen.getByTestId('locale-picker') };
}

const items = () => screen.getAllByRole('menuitemradio');

beforeEach(() => {
  initI18n('en');
});
afterEach(cleanup);

describe('locale picker (a menu button)', () => {
  it('shows the current language, opens a menu of every language with it checked and focused, and picks one', () => {
    const { onChange, button } = show('en');
    expect(button.textContent).toContain('English');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    expect(items().map((i) => i.textContent)).toEqual(['繁體中文', 'English', 'ไทย', 'Tiếng Việt']);
    expect(items().map((i) => i.getAttribute('aria-checked'))).toEqual(['false', 'true', 'false', 'false']);
    expect(items()[0]?.getAttribute('lang')).toBe('zh-TW');
    expect(document.activeElement).toBe(screen.getByTestId('locale-option-en'));
    fireEvent.click(screen.getByTestId('locale-option-th'));
    expect(onChange).toHaveBeenCalledWith('th');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('is used from the keyboard: arrows, Home and End move, Enter picks, Escape closes back onto the button', () => {
    const { onChange, button } = show('en');
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items()[0]);
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items()[3]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items()[0]);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(items()[3]);
    fireEvent.keyDown(menu, { key: 'Home' });
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    fireEvent.keyDown(menu, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('th');
    expect(document.activeElement).toBe(button);

    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items()[3]);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('picking the language in use changes nothing; a press outside closes the menu', () => {
    const { onChange, button } = show('en');
    fireEvent.click(button);
    fireEvent.click(screen.getByTestId('locale-option-en'));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(button);
    act(() => {
      document.body.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('without its label the button is named "Language"; with it, the language is its name and "Language" its description', () => {
    const { button } = show('th', false);
    expect(button.getAttribute('aria-label')).toBe('Language');
    expect(button.textContent).not.toContain('ไทย');
    cleanup();
    const labelled = show('th').button;
    expect(labelled.getAttribute('aria-label')).toBeNull();
    expect(labelled.getAttribute('aria-description')).toBe('Language');
    expect(labelled.textContent).toContain('ไทย');
  });
});
