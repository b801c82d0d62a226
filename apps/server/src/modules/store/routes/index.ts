import type { FastifyInstance } from 'fastify';
import { scheduleEarning } from './earning-job.js';
import { storeCategoryRoutes } from './categories.js';
import { storeGoodsRoutes } from './goods.js';
import { storeRateRoutes } from './rate.js';
import { storePointsRoutes } from './points.js';
import { storeOrderRoutes } from './orders.js';
import { storePlayerRoutes } from './players.js';

/**
 * The points store (PRODUCT.md §6): the earning job, the back office's `/store` screens under
 * `/manage/store/*` (STORE_CATEGORY_, STORE_GOODS_, STORE_ORDER_ READ/WRITE and
 * PLAYER_POINTS_READ: READ or WRITE reads, only WRITE writes), and the game client's player API
 * under `/client/player/*`. One file per screen, each registered here.
 */
export async function storeRoutes(app: FastifyInstance) {
  scheduleEarning(app);
  await app.register(storeCategoryRoutes);
  await app.register(storeGoodsRoutes);
  await app.register(storeRateRoutes);
  await app.register(storePointsRoutes);
  await app.register(storeOrderRoutes);
  await app.register(storePlayerRoutes);
}
