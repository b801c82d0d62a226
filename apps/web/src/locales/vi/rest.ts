/** Every namespace of vi, as one chunk: lib/i18n.ts loads it when vi is the locale in use. */
export default import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });
