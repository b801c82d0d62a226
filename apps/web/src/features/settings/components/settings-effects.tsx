import { useEffect } from 'react';
import { useAppStore } from '../../../app/stores/app-store';
import './settings-effects.css';

export const GRAY_MODE_CLASS = 'gray-mode';
export const COLOR_WEAK_CLASS = 'color-weak';

/** Applies project settings that live outside React's tree (gray mode, colour-weak) to the document. */
export function SettingsEffects() {
  const grayMode = useAppStore((s) => s.projectConfig.grayMode);
  const colorWeak = useAppStore((s) => s.projectConfig.colorWeak);
  useEffect(() => {
    document.documentElement.classList.toggle(GRAY_MODE_CLASS, grayMode);
  }, [grayMode]);
  useEffect(() => {
    document.documentElement.classList.toggle(COLOR_WEAK_CLASS, colorWeak);
  }, [colorWeak]);
  return null;
}
