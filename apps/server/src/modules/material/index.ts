export { syncProviderGames } from './sync.js';
export { LobbyCache } from './lobby-cache.js';
export { materialRoutes } from './routes.js';
