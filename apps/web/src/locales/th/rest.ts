/** Every namespace of th, as one chunk: lib/i18n.ts loads it when th is the locale in use. */
export default import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });
