// The auth module's public surface: what other modules may use (ARCHITECTURE.md, the server's layers).
export { previousSignin, signout } from './service.js';
export { allowAsk, clearAccountFailures, readThrottle, recordFailure, throttleKeys } from './throttle.js';
