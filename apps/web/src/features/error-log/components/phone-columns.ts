import type { ColumnsType } from 'antd/es/table';

/** Columns left out on a phone, which shows type and message; the rest is in the detail view. */
const WIDE_ONLY = new Set(['name', 'file', 'url', 'accountNo', 'time', 'createdAt']);

/** The columns for this screen: all on a wide one, type, message and actions on a phone. */
export function columnsForScreen<T>(columns: ColumnsType<T>, isMobile: boolean): ColumnsType<T> {
  if (!isMobile) return columns;
  return columns.filter((column) => !('dataIndex' in column) || !WIDE_ONLY.has(String(column.dataIndex)));
}
