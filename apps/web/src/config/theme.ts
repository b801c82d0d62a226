import { theme, type ThemeConfig } from 'antd';
import { ANTD_SCREEN_TOKENS } from '../lib/breakpoints';
import { DEFAULT_PROJECT_CONFIG } from './project-config';

/** Theme colours of the spec (§9). */
export const THEME_COLORS = {
  colorPrimary: '#F9C904',
  colorInfo: '#F9C904',
  colorSuccess: '#55D187',
  colorWarning: '#EFBD47',
  colorError: '#ED6F6F',
} as const;

/** Dark text for surfaces filled with the (light yellow) primary colour: white on #F9C904 is unreadable. */
export const ON_PRIMARY_TEXT = 'rgba(0, 0, 0, 0.88)';
/** White text for surfaces filled with a dark colour. */
export const ON_DARK_TEXT = '#ffffff';
export const SIDER_BG = DEFAULT_PROJECT_CONFIG.menuSetting.bgColor;
const DARK_HEADER_BG = '#141414';
const LIGHT_PAGE_BG = '#f0f2f5';
/** The dark algorithm's raised surfaces (dialogs, drawers, dropdowns: colorBgElevated). */
const DARK_RAISED_BG = '#1f1f1f';

function channels(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h.padEnd(6, '0').slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) || 0) as [number, number, number];
}

/** WCAG relative luminance (0 black … 1 white). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** True when text on this background is better dark than white. */
export function isLightColor(hex: string): boolean {
  const l = luminance(hex);
  return contrast(l, 0) > contrast(l, 1);
}

/** The text colour with the better contrast on a `hex` background. */
export function readableTextOn(hex: string): string {
  return isLightColor(hex) ? ON_PRIMARY_TEXT : ON_DARK_TEXT;
}

