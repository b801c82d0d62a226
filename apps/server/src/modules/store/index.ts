// The store module's public surface (ARCHITECTURE.md, the server's layers).
export { checkPoints, type PointsCheck } from './check.js';
export { earnAll, earnBatch } from './earning.js';
export { storeRoutes } from './routes/index.js';
