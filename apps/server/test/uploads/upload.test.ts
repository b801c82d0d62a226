import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, errorMessage } from '@agent-bo/shared';
import { body, call, signinAs, useTestApp } from '../helpers.js';
import { testNow } from '../clock.js';
import { GIF_1X1, JPEG_1X1, PNG_1X1, WEBP_1X1, pngDeclaring, sha256, upload, uniquePng } from './support.js';

let clock = testNow();
const ctx = useTestApp({ now: () => clock });
let admin: string;

beforeAll(async () => {
  admin = await signinAs(ctx.app, 'admin001');
});

async function imageRows(id: string) {
  const { rows } = await ctx.database.pool.query<{
    mime: string;
    size: number;
    width: number;
    height: number;
    bytes: Buffer;
    created_at: Date;
    last_uploaded_at: Date;
  }>('select mime, size, width, height, bytes, created_at, last_uploaded_at from images where id = $1', [id]);
  return rows;
}

async function imageCount(): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ n: number }>('select count(*)::int as n from images');
  return rows[0]!.n;
}

describe('accepted images', () => {
  it.each([
    ['PNG', PNG_1X1, 'image/png'],
    ['JPEG', JPEG_1X1, 'image/jpeg'],
    ['WebP', WEBP_1X1, 'image/webp'],
    ['GIF', GIF_1X1, 'image/gif'],
  ] as const)('%s: stored under the SHA-256 of its bytes and described', async (_label, bytes, mime) => {
    // The declared name and type do not matter: the bytes say what the file is.
    const res = await upload(ctx.app, admin, bytes, { filename: 'upload.bin', type: 'application/octet-stream' });
    expect(res.statusCode, res.body).toBe(200);
    const id = sha256(bytes);
    expect(body(res)).toEqual({
      code: 0,
      message: '',
      success: true,
      data: { id, url: `/api/files/${id}`, mime, size: bytes.length, width: 1, height: 1 },
    });
    const [row] = await imageRows(id);
    expect(row).toMatchObject({ mime, size: bytes.length, width: 1, height: 1 });
    expect(row!.bytes.equals(bytes)).toBe(true);
  });

  it('the same bytes twice: one row, one id, the upload time renewed', async () => {
    const bytes = uniquePng(1);
    const first = body(await upload(ctx.app, admin, bytes));
    clock = new Date(testNow().getTime() + 60 * 60_000);
    const second = body(await upload(ctx.app, admin, bytes, { filename: 'again.png' }));
    clock = testNow();
    expect(second.data).toEqual(first.data);
    const rows = await imageRows(first.data.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.created_at.toISOString()).toBe(testNow().toISOString());
    expect(rows[0]!.last_uploaded_at.getTime()).toBe(testNow().getTime() + 60 * 60_000);
  });

  it('a file of exactly the limit is accepted', async () => {
    const bytes = Buffer.concat([PNG_1X1, Buffer.alloc(IMAGE_MAX_BYTES - PNG_1X1.length)]);
    const res = await upload(ctx.app, admin, bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data.size).toBe(IMAGE_MAX_BYTES);
  });

  it('an agent holding another write code that uses images may upload too', async () => {
    // agentA02 holds ACTIVITY_WRITE and GAME_WRITE only among the image writers.
    const token = await signinAs(ctx.app, 'agentA02');
    expect(body(await upload(ctx.app, token, uniquePng(2))).success).toBe(true);
  });
});

