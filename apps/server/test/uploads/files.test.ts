import { beforeAll, describe, expect, it } from 'vitest';
import { body, signinAs, useTestApp } from '../helpers.js';
import { GIF_1X1, sha256, upload } from './support.js';

const ctx = useTestApp();
const id = sha256(GIF_1X1);

beforeAll(async () => {
  const admin = await signinAs(ctx.app, 'admin001');
  expect(body(await upload(ctx.app, admin, GIF_1X1)).success).toBe(true);
});

const get = (path: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: path, headers });

describe('GET /api/files/:id (public)', () => {
  it('serves the bytes without a session, immutable, typed from the row, locked down', async () => {
    const res = await get(`/api/files/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(GIF_1X1)).toBe(true);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['content-length']).toBe(String(GIF_1X1.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBe(`"${id}"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
    // The game client shows the images from its own origin.
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it.each([`"${id}"`, `W/"${id}"`, `"other", "${id}"`])('If-None-Match %s: 304 with no body', async (tag) => {
    const res = await get(`/api/files/${id}`, { 'if-none-match': tag });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
    expect(res.headers.etag).toBe(`"${id}"`);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('another tag: the bytes', async () => {
    const res = await get(`/api/files/${id}`, { 'if-none-match': `"${'0'.repeat(64)}"` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(GIF_1X1)).toBe(true);
  });

  it.each([
    ['an unknown id', '0'.repeat(64)],
    ['too short', 'abc'],
    ['upper-case hex', id.toUpperCase()],
    ['not hex', 'g'.repeat(64)],
    ['a path trick', '..%2F..%2Fetc%2Fpasswd'],
  ])('%s: the 404 envelope, not cached', async (_label, bad) => {
    const res = await get(`/api/files/${bad}`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(body(res)).toMatchObject({ code: 404, success: false, data: null });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
  });
});
