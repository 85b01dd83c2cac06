// 2D Perlin noise (Ken Perlin's "improved noise", 2002) and fBm in plain JavaScript:
// the complete program behind the picture beside it. Copy it into a module script
// (<script type="module">), call drawNoise(canvas, { seed: 1 }) and you get the same picture.

// A seeded shuffle of 0…255, written out twice so that perm[i + 1] never runs off the end.
export function permutation(seed) {
  let s = seed >>> 0;
  const random = () => { // mulberry32: a small, fast, seedable generator
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const p = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 255; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [p[i], p[j]] = [p[j], p[i]];
  }
  return p.concat(p);
}

// 6t⁵ − 15t⁴ + 10t³: zero slope and zero curvature at both ends of a cell.
export function fade(t) { return t * t * t * (t * (t * 6 - 15) + 10); }

export function lerp(a, b, t) { return a + t * (b - a); }

// The hash h picks one of eight directions; the result is its dot product with (x, y).
const DIRECTIONS = [[1, 1], [-1, 1], [1, -1], [-1, -1], [1, 0], [-1, 0], [0, 1], [0, -1]];
export function grad(h, x, y) {
  const [gx, gy] = DIRECTIONS[h & 7];
  return gx * x + gy * y;
}

export function perlin2(x, y, perm) {
  const x0 = Math.floor(x), y0 = Math.floor(y);
  const xi = x0 & 255, yi = y0 & 255;   // the cell's corner, wrapped to the table
  const xf = x - x0, yf = y - y0;       // the point inside the cell, 0 ≤ xf, yf < 1
  const u = fade(xf), v = fade(yf);
  // One hash per corner: south-west, south-east, north-west, north-east.
  const sw = perm[perm[xi] + yi], se = perm[perm[xi + 1] + yi];
  const nw = perm[perm[xi] + yi + 1], ne = perm[perm[xi + 1] + yi + 1];
  const south = lerp(grad(sw, xf, yf), grad(se, xf - 1, yf), u);
  const north = lerp(grad(nw, xf, yf - 1), grad(ne, xf - 1, yf - 1), u);
  return lerp(south, north, v);         // about −1 … 1
}

// Fractal Brownian motion: octaves of ever finer, ever quieter noise, normalised.
export function fbm(x, y, perm, octaves = 4, persistence = 0.5, lacunarity = 2) {
  let sum = 0, norm = 0, amplitude = 1, frequency = 1;
  for (let o = 0; o < octaves; o++) {
    sum += amplitude * perlin2(x * frequency, y * frequency, perm);
    norm += amplitude;
    amplitude *= persistence;
    frequency *= lacunarity;
  }
  return sum / norm;
}

// Paints fBm into a canvas in grey: black at −0.7, white at 0.7 and beyond.
export function drawNoise(canvas, { seed = 1, scale = 32, octaves = 4, persistence = 0.5, lacunarity = 2 } = {}) {
  const { width, height } = canvas;
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(width, height);
  const perm = permutation(seed);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const n = fbm((x + 0.5) / scale, (y + 0.5) / scale, perm, octaves, persistence, lacunarity);
      const g = Math.max(0, Math.min(255, Math.round((n / 0.7 + 1) * 127.5)));
      const i = 4 * (y * width + x);
      image.data[i] = image.data[i + 1] = image.data[i + 2] = g;
      image.data[i + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
}
