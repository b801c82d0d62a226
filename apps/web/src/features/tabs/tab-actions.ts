/**
 * Tab actions other features need (spec §4: a role change clears the tab cache and closes all
 * tabs). Multi-tab mode fills these in.
 */
export function closeAllTabs(): void {}
export function clearTabCache(): void {}
