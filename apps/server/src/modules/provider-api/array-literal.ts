/**
 * A PostgreSQL array literal, one parameter for a whole column: `{"a","b",NULL}`. Built in
 * one join instead of pg's per-element quoting pass; elements are quoted, with `"` and `\` escaped.
 * A file of its own: the transition reads and writes both pass their id and column arrays so.
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'number') out += String(v);
    else out += `"${/["\\]/.test(v) ? v.replace(/[\\"]/g, '\\$&') : v}"`;
  }
  return `${out}}`;
}
