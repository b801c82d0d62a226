import { eq } from 'drizzle-orm';
import type { EmbeddedPage, SiteId } from '@agent-bo/shared';
import type { Db } from '../client.js';
import { sites } from '../schema/index.js';

/**
 * The demo's shell settings (issue 38): the watermark on, and the API description (served by
 * this server outside production, API_DOCS) as an embedded page for those who manage roles.
 */
export const DEMO_EMBEDDED_PAGES: EmbeddedPage[] = [
  {
    id: 'api-docs',
    title: { zh_TW: 'API 說明文件', en: 'API description', th: 'คำอธิบาย API', vi: 'Mô tả API' },
    url: '/api/docs',
    permission: 'ROLE_PERMISSION_WRITE',
  },
];

export async function seedDemoShell(tx: Pick<Db, 'update'>, siteId: SiteId): Promise<void> {
  await tx.update(sites).set({ watermark: true, embeddedPages: DEMO_EMBEDDED_PAGES }).where(eq(sites.id, siteId));
}
