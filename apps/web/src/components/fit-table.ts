/**
 * Props of a table that fits its box instead of taking its widest layout: the columns share the
 * width by their content (headers and free text wrap where the language allows), and the table
 * scrolls sideways only when even its narrowest layout is wider than the box. So a pinned column
 * only ever sits over cells scrolled out of view, never over cells that would have fitted.
 * (`x: 'max-content'` kept every line unbroken and pushed the last columns under the pinned one.)
 */
export const FIT_TABLE = { scroll: { x: true }, tableLayout: 'auto' } as const;

/** A column whose values are never broken over lines: dates, money, account numbers, codes. */
export const NOWRAP = { className: 'nowrap' } as const;
