import { describe, expect, it } from 'vitest';
import { HEADER_BG_PALETTE, MENU_BG_PALETTE, THEME_COLOR_PALETTE } from '../project-config';
import { BREAKPOINTS } from '../../lib/breakpoints';
import {
  buildTheme,
  contrastOf,
  headerBackground,
  menuThemeFor,
  ON_DARK_TEXT,
  ON_PRIMARY_TEXT,
  primaryCssVariables,
  readableTextOn,
  TEXT_CONTRAST_AA,
} from '../theme';

describe('theme from the project config', () => {
  it('turns antd motion off only when the system asks for less motion', () => {
    expect(buildTheme({ dark: false }).token?.motion).toBeUndefined();
    expect(buildTheme({ dark: true, motion: true }).token?.motion).toBeUndefined();
    expect(buildTheme({ dark: false, motion: false }).token?.motion).toBe(false);
    expect(buildTheme({ dark: true, motion: false }).token?.motion).toBe(false);
  });

  it('keeps #F9C904 with dark text by default', () => {
    const t = buildTheme({ dark: false });
    expect(t.token?.colorPrimary).toBe('#F9C904');
    expect(t.components?.Button?.primaryColor).toBe(ON_PRIMARY_TEXT);
    // A deep gold that reads at AA on the grey page background (#9C7A00 did not: 3.9:1).
    expect(t.token?.colorLink).toBe('#856800');
    expect(contrastOf('#856800', '#f0f2f5')).toBeGreaterThanOrEqual(TEXT_CONTRAST_AA);
  });

  it('gives every text colour it sets AA contrast on its surface (WCAG 2.2 AA)', () => {
    for (const dark of [false, true]) {
      const tags = buildTheme({ dark }).components?.Tag as Record<string, string>;
      // Coloured tags: each palette's text shade on its lightest (light) or darkest (dark) shade.
      expect(Object.keys(tags)).toContain('gold7');
      expect(Object.keys(tags)).toContain('colorSuccess');
    }
    const light = buildTheme({ dark: false }).components?.Tag as Record<string, string>;
    expect(contrastOf(light.gold7!, '#fffbe6')).toBeGreaterThanOrEqual(TEXT_CONTRAST_AA);
    expect(contrastOf(light.green7!, '#f6ffed')).toBeGreaterThanOrEqual(TEXT_CONTRAST_AA);
    const typography = buildTheme({ dark: false }).components?.Typography as Record<string, string>;
    for (const status of ['colorSuccessText', 'colorWarningText', 'colorErrorText']) {
      expect(contrastOf(typography[status]!, '#ffffff'), status).toBeGreaterThanOrEqual(TEXT_CONTRAST_AA);
    }
    const button = buildTheme({ dark: false }).components?.Button as Record<string, string>;
    expect(contrastOf(button.colorError!, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST_AA);
    // The submenu title holding the open page, in a light menu.
    const menu = buildTheme({ dark: false, menuBg: '#ffffff' }).components?.Menu as Record<string, string>;
    expect(contrastOf(menu.subMenuItemSelectedColor!, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST_AA);
  });

  it('writes error text, danger menu items and a hovered default button at AA contrast in both modes', () => {
    for (const dark of [false, true]) {
      // Light: on white; dark: on the raised surfaces (dialogs, drawers, menus), the lightest there.
      const surface = dark ? '#1f1f1f' : '#ffffff';
      const { components } = buildTheme({ dark });
      const shades = {
        form: (components?.Form as Record<string, string>).colorError!,
        dropdown: (components?.Dropdown as Record<string, string>).colorError!,
        menu: (components?.Menu as Record<string, string>).dangerItemColor!,
        typography: dark ? undefined : (components?.Typography as Record<string, string>).colorErrorText,
      };
      for (const [part, shade] of Object.entries(shades)) {
        if (shade) expect(contrastOf(shade, surface), `${part} ${dark ? 'dark' : 'light'}`).toBeGreaterThanOrEqual(TEXT_CONTRAST_AA);
      }
    }
    const button = buildTheme({ dark: false }).components?.Button as Record<string, string>;
    for (const token of ['defaultHoverColor', 'defaultHoverBorderColor', 'defaultActiveColor', 'defaultActiveBorderColor']) {
      expect(contrastOf(button[token]!, '#ffffff'), token).toBeGreaterThanOrEqual(TEXT_CONTRAST_AA);
    }
    // An unchecked switch's label (the text written on the primary fill) on its grey track,
    // for the default yellow (dark label) and a blue theme (white label), plain and hovered.
    for (const themeColor of ['#F9C904', '#0960BD']) {
      for (const dark of [false, true]) {
        const t = buildTheme({ dark, themeColor });
        const sw = t.components?.Switch as Record<string, string>;
        const label = sw.colorTextLightSolid === ON_PRIMARY_TEXT ? '#141414' : '#ffffff';
        for (const track of [sw.colorTextQuaternary!, sw.colorTextTertiary!]) {
          expect(contrastOf(label, track), `${themeColor} ${dark ? 'dark' : 'light'} ${track}`).toBeGreaterThanOrEqual(TEXT_CONTRAST_AA);
        }
      }
    }
    // The labels of a description list (the credit dialog's).
    expect(buildTheme({ dark: false }).components?.Descriptions?.labelColor).toBe('rgba(0, 0, 0, 0.6)');
    // The brand colour itself stays the spec's for fills.
    expect(buildTheme({ dark: false }).token?.colorError).toBe('#ED6F6F');
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

  it('hands the theme colour to styles outside antd as CSS variables', () => {
    const blue = primaryCssVariables('#0960BD', false);
    expect(blue['--app-primary']).toBe('#0960BD');
    expect(blue['--app-on-primary']).toBe(ON_DARK_TEXT);
    expect(blue['--app-primary-soft']).toBe('rgba(9, 96, 189, 0.18)');
    const yellow = primaryCssVariables('#F9C904', false);
    expect(yellow['--app-on-primary']).toBe(ON_PRIMARY_TEXT);
    // the default yellow is too light for text on white: a deeper gold in light mode
    expect(yellow['--app-primary-text']).toBe('#856800');
    expect(primaryCssVariables('#F9C904', true)['--app-primary-text']).toBe('#F9C904');
  });

  it("sets antd's screen sizes to the spec's breakpoints", () => {
    const token = buildTheme(false).token ?? {};
    expect([token.screenXS, token.screenSM, token.screenMD, token.screenLG, token.screenXL, token.screenXXL]).toEqual([
      BREAKPOINTS.xs,
      BREAKPOINTS.sm,
      BREAKPOINTS.md,
      BREAKPOINTS.lg,
      BREAKPOINTS.xl,
      BREAKPOINTS.xxl,
    ]);
    expect(Object.values(BREAKPOINTS)).toEqual([320, 640, 768, 960, 1280, 1536]);
  });
});
