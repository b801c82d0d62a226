import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Banner images for the demo content, drawn here rather than shipped as files: a diagonal
 * gradient between two colours with soft stripes, encoded as an 8-bit RGB PNG. Deterministic, so
 * every demo database stores the same bytes under the same hash.
 */
export interface DemoImage {
  id: string;
  mime: 'image/png';
  width: number;
  height: number;
  bytes: Buffer;
}

type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function pixel(x: number, y: number, width: number, height: number, from: Rgb, to: Rgb): Rgb {
  const t = (x / width + y / height) / 2;
  const stripe = Math.sin((x + y) / 18) * 10;
  const mix = (i: 0 | 1 | 2) => Math.max(0, Math.min(255, Math.round(from[i] + (to[i] - from[i]) * t + stripe)));
  return [mix(0), mix(1), mix(2)];
}

export function gradientPng(width: number, height: number, from: Rgb, to: Rgb): DemoImage {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, deflate, no filter method, no interlace
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < width; x++) raw.set(pixel(x, y, width, height, from, to), y * row + 1 + x * 3);
  }
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { id: createHash('sha256').update(bytes).digest('hex'), mime: 'image/png', width, height, bytes };
}
