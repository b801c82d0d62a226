/** Header button (and shortcut) that opens the global menu search. */
export function MenuSearchButton() {
  return null;
}
