import { GlobalOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { LOCALE_LABELS, type Locale } from '@agent-bo/shared';
import './locale-picker.css';

export interface LocalePickerProps {
  value: Locale;
  options: readonly Locale[];
  onChange: (locale: Locale) => void;
  showLabel?: boolean;
}

/** The BCP 47 tag of each choice, so that a screen reader reads its own-language label in that language. */
const LANGUAGE_TAG: Record<Locale, string> = { zh_TW: 'zh-TW', en: 'en', th: 'th', vi: 'vi' };

/** Where the menu opens: under the button, right edges aligned (antd's `bottomRight`). */
function menuPosition(button: HTMLElement): CSSProperties {
  const rect = button.getBoundingClientRect();
  return { top: rect.bottom + 4, right: Math.max(document.documentElement.clientWidth - rect.right, 4) };
}

/**
 * Language picker (header, login and registration pages). Labels are each language's own name.
 * `hooks/use-appearance.ts` wires it to the locale store.
 *
 * A menu button (WAI-ARIA APG "menu button"): the button opens a menu of radio items, the current
 * language checked and focused; arrows, Home and End move, Enter or Space picks, Escape closes and
 * Tab leaves. Drawn with the theme's tokens like antd's Dropdown, without its code (Dropdown, Menu
 * and the trigger machinery are a large part of what the login page would otherwise download).
 */
export function LocalePicker({ value: locale, options: available, onChange: setLocale, showLabel = true }: LocalePickerProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<CSSProperties>({});
  /** The item to focus when the menu opens: the current language, or the first/last one (arrow keys on the button). */
  const focusOnOpen = useRef<'current' | 'first' | 'last'>('current');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const openMenu = (focus: 'current' | 'first' | 'last') => {
    if (buttonRef.current) setPosition(menuPosition(buttonRef.current));
    focusOnOpen.current = focus;
    setOpen(true);
  };
  const choose = (next: Locale) => {
    close(true);
    if (next !== locale) setLocale(next);
  };

  useLayoutEffect(() => {
    if (!open) return;
    const list = items();
    const index = focusOnOpen.current === 'first' ? 0 : focusOnOpen.current === 'last' ? list.length - 1 : available.indexOf(locale);
    (list[index] ?? list[0])?.focus();
    // Only when it opens: a language changing while it is open does not move the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // A press outside closes it; the page scrolling or resizing moves it along with the button.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    const follow = () => {
      if (buttonRef.current) setPosition(menuPosition(buttonRef.current));
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('resize', follow);
    window.addEventListener('scroll', follow, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('resize', follow);
      window.removeEventListener('scroll', follow, true);
    };
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => list[(index + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        move(at + 1);
        break;
      case 'ArrowUp':
        move(at - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(list.length - 1);
        break;
      case 'Enter':
      case ' ': {
        const picked = available[at];
        if (picked) choose(picked);
        break;
      }
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        // Back to the button without stopping the key: the browser then moves on from there.
        close(true);
        return;
      default:
        return;
    }
    event.preventDefault();
  };

  const menuStyle = {
    ...position,
    zIndex: token.zIndexPopupBase + 50,
    padding: token.paddingXXS,
    background: token.colorBgElevated,
    borderRadius: token.borderRadiusLG,
    boxShadow: token.boxShadowSecondary,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    fontFamily: token.fontFamily,
    '--locale-menu-text': token.colorText,
    '--locale-menu-hover': token.controlItemBgHover,
    '--locale-menu-selected': token.controlItemBgActive,
    '--locale-menu-selected-hover': token.controlItemBgActiveHover,
    '--locale-menu-radius': `${token.borderRadiusSM}px`,
    '--locale-menu-focus': token.colorPrimaryBorder,
  } as CSSProperties;

  return (
    <>
      {/* Named by its visible text when it shows one (WCAG 2.5.3: the spoken name contains what is seen). */}
      <Button
        ref={buttonRef}
        type="text"
        data-testid="locale-picker"
        aria-label={showLabel ? undefined : t('header.language')}
        aria-description={showLabel ? t('header.language') : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        icon={<GlobalOutlined aria-hidden />}
        onClick={() => (open ? close(false) : openMenu('current'))}
        onKeyDown={onButtonKeyDown}
      >
        {showLabel ? LOCALE_LABELS[locale] : null}
      </Button>
      {open
        ? createPortal(
            <ul
              ref={menuRef}
              id={menuId}
              role="menu"
              aria-label={t('header.language')}
              className="locale-menu"
              style={menuStyle}
              onKeyDown={onMenuKeyDown}
            >
              {available.map((l) => (
                <li
                  key={l}
                  role="menuitemradio"
                  aria-checked={l === locale}
                  tabIndex={-1}
                  lang={LANGUAGE_TAG[l]}
                  className="locale-menu__item"
                  data-testid={`locale-option-${l}`}
                  onClick={() => choose(l)}
                >
                  {LOCALE_LABELS[l]}
                </li>
              ))}
            </ul>,
            document.body,
          )
        : null}
    </>
  );
}
