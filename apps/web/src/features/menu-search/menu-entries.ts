import type { MenuProps } from 'antd';

type MenuItem = Required<MenuProps>['items'][number];

/** One place the search can lead to: a menu entry that opens a page. */
export interface SearchEntry {
  path: string;
  title: string;
  /** Titles of the enclosing menu groups, outermost first. */
  parents: string[];
}

/**
 * The entries of the side menu, flattened. Built from the side menu's own items
 * (`toMenuItems`), so the search sees exactly what the menu shows: hidden routes and children of
 * `hideChildrenInMenu` parents are already left out there. Only leaves are returned; a group
 * that only opens its children is not a page.
 */
export function flattenMenuItems(items: readonly MenuItem[], parents: string[] = []): SearchEntry[] {
  const entries: SearchEntry[] = [];
  for (const item of items) {
    if (!item || !('key' in item) || item.key === undefined) continue;
    const title = 'label' in item && typeof item.label === 'string' ? item.label : String(item.key);
    const children = 'children' in item ? item.children : undefined;
    if (children?.length) entries.push(...flattenMenuItems(children, [...parents, title]));
    else entries.push({ path: String(item.key), title, parents });
  }
  return entries;
}

/** Entries whose title or path contains `query` (case-insensitive); all of them for a blank query. */
export function filterEntries(entries: readonly SearchEntry[], query: string): SearchEntry[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...entries];
  return entries.filter((entry) => entry.title.toLocaleLowerCase().includes(needle) || entry.path.toLocaleLowerCase().includes(needle));
}
