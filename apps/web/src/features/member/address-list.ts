import { ADDRESS_LIST_MAX_ENTRIES } from '@agent-bo/shared';

/**
 * The address list's field: one address or block per line as a person types or pastes it. Commas,
 * semicolons and spaces separate entries too (no address contains one), so a list pasted from a
 * firewall rule or a spreadsheet row reads as its entries. The server checks each entry itself.
 */
export function parseEntries(text: string): string[] {
  return text.split(/[\s,;]+/).filter((entry) => entry !== '');
}

/** The stored blocks, one per line, as the field shows them. */
export function entriesText(cidrs: readonly string[]): string {
  return cidrs.join('\n');
}

/** Whether the typed list has more entries than a list may hold (the server refuses it whole). */
export function tooManyEntries(text: string): boolean {
  return parseEntries(text).length > ADDRESS_LIST_MAX_ENTRIES;
}
