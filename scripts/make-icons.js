#!/usr/bin/env node
// Draws the add-in's icons (assets/icon-16/32/64/80.png): a crimson tile with a white die
// showing three pips. Plain Node (zlib), antialiased by supersampling; run it to redraw them.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const SIZES = [16, 32, 64, 80];
const CRIMSON = [155, 28, 28];
const WHITE = [255, 255, 255];
const SAMPLES = 4;

/** Signed distance to a rounded square centred at (0.5, 0.5), in units of the icon's side. */
function roundedSquare(x, y, half, radius) {
  const dx = Math.max(Math.abs(x - 0.5) - half + radius, 0);
  const dy = Math.max(Math.abs(y - 0.5) - half + radius, 0);
  return Math.hypot(dx, dy) - radius;
}

/** The colour and coverage at a point of the unit square. */
function shade(x, y) {
  if (roundedSquare(x, y, 0.5, 0.16) > 0) return null;
  if (roundedSquare(x, y, 0.3, 0.08) > 0) return CRIMSON;
  const pips = [
    [0.36, 0.36],
    [0.5, 0.5],
    [0.64, 0.64],
  ];
  return pips.some(([px, py]) => Math.hypot(x - px, y - py) < 0.065) ? CRIMSON : WHITE;
}

function pixels(size) {
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = [0]; // PNG filter type: none
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const c = shade((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a++;
        }
      }
      const n = SAMPLES * SAMPLES;
      row.push(a ? Math.round(r / a) : 0, a ? Math.round(g / a) : 0, a ? Math.round(b / a) : 0);
      row.push(Math.round((255 * a) / n));
    }
    rows.push(Buffer.from(row));
  }
  return Buffer.concat(rows);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, tail]);
}

function png(size) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(pixels(size), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dir = path.join(__dirname, '..', 'assets');
fs.mkdirSync(dir, { recursive: true });
for (const size of SIZES) fs.writeFileSync(path.join(dir, `icon-${size}.png`), png(size));
console.log(`icons written to ${dir}`);
