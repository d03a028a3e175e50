// Draws the app icons (public/icons/*.png): the sidebar's mark, a shield with a check on navy.
// Run `node scripts/make-icons.mjs` after changing the design; the PNGs are committed. Needs nothing but Node (PNG written by hand with zlib).
import fs from 'node:fs';
import zlib from 'node:zlib';

const NAVY = [36, 67, 111];
const WHITE = [255, 255, 255];
const GOLD = [242, 193, 78];

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

// The sidebar's LogoMark (src/app/LogoMark.tsx) in its 40-unit box: a shield outline and a check.
const SHIELD = (() => {
  const pts = [
    [20, 7],
    [31, 11],
    [31, 19.5],
  ];
  const bezier = (p0, p1, p2, p3, t) => p0.map((_, i) => (1 - t) ** 3 * p0[i] + 3 * (1 - t) ** 2 * t * p1[i] + 3 * (1 - t) * t ** 2 * p2[i] + t ** 3 * p3[i]);
  for (let k = 1; k <= 12; k++) pts.push(bezier([31, 19.5], [31, 26.5], [26.4, 31.3], [20, 33.5], k / 12));
  for (let k = 1; k <= 12; k++) pts.push(bezier([20, 33.5], [13.6, 31.3], [9, 26.5], [9, 19.5], k / 12));
  pts.push([9, 11], [20, 7]);
  return pts;
})();
const CHECK = [
  [14.5, 20.5],
  [18.5, 24.5],
  [26, 16.5],
];

function segmentDistance([px, py], [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}
const polylineDistance = (p, line) => Math.min(...line.slice(1).map((b, i) => segmentDistance(p, line[i], b)));

/** The mark at (x, y) of a unit square; `s` scales it around the centre (maskable safe zone). */
function mark(x, y, s) {
  const p = [((x - 0.5) / s + 0.5) * 40, ((y - 0.5) / s + 0.5) * 40];
  if (polylineDistance(p, CHECK) <= 1.4) return GOLD;
  if (polylineDistance(p, SHIELD) <= 1.2) return WHITE;
  return null;
}

function roundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return Math.hypot(x - cx, y - cy) <= radius;
}

const any = (x, y) => {
  if (!roundedSquare(x, y, 9 / 40)) return [0, 0, 0, 0];
  return [...(mark(x, y, 1) ?? NAVY), 255];
};
// Maskable: full bleed, the mark inside the 80 % safe zone.
const maskable = (x, y) => [...(mark(x, y, 0.72) ?? NAVY), 255];

fs.mkdirSync('public/icons', { recursive: true });
fs.writeFileSync('public/icons/icon-192.png', png(192, any));
fs.writeFileSync('public/icons/icon-512.png', png(512, any));
fs.writeFileSync('public/icons/maskable-512.png', png(512, maskable));
console.log('wrote public/icons/icon-192.png, icon-512.png, maskable-512.png');
