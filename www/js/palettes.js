// Colour ramps as 256-entry RGBA lookup tables, and the map from field values to pixels.

const STOPS = {
  // Water, shore, grass, forest, rock, snow: reads as a heightmap.
  terrain: [[0, [16, 42, 96]], [0.38, [38, 99, 168]], [0.47, [84, 156, 196]], [0.5, [226, 212, 160]], [0.54, [118, 170, 78]],
    [0.68, [58, 118, 52]], [0.8, [122, 104, 82]], [0.9, [160, 150, 140]], [1, [250, 250, 252]]],
  heat: [[0, [12, 7, 48]], [0.3, [110, 20, 120]], [0.55, [210, 60, 70]], [0.8, [250, 160, 40]], [1, [252, 250, 190]]],
  gray: [[0, [0, 0, 0]], [1, [255, 255, 255]]],
};

export const PALETTES = Object.keys(STOPS);

const cache = new Map();

/** A Uint8ClampedArray(256 × 4) ramp for `name`. */
export function ramp(name) {
  if (cache.has(name)) return cache.get(name);
  const stops = STOPS[name] ?? STOPS.gray;
  const lut = new Uint8ClampedArray(256 * 4);
  for (let i = 0; i < 256; i++) {
    const t = i / 255;
    let k = 0;
    while (k < stops.length - 2 && t > stops[k + 1][0]) k++;
    const [t0, c0] = stops[k], [t1, c1] = stops[k + 1];
    const u = Math.min(1, Math.max(0, (t - t0) / (t1 - t0)));
    for (let c = 0; c < 3; c++) lut[i * 4 + c] = c0[c] + (c1[c] - c0[c]) * u;
    lut[i * 4 + 3] = 255;
  }
  cache.set(name, lut);
  return lut;
}

/** Writes `values` (mapped from [lo, hi] to the ramp) into `image.data`. */
export function paint(image, values, lo, hi, name) {
  const lut = ramp(name);
  const px = new Uint32Array(image.data.buffer);
  const lut32 = new Uint32Array(lut.buffer);
  const k = 255 / (hi - lo);
  for (let i = 0; i < values.length; i++) {
    let t = (values[i] - lo) * k;
    t = t < 0 ? 0 : t > 255 ? 255 : t;
    px[i] = lut32[t | 0];
  }
  return image;
}

const BINS = 4096;

// How much of the picture each stretch of a ramp gets, as [quantile, ramp position]
// pairs. Terrain: the lower half is water, the next 32 % shore and grass, 11 % brown
// mountain, the top 7 % bare rock and snow (without it, rank alone would give the grey
// and white stretch of the ramp a fifth of the map).
const SHARES = { terrain: [[0, 0], [0.5, 0.5], [0.82, 0.74], [0.93, 0.9], [1, 1]] };

function through(points, q) {
  let k = 0;
  while (k < points.length - 2 && q > points[k + 1][0]) k++;
  const [q0, t0] = points[k], [q1, t1] = points[k + 1];
  return t0 + (t1 - t0) * Math.min(1, Math.max(0, (q - q0) / (q1 - q0)));
}

/**
 * Writes `values` into `image.data` by rank instead of by value: each pixel's colour
 * is the ramp at its quantile among all of `values` (from a 4096-bin histogram, through
 * the palette's share curve), so each stretch of the ramp covers its share of the picture whatever the field's
 * distribution. fBm sums cluster near 0, so a linear map over the theoretical range
 * would leave the ends of the ramp (deep water, snow) almost empty.
 */
export function paintRanked(image, values, name) {
  let lo = Infinity, hi = -Infinity;
  for (const v of values) { if (v < lo) lo = v; if (v > hi) hi = v; }
  const k = (BINS - 1) / (hi - lo || 1);
  const counts = new Uint32Array(BINS);
  for (const v of values) counts[((v - lo) * k) | 0]++;
  // Quantile of each bin's middle, through the palette's share curve, scaled to the
  // ramp's 256 entries.
  const shares = SHARES[name];
  const rank = new Uint8Array(BINS);
  for (let b = 0, below = 0; b < BINS; b++) {
    const q = (below + counts[b] / 2) / values.length;
    rank[b] = Math.min(255, Math.floor(256 * (shares ? through(shares, q) : q)));
    below += counts[b];
  }
  const lut32 = new Uint32Array(ramp(name).buffer);
  const px = new Uint32Array(image.data.buffer);
  for (let i = 0; i < values.length; i++) px[i] = lut32[rank[((values[i] - lo) * k) | 0]];
  return { image, lo, hi };
}
