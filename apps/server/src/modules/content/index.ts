// The content module's public surface: what other modules may use (ARCHITECTURE.md, the server's layers).
export { publishedContent, nextPublishedStart, notifyContentChanged, type PublishedItem } from './published.js';
