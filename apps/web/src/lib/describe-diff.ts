/** A before/after value of the log, compact: `{a: 1}` → `a: 1`. */
export function describeChange(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.map(describeChange).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join('; ');
}

function show(v: unknown): string {
  return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}

/**
 * What a log entry changed, one line per field: `field: before → after` for fields whose value
 * differs, `field: value` when there is only one side (a creation). Non-object values are shown whole.
 */
export function describeDiff(before: unknown, after: unknown): string[] {
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isRecord(before) && !isRecord(after)) {
    const b = describeChange(before);
    const a = describeChange(after);
    return b && a ? [`${b} → ${a}`] : b || a ? [b || a] : [];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const lines: string[] = [];
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const hasB = key in b;
    const hasA = key in a;
    if (hasB && hasA) {
      if (show(b[key]) !== show(a[key])) lines.push(`${key}: ${show(b[key])} → ${show(a[key])}`);
    } else {
      lines.push(`${key}: ${show(hasA ? a[key] : b[key])}`);
    }
  }
  return lines;
}
