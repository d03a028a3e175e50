// Draws the app icons (public/icons/*.png): a navy field with a white chevron and wheel, the mark
// the sidebar shows as SVG. Run with `node scripts/make-icons.mjs` after changing the design; the
// PNGs are committed. Needs nothing but Node (PNG written by hand with zlib).
import fs from 'node:fs';
import zlib from 'node:zlib';

const NAVY = [31, 58, 95];
const WHITE = [255, 255, 255];
const AMBER = [242, 169, 0];

function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel((x + 0.5) / size, (y + 0.5) / size);
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The mark in a unit square: a chevron above a wheel. `s` scales it around the centre. */
function mark(x, y, s) {
  const u = (x - 0.5) / s + 0.5;
  const v = (y - 0.5) / s + 0.5;
  // Chevron: a thick V pointing up.
  const dx = Math.abs(u - 0.5);
  const top = 0.18 + dx * 0.9;
  if (v >= top && v <= top + 0.13 && dx <= 0.34) return AMBER;
  // Wheel: a ring with a hub.
  const r = Math.hypot(u - 0.5, v - 0.66);
  if ((r <= 0.2 && r >= 0.13) || r <= 0.05) return WHITE;
  return null;
}

function roundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return Math.hypot(x - cx, y - cy) <= radius;
}

const any = (x, y) => {
  if (!roundedSquare(x, y, 0.18)) return [0, 0, 0, 0];
  return [...(mark(x, y, 1) ?? NAVY), 255];
};
// Maskable: full bleed, the mark inside the 80 % safe zone.
const maskable = (x, y) => [...(mark(x, y, 0.72) ?? NAVY), 255];

fs.mkdirSync('public/icons', { recursive: true });
fs.writeFileSync('public/icons/icon-192.png', png(192, any));
fs.writeFileSync('public/icons/icon-512.png', png(512, any));
fs.writeFileSync('public/icons/maskable-512.png', png(512, maskable));
console.log('wrote public/icons/icon-192.png, icon-512.png, maskable-512.png');
