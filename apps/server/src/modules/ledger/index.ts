// The ledger module's public surface: what other modules may use (ARCHITECTURE.md, the server's layers).
export { DuplicateKey, moneySql, post, type Leg, type PostInput, type Posted } from './service.js';
export { resolveIdempotencyKey, type CreditContext } from './credit.js';
export { checkLedger } from './check.js';
