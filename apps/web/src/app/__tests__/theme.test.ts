import { describe, expect, it } from 'vitest';
import { HEADER_BG_PALETTE, MENU_BG_PALETTE, THEME_COLOR_PALETTE } from '../project-config';
import { buildTheme, headerBackground, menuThemeFor, ON_DARK_TEXT, ON_PRIMARY_TEXT, readableTextOn } from '../theme';

describe('theme from the project config', () => {
  it('keeps #F9C904 with dark text by default', () => {
    const t = buildTheme({ dark: false });
    expect(t.token?.colorPrimary).toBe('#F9C904');
    expect(t.components?.Button?.primaryColor).toBe(ON_PRIMARY_TEXT);
    expect(t.token?.colorLink).toBe('#9C7A00');
  });

  it('uses the chosen theme colour with readable text on it', () => {
    const blue = buildTheme({ dark: false, themeColor: '#0960BD' });
    expect(blue.token?.colorPrimary).toBe('#0960BD');
    expect(blue.components?.Button?.primaryColor).toBe(ON_DARK_TEXT);
    expect(blue.token?.colorLink).toBe('#0960BD');
    expect(readableTextOn('#FF9800')).toBe(ON_PRIMARY_TEXT);
    for (const color of THEME_COLOR_PALETTE) expect([ON_PRIMARY_TEXT, ON_DARK_TEXT]).toContain(readableTextOn(color));
  });

  it('draws the menu light or dark by its background and paints sider and header', () => {
    expect(menuThemeFor(MENU_BG_PALETTE[0])).toBe('dark');
    expect(menuThemeFor('#FFFFFF')).toBe('light');
    const t = buildTheme({ dark: false, menuBg: '#273352', headerBg: HEADER_BG_PALETTE[2] });
    expect(t.components?.Layout?.siderBg).toBe('#273352');
    expect(t.components?.Menu?.darkItemBg).toBe('#273352');
    expect(t.components?.Layout?.headerBg).toBe('#009688');
    // A white header in dark mode is the dark surface colour rather than a white bar.
    expect(headerBackground(true, '#FFFFFF')).toBe('#141414');
  });
});
