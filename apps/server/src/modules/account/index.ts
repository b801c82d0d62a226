// The account module's public surface: what other modules may use (ARCHITECTURE.md, the server's layers).
export { findAccountById, findAccountByNo, toUserInfo } from './service.js';
