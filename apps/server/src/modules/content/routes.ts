import type { FastifyInstance } from 'fastify';

/** Placeholder: filled in by the site-content work (PRODUCT.md §6). */
export async function contentRoutes(app: FastifyInstance) {
  void app;
}
