// Exports: a heightmap as a 16-bit grayscale PNG or raw little-endian float32, any
// canvas as PNG. PNG encoding (IHDR, IDAT via CompressionStream's zlib 'deflate', IEND)
// follows the PNG specification (ISO/IEC 15948); no library needed.

const CRC = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes) {
  let c = 0xFFFFFFFF;
  for (const b of bytes) c = CRC[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ 0xFFFFFFFF) >>> 0;
}

function chunk(type, data) {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function zlib(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A 16-bit grayscale PNG of `values` (w × h), mapping [lo, hi] to [0, 65535]. */
export async function png16(values, width, height, lo, hi) {
  const raw = new Uint8Array(height * (1 + width * 2));
  const k = 65535 / (hi - lo || 1);
  for (let y = 0, o = 0; y < height; y++) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const v = Math.round(Math.min(65535, Math.max(0, (values[y * width + x] - lo) * k)));
      raw[o++] = v >> 8;
      raw[o++] = v & 255;
    }
  }
  const ihdr = new Uint8Array(13);
  const dv = new DataView(ihdr.buffer);
  dv.setUint32(0, width);
  dv.setUint32(4, height);
  ihdr.set([16, 0, 0, 0, 0], 8); // bit depth 16, colour type 0 (gray), deflate, no filter, no interlace
  const sig = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
  return new Blob([sig, chunk('IHDR', ihdr), chunk('IDAT', await zlib(raw)), chunk('IEND', new Uint8Array())], { type: 'image/png' });
}

/** Raw little-endian float32 samples, row-major (what every engine's raw importer reads). */
export function float32(values) {
  const copy = new Float32Array(values);
  return new Blob([copy.buffer], { type: 'application/octet-stream' });
}
