/** Header button that opens the project settings drawer. */
export function SettingsButton() {
  return null;
}
