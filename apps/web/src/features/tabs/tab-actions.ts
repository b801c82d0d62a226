/**
 * Tab actions other features need: a role change clears the tab cache and closes all tabs
 * (spec §4); reaching login resets the tab state (spec §2). Multi-tab mode fills these in.
 */
export function closeAllTabs(): void {}
export function clearTabCache(): void {}
export function resetTabState(): void {}
