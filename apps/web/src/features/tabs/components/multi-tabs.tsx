/** The tab bar of multi-tab mode (spec §2). Renders nothing while multi-tab mode is off. */
export function MultiTabs() {
  return null;
}
