// The provider API module's public surface: what other modules may use (ARCHITECTURE.md, the server's layers).
export { availableSql, pendingPullBacksSql, positionSql } from './wallet.js';
export { callProvider, merchantOf, type Merchant, type OutboundResult } from './outbound.js';
export { signProviderBody } from './signature.js';
