// The provider API module's public surface: what other modules may use (ARCHITECTURE.md, the server's layers).
export { positionSql } from './wallet.js';