/** Mixes `hex` towards black by `amount` (0…1). */
function darken(hex: string, amount: number): string {
  return `#${channels(hex)
    .map((c) =>
      Math.round(c * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mixes `hex` towards white by `amount` (0…1). */
function lighten(hex: string, amount: number): string {
  return `#${channels(hex)
    .map((c) =>
      Math.round(c + (255 - c) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG 2.2 AA contrast for normal text. */
export const TEXT_CONTRAST_AA = 4.5;

/** Contrast ratio of two hex colours. */
export function contrastOf(foreground: string, background: string): number {
  return contrast(luminance(foreground), luminance(background));
}

/**
 * `foreground` moved towards black (light surfaces) or white (dark surfaces) in small steps until
 * it reads at AA contrast on `background`; unchanged when it already does.
 */
export function readableShade(foreground: string, background: string, dark: boolean): string {
  let shade = foreground;
  for (let step = 1; step <= 20 && contrastOf(shade, background) < TEXT_CONTRAST_AA; step++) {
    shade = dark ? lighten(foreground, step * 0.05) : darken(foreground, step * 0.05);
  }
  return shade;
}

const PRESET_TAG_COLORS = [
  'red',
  'volcano',
  'orange',
  'gold',
  'yellow',
  'lime',
  'green',
  'cyan',
  'blue',
  'geekblue',
  'purple',
  'magenta',
] as const;
const STATUS_TAG_COLORS = ['Success', 'Warning', 'Error', 'Info'] as const;

/**
 * Text colours of tags at AA contrast. A coloured tag writes shade 7 of its palette on shade 1
 * (and a status tag its status colour on the status background): gold is 2.76:1 and this
 * theme's light success green worse, so each text colour is deepened (light) or brightened
 * (dark) just enough, from the palettes the algorithm generates for the mode.
 */
function readableTagTokens(dark: boolean, seed: Record<string, string>): Record<string, string> {
  const design = theme.getDesignToken({ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm, token: seed }) as unknown as Record<
    string,
    string
  >;
  const tokens: Record<string, string> = {};
  for (const color of PRESET_TAG_COLORS) {
    tokens[`${color}7`] = readableShade(design[`${color}7`]!, design[`${color}1`]!, dark);
  }
  for (const status of STATUS_TAG_COLORS) {
    tokens[`color${status}`] = readableShade(design[`color${status}`]!, design[`color${status}Bg`]!, dark);
  }
  return tokens;
}

/**
 * The error colour as text at AA contrast: on white in light mode (the spec's #ED6F6F reads at
 * 2.96:1), on the dark mode's raised surfaces (#1f1f1f: dialogs, drawers, menus) in dark mode,
 * from the shade the mode's algorithm derives. Fills keep the spec's colour.
 */
function errorTextShade(dark: boolean, seed: Record<string, string>): string {
  const key = `${dark}|${seed.colorPrimary}`;
  let shade = errorShadeCache.get(key);
  if (!shade) {
    const design = theme.getDesignToken({ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm, token: seed });
    shade = readableShade(design.colorError, dark ? DARK_RAISED_BG : '#ffffff', dark);
    errorShadeCache.set(key, shade);
  }
  return shade;
}

const errorShadeCache = new Map<string, string>();

/** An unchecked switch's track (and its hover shade) for a label written dark or white. */
function uncheckedSwitchTrack(darkLabel: boolean, dark: boolean): { colorTextQuaternary: string; colorTextTertiary: string } {
  if (darkLabel)
    return dark
      ? { colorTextQuaternary: '#a6a6a6', colorTextTertiary: '#bfbfbf' }
      : { colorTextQuaternary: '#bfbfbf', colorTextTertiary: '#a6a6a6' };
  return dark
    ? { colorTextQuaternary: '#666666', colorTextTertiary: '#595959' }
    : { colorTextQuaternary: '#737373', colorTextTertiary: '#595959' };
}

const tagTokenCache = new Map<string, Record<string, string>>();

function tagTokens(dark: boolean, seed: Record<string, string>): Record<string, string> {
  const key = `${dark}|${seed.colorPrimary}`;
  let tokens = tagTokenCache.get(key);
  if (!tokens) {
    tokens = readableTagTokens(dark, seed);
    tagTokenCache.set(key, tokens);
  }
  return tokens;
}

export interface ThemeOptions {
  dark: boolean;
  /** Primary colour (spec §9 default #F9C904). */
  themeColor?: string;
  headerBg?: string;
  menuBg?: string;
  /**
   * False when the user asked the system for less motion (`prefers-reduced-motion`): antd's
   * components then open, close and switch without zooms, slides and fades.
   */
  motion?: boolean;
}

/** The header's background: a chosen colour, or the surface colour of the mode when left at white. */
export function headerBackground(dark: boolean, headerBg = DEFAULT_PROJECT_CONFIG.headerSetting.bgColor): string {
  return dark && headerBg.toUpperCase() === '#FFFFFF' ? DARK_HEADER_BG : headerBg;
}

/** The menu is drawn with antd's light or dark menu theme by its background's luminance. */
export function menuThemeFor(menuBg: string): 'light' | 'dark' {
  return isLightColor(menuBg) ? 'light' : 'dark';
}

/**
 * Light content with a dark menu in light mode (spec §9); the dark algorithm in dark mode.
 * Text on primary fills is dark or white, whichever reads better on the chosen colour. Links
 * and primary-coloured text on white get a deeper shade when the primary is too light to read
 * (the default yellow); fills keep the exact primary colour.
 */
export function buildTheme(options: ThemeOptions | boolean): ThemeConfig {
  const { dark, themeColor = THEME_COLORS.colorPrimary, menuBg = SIDER_BG } = typeof options === 'boolean' ? { dark: options } : options;
  const headerBg = headerBackground(dark, typeof options === 'boolean' ? undefined : options.headerBg);
  const onPrimary = readableTextOn(themeColor);
  const primaryTooLightForText = contrast(luminance(themeColor), 1) < 3;
  const isDefaultPrimary = themeColor.toUpperCase() === THEME_COLORS.colorPrimary;
  // Deep enough for AA on the grey page background too (the lightest surface links sit on is white).
  const lightLink = readableShade(
    isDefaultPrimary ? '#9C7A00' : primaryTooLightForText ? darken(themeColor, 0.38) : themeColor,
    LIGHT_PAGE_BG,
    false,
  );
  const lightLinkHover = isDefaultPrimary ? '#7A5F00' : darken(lightLink, 0.2);
  const darkLinkHover = isDefaultPrimary ? '#FFE14D' : lighten(themeColor, 0.25);
  const menuDark = menuThemeFor(menuBg) === 'dark';
  const seed = { ...THEME_COLORS, colorPrimary: themeColor, colorInfo: themeColor };
  // Secondary text at AA contrast on the content surfaces (antd's default, 45 % of the text
  // colour, reads at 3.4:1 on white).
  const descriptionText = dark ? 'rgba(255, 255, 255, 0.6)' : 'rgba(0, 0, 0, 0.6)';
  const errorText = errorTextShade(dark, seed);
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      ...seed,
      colorLink: dark ? themeColor : lightLink,
      colorLinkHover: dark ? darkLinkHover : lightLinkHover,
      colorTextDescription: descriptionText,
      // Placeholders too: antd's 25 % reads at 1.6:1 on white.
      colorTextPlaceholder: dark ? 'rgba(255, 255, 255, 0.55)' : 'rgba(0, 0, 0, 0.56)',
      borderRadius: 6,
      ...ANTD_SCREEN_TOKENS,
      ...(typeof options !== 'boolean' && options.motion === false && { motion: false }),
    },
    components: {
      // Danger text buttons (delete) write the error colour on white: the spec's #ED6F6F reads at
      // 3.0:1, so buttons take a deeper shade of it (fills keep their white text readable too).
      // A hovered or pressed default button writes its text and border in the primary's hover
      // shade: the light yellow on white (1.35:1), so light mode takes the link golds.
      Button: {
        primaryColor: onPrimary,
        primaryShadow: 'none',
        ...(dark
          ? {}
          : {
              colorError: errorText,
              defaultHoverColor: lightLink,
              defaultHoverBorderColor: lightLink,
              defaultActiveColor: lightLinkHover,
              defaultActiveBorderColor: lightLinkHover,
            }),
      },
      // A field's error message and required mark, in the readable shade of the error colour.
      Form: { colorError: errorText },
      // A danger item of a dropdown menu (disable, delete) writes the error colour on the menu,
      // and on hover the menu's text colour on an error fill: white on the deep light-mode
      // shade, dark on the bright dark-mode one.
      Dropdown: dark ? { colorError: errorText, colorTextLightSolid: ON_PRIMARY_TEXT } : { colorError: errorText },
      // The open tab's title (page tabs, the member and log screens' tabs): the yellow primary on
      // white reads at 1.6:1, so light mode writes it in the link gold; the ink bar keeps the yellow.
      Tabs: dark ? {} : { itemSelectedColor: lightLink, itemActiveColor: lightLink, itemHoverColor: lightLink },
      // Text in the status colours (win/loss figures, warnings, stock running out) on white: the
      // spec's green, amber and red read at 1.9, 1.8 and 3.0:1, so light mode writes deeper shades.
      Typography: dark
        ? {}
        : {
            colorSuccessText: readableShade(THEME_COLORS.colorSuccess, '#ffffff', false),
            colorWarningText: readableShade(THEME_COLORS.colorWarning, '#ffffff', false),
            colorErrorText: errorText,
          },
      // An empty table's message is information, not a disabled control.
      Table: { colorTextDisabled: descriptionText },
      Radio: { buttonSolidCheckedColor: onPrimary },
      // A switch writes its label in one colour, checked or not: the text that reads on the
      // primary fill (dark on the default yellow). The unchecked track is a grey that reads at
      // AA with that colour in both modes (antd's translucent grey gave dark text 2.7:1 in dark
      // mode and white text 1.8:1 on white).
      Switch: { colorTextLightSolid: onPrimary, ...uncheckedSwitchTrack(onPrimary === ON_PRIMARY_TEXT, dark) },
      // The labels of a description list (the credit dialog's account, balance): antd's tertiary
      // grey reads at 3.4:1 on white.
      Descriptions: { labelColor: descriptionText },
      Tag: tagTokens(dark, seed),
      Menu: {
        // The title of the submenu holding the open page, in a light menu (a dark menu's comes from
        // its selected-item colour and is set in the layout's styles).
        subMenuItemSelectedColor: readableShade(lightLink, menuBg, false),
        dangerItemColor: errorText,
        dangerItemHoverColor: errorText,
        dangerItemSelectedColor: errorText,
        darkItemBg: menuBg,
        darkSubMenuItemBg: menuDark ? darken(menuBg, 0.3) : menuBg,
        darkPopupBg: menuBg,
        darkItemSelectedBg: themeColor,
        darkItemSelectedColor: onPrimary,
      },
      Layout: {
        siderBg: menuBg,
        headerBg,
        headerHeight: 48,
        headerPadding: '0 12px',
        bodyBg: dark ? '#000000' : LIGHT_PAGE_BG,
      },
    },
  };
}

/**
 * CSS variables for the few styles drawn outside antd's components (progress bar, avatars,
 * dashboard icon tints), so they follow the chosen theme colour too.
 */
export function primaryCssVariables(themeColor: string, dark: boolean): Record<string, string> {
  const { token } = buildTheme({ dark, themeColor });
  const [r, g, b] = channels(themeColor);
  return {
    '--app-primary': themeColor,
    '--app-on-primary': readableTextOn(themeColor),
    '--app-primary-text': String(token?.colorLink ?? themeColor),
    '--app-primary-soft': `rgba(${r}, ${g}, ${b}, 0.18)`,
  };
}
