import Papa from 'papaparse';

/**
 * How a CSV export reads in the operator's language. The API's files name their columns by key
 * and their states by code (`status`, `Settled`): that is the stable, machine-readable form, for
 * scripts (docs/DECISIONS.md, "CSV exports"). The download button turns it into the words the
 * screen uses: each header by `headers`, and the codes of the columns in `values`.
 */
export interface CsvLabels {
  /** The label of each column key; a column without one keeps its key. */
  headers: Readonly<Record<string, string>>;
  /** Per column key, the words of a stored code; a column without a function keeps its codes. */
  values?: Readonly<Record<string, (code: string) => string>>;
}

/**
 * The file `text` (as the API sent it) with its header row and coded columns in words. Fields
 * keep the API's quoting rules (a field is quoted when it holds a comma, a quote or a line break;
 * text defused as a formula keeps its leading `'`) and records end in CRLF.
 */
export function localizeCsv(text: string, labels: CsvLabels): string {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  const [header, ...rows] = parsed.data;
  if (!header) return text;
  const words = header.map((key) => labels.values?.[key]);
  const out = [
    header.map((key) => labels.headers[key] ?? key),
    ...rows.map((row) => row.map((field, i) => (field !== '' && words[i] ? words[i](field) : field))),
  ];
  return `${Papa.unparse(out, { newline: '\r\n' })}\r\n`;
}
