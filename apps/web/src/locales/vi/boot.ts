/**
 * The namespaces of vi that the login page needs (lib/i18n.ts `BOOT_NAMESPACES`), as one chunk:
 * loaded before the first render when vi is the locale in use.
 */
export default import.meta.glob<Record<string, unknown>>(
  ['./common.json', './errorLog.json', './http.json', './login.json', './routes.json', './validation.json'],
  { eager: true, import: 'default' },
);
