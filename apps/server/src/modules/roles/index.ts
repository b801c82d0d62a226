// The roles module's public surface: its routes. Effective codes (roles included) are computed in
// core/caller.ts and core/session.ts, which every module already uses.
export { roleRoutes } from './routes.js';