describe('refusals: nothing is stored', () => {
  const refusals: [string, () => Promise<{ statusCode: number; body: string }>, number, number][] = [
    [
      'wrong magic bytes named .png and declared image/png',
      () =>
        upload(ctx.app, admin, Buffer.from('GIF-ish? no: plain text pretending to be a picture'), { filename: 'x.png', type: 'image/png' }),
      415,
      5005,
    ],
    [
      'SVG (it can carry script)',
      () =>
        upload(
          ctx.app,
          admin,
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>'),
          {
            filename: 'x.svg',
            type: 'image/svg+xml',
          },
        ),
      415,
      5005,
    ],
    ['a BMP (a real image, not an accepted format)', () => upload(ctx.app, admin, bmp1x1()), 415, 5005],
    [
      'one byte over the limit',
      () => upload(ctx.app, admin, Buffer.concat([PNG_1X1, Buffer.alloc(IMAGE_MAX_BYTES + 1 - PNG_1X1.length)])),
      413,
      5006,
    ],
    ['more than 10000 px a side', () => upload(ctx.app, admin, pngDeclaring(10_001, 10)), 400, 1000],
    ['a zero-width header', () => upload(ctx.app, admin, pngDeclaring(0, 10)), 400, 1000],
    ['an empty file', () => upload(ctx.app, admin, Buffer.alloc(0)), 400, 5007],
    ['a form without a file', () => upload(ctx.app, admin, [{ name: 'note', data: 'hello' }]), 400, 5007],
    [
      'the file under another field name',
      () => upload(ctx.app, admin, [{ name: 'image', data: PNG_1X1, filename: 'a.png', type: 'image/png' }]),
      400,
      5007,
    ],
    ['a JSON body', () => call(ctx.app, 'POST', '/api/manage/upload/image', { file: 'x' }, { token: admin, site: 'tw_web' }), 415, 415],
    ['no body', () => call(ctx.app, 'POST', '/api/manage/upload/image', undefined, { token: admin, site: 'tw_web' }), 415, 415],
    [
      'a raw image body',
      () =>
        call(ctx.app, 'POST', '/api/manage/upload/image', PNG_1X1, {
          token: admin,
          site: 'tw_web',
          headers: { 'content-type': 'image/png' },
        }),
      415,
      415,
    ],
    [
      'multipart without a boundary',
      () =>
        call(ctx.app, 'POST', '/api/manage/upload/image', 'garbage', {
          token: admin,
          site: 'tw_web',
          headers: { 'content-type': 'multipart/form-data' },
        }),
      400,
      400,
    ],
    ['no session', () => upload(ctx.app, undefined, uniquePng(3)), 401, 401],
  ];

  it.each(refusals)('%s', async (_label, send, status, code) => {
    const before = await imageCount();
    const res = await send();
    expect(res.statusCode, res.body).toBe(status);
    expect(JSON.parse(res.body)).toMatchObject({ code, success: false });
    expect(await imageCount()).toBe(before);
  });

  it('too large names the limit in MB; too many pixels names the field', async () => {
    const big = await upload(ctx.app, admin, Buffer.concat([PNG_1X1, Buffer.alloc(IMAGE_MAX_BYTES)]));
    expect(body(big).message).toBe(errorMessage('IMAGE_TOO_LARGE', 'zh_TW', { n: 2 }));
    const wide = await upload(ctx.app, admin, pngDeclaring(10, 60_000));
    expect(body(wide).data).toEqual([{ path: 'file', message: 'image.dimensions' }]);
  });

  it('a caller without any image write code: PERMISSION_DENIED', async () => {
    // agentA03 holds ACTIVITY_READ, GAME_READ and STORE_ORDER_READ.
    const token = await signinAs(ctx.app, 'agentA03');
    const res = await upload(ctx.app, token, uniquePng(4));
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe(1006);
  });

  it('a shadow holding a write code still only reads: CALLER_READ_ONLY', async () => {
    await ctx.database.pool.query(
      `update accounts set permissions = array_append(permissions, 'ACTIVITY_WRITE') where site_id = 'tw_web' and account_no = 'shadowA01'`,
    );
    const token = await signinAs(ctx.app, 'shadowA01');
    const before = await imageCount();
    const res = await upload(ctx.app, token, uniquePng(5));
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe(2006);
    expect(await imageCount()).toBe(before);
  });
});

/** A 1 × 1 24-bit BMP: a real image in a format the site does not take. */
function bmp1x1(): Buffer {
  const b = Buffer.alloc(58);
  b.write('BM', 0, 'ascii');
  b.writeUInt32LE(58, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(1, 18);
  b.writeInt32LE(1, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(4, 34);
  return b;
}
