import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll } from 'vitest';

// A local stand-in for a raster tile provider (MAP_TILES_URL, decision 700): every
// `/{z}/{x}/{y}.png` answers one 256-pixel PNG, a light checkerboard, and is recorded.

export interface TileServer {
  /** The XYZ template of this server, for MAP_TILES_URL. */
  readonly template: string;
  /** Paths of the tiles asked for, in order. */
  readonly requests: readonly string[];
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256 x 256 RGB PNG: 32-pixel squares of two greens. */
function checkerboardPng(): Buffer {
  const size = 256;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const light = (Math.floor(x / 32) + Math.floor(y / 32)) % 2 === 0;
      row.set(light ? [214, 234, 200] : [180, 214, 160], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Registers hooks that start the tile server before the spec's tests and stop it after them. */
export function useTileServer(): TileServer {
  const requests: string[] = [];
  const tile = checkerboardPng();
  let server: Server | undefined;
  let template: string | undefined;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = request.url ?? '';
      if (!/^\/\d+\/\d+\/\d+\.png$/.test(path)) {
        response.writeHead(404).end();
        return;
      }
      requests.push(path);
      response.writeHead(200, { 'content-type': 'image/png' }).end(tile);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    template = `http://127.0.0.1:${String(port)}/{z}/{x}/{y}.png`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  return {
    get template() {
      if (!template) throw new Error('The tile server is used before it started');
      return template;
    },
    requests,
  };
}
