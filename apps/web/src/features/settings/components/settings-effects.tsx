import { useEffect } from 'react';
import { useAppStore } from '../../../stores/app-store';
import { primaryCssVariables } from '../../../config/theme';
import './settings-effects.css';

export const GRAY_MODE_CLASS = 'gray-mode';
export const COLOR_WEAK_CLASS = 'color-weak';

/**
 * Applies project settings that live outside React's tree to the document: gray mode,
 * colour-weak, and the theme colour's CSS variables.
 */
export function SettingsEffects() {
  const grayMode = useAppStore((s) => s.projectConfig.grayMode);
  const colorWeak = useAppStore((s) => s.projectConfig.colorWeak);
  const themeColor = useAppStore((s) => s.projectConfig.themeColor);
  const dark = useAppStore((s) => s.darkMode);
  useEffect(() => {
    const style = document.documentElement.style;
    for (const [name, value] of Object.entries(primaryCssVariables(themeColor, dark))) style.setProperty(name, value);
  }, [themeColor, dark]);
  useEffect(() => {
    document.documentElement.classList.toggle(GRAY_MODE_CLASS, grayMode);
  }, [grayMode]);
  useEffect(() => {
    document.documentElement.classList.toggle(COLOR_WEAK_CLASS, colorWeak);
  }, [colorWeak]);
  return null;
}
