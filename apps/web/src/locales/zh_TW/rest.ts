/**
 * The other namespaces of zh_TW (the signed-in pages'), as one chunk: loaded with the signed-in layout,
 * or when zh_TW is picked.
 */
export default import.meta.glob<Record<string, unknown>>(
  ['./*.json', '!./common.json', '!./errorLog.json', '!./http.json', '!./login.json', '!./routes.json', '!./validation.json'],
  { eager: true, import: 'default' },
);
