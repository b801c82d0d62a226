/** Every namespace of zh_TW, as one chunk: lib/i18n.ts loads it when zh_TW is the locale in use. */
export default import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });
