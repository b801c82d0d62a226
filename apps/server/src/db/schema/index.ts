export * from './sites.js';
export * from './accounts.js';
export * from './sessions.js';
export * from './signin-throttle.js';
export * from './operation-logs.js';
export * from './providers.js';
export * from './handoffs.js';
export * from './ledger.js';
