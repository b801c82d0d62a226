import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/**
 * Tiny valid images, 1 × 1 each: the JPEG made by an encoder (jpeg-js), the others well-known minimal files (the
 * WebP is the lossy image browsers' WebP feature detection decodes).
 */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const WEBP_1X1 = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');
export const JPEG_1X1 = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NC' +
    'OEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAEAAQMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIB' +
    'AwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SF' +
    'hoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIE' +
    'BAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SF' +
    'hoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AMWvLPvD/9k=',
  'base64',
);

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A PNG whose header declares `width` × `height` (no pixels: the header is all a size check reads). */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const body = Buffer.concat([Buffer.from('IHDR', 'ascii'), ihdr]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([PNG_1X1.subarray(0, 8), Buffer.from([0, 0, 0, 13]), body, crc]);
}

/** A distinct valid PNG for each `n` (trailing bytes after IEND change the hash, not the picture). */
export function uniquePng(n: number): Buffer {
  return Buffer.concat([PNG_1X1, Buffer.from(`unique-${n}`)]);
}

export interface FormPart {
  name: string;
  data: Buffer | string;
  filename?: string;
  type?: string;
}

export const BOUNDARY = '----upload-test-boundary';

/** A multipart/form-data body of `parts`. */
export function formBody(parts: FormPart[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** The image upload with `bytes` as the `file` field (as a browser sends it), or the given parts. */
export function upload(
  app: FastifyInstance,
  token: string | undefined,
  content: Buffer | FormPart[],
  file: { filename?: string; type?: string } = {},
) {
  const parts = Buffer.isBuffer(content)
    ? [{ name: 'file', data: content, filename: file.filename ?? 'picture.png', type: file.type ?? 'image/png' }]
    : content;
  return app.inject({
    method: 'POST',
    url: '/api/manage/upload/image',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'x-site-id': 'tw_web',
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: formBody(parts),
  });
}
