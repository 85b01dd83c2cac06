// Ground materials for the texture figure, made with landform's own tileable noise
// (spec.period), so nothing is downloaded: rock (strata and cracks), pebbles (Worley),
// grass and soil. Each is one height field from which the albedo, a tangent-space
// normal map and the roughness are all derived, so the three always agree.
// Returns { albedo, normal: Uint8Array RGBA (n × n), size: n }; albedo.a = roughness.
// The noise fills (most of the work) run in the page's worker pool.

export const MATERIALS = [['rock', 'Rock'], ['pebbles', 'Pebbles'], ['grass', 'Grass'], ['soil', 'Soil']];

// A seamless n × n fill of `spec` with `period` lattice cells across the tile,
// normalised to [0, 1] by the field's range; `fill(spec, region)` resolves to the values.
async function tile(lf, fill, [spec, period], n) {
  const full = { ...spec, period: [period, period] };
  const f = new lf.Field(full);
  const [lo, hi] = f.range;
  f.free();
  const out = await fill(full, { width: n, height: n, scale: n / period, x0: 0, y0: 0 });
  for (let i = 0; i < out.length; i++) out[i] = (out[i] - lo) / (hi - lo);
  return out;
}

const fbm = (seed, octaves, noise = 'perlin') => ({ noise, seed, fractal: { kind: 'fbm', octaves, persistence: 0.5, lacunarity: 2 } });
const worley = (seed, ret) => ({ noise: 'worley', seed, worley: { distance: 'euclidean', return: ret, jitter: 1 } });
const smooth = (a, b, x) => { const t = Math.min(1, Math.max(0, (x - a) / (b - a))); return t * t * (3 - 2 * t); };
const mix3 = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

// Each recipe names its noise tiles ([spec, period]) and, from them, fills height[i]
// (0–1), colour rgb[3i..] (0–1) and rough[i] (0–1).
const RECIPES = {
  rock: [{ broad: [fbm(11, 6), 4], fine: [fbm(12, 4), 16], crack: [worley(13, 'f2-f1'), 6] }, (n, { broad, fine, crack }, height, rgb, rough) => {
    const bands = [[0.46, 0.42, 0.38], [0.62, 0.57, 0.50], [0.38, 0.33, 0.30], [0.70, 0.66, 0.60], [0.52, 0.45, 0.37]];
    for (let i = 0; i < n * n; i++) {
      const y = Math.floor(i / n) / n;
      // Strata: bands along y (whole number of bands per tile), bent by the broad fBm.
      const s = (y * 5 + broad[i] * 1.6 + 10) % 5;
      const k = Math.floor(s), t = smooth(0.75, 1, s - k);
      const c = mix3(bands[k], bands[(k + 1) % 5], t);
      const cr = 1 - smooth(0.02, 0.09, crack[i]);
      const shade = 0.8 + 0.4 * fine[i];
      height[i] = 0.5 * broad[i] + 0.3 * fine[i] + 0.15 * (s - k > 0.85 ? 1 : 0) - 0.45 * cr;
      rgb.set([c[0] * shade * (1 - 0.6 * cr), c[1] * shade * (1 - 0.6 * cr), c[2] * shade * (1 - 0.62 * cr)], 3 * i);
      rough[i] = 0.7 + 0.25 * cr;
    }
  }],
  pebbles: [{ f1: [worley(21, 'f1'), 9], edge: [worley(21, 'f2-f1'), 9], tint: [fbm(22, 3, 'value'), 18], grain: [fbm(23, 3), 64] }, (n, { f1, edge, tint, grain }, height, rgb, rough) => {
    const stones = [[0.56, 0.52, 0.47], [0.42, 0.40, 0.38], [0.66, 0.60, 0.52], [0.48, 0.43, 0.36]];
    for (let i = 0; i < n * n; i++) {
      const dome = smooth(0.0, 0.22, edge[i]);
      const k = Math.min(3, Math.floor(tint[i] * 4));
      const c = mix3([0.30, 0.26, 0.21], stones[k], dome);
      const g = 0.85 + 0.3 * grain[i];
      height[i] = dome * (1 - 0.8 * f1[i] * f1[i]) + 0.05 * grain[i];
      rgb.set([c[0] * g, c[1] * g, c[2] * g], 3 * i);
      rough[i] = 0.9 - 0.5 * dome;
    }
  }],
  grass: [{ clumps: [worley(31, 'f1'), 24], patch: [fbm(32, 4), 3], blades: [fbm(33, 2, 'value'), 96], flowers: [worley(34, 'f1'), 12] }, (n, { clumps, patch, blades, flowers }, height, rgb, rough) => {
    for (let i = 0; i < n * n; i++) {
      const tall = 1 - clumps[i];
      let c = mix3([0.20, 0.30, 0.09], [0.42, 0.52, 0.17], smooth(0.25, 0.8, patch[i]));
      c = mix3(c, [0.55, 0.50, 0.26], smooth(0.72, 0.9, patch[i]) * 0.7);
      const b = 0.6 + 0.6 * blades[i] * tall;
      const fl = flowers[i] < 0.05 ? 1 : 0;
      height[i] = 0.6 * tall + 0.4 * blades[i];
      rgb.set(fl ? [0.85, 0.80, 0.35] : [c[0] * b, c[1] * b, c[2] * b], 3 * i);
      rough[i] = 0.85;
    }
  }],
  soil: [{ clods: [fbm(41, 6), 8], wet: [fbm(42, 3), 3], grit: [worley(43, 'f1'), 40], stones: [worley(44, 'f1'), 14] }, (n, { clods, wet, grit, stones }, height, rgb, rough) => {
    for (let i = 0; i < n * n; i++) {
      const w = smooth(0.55, 0.75, wet[i]);
      const st = 1 - smooth(0.08, 0.14, stones[i]);
      let c = mix3([0.45, 0.33, 0.22], [0.27, 0.19, 0.13], w);
      const g = 0.75 + 0.5 * clods[i] - 0.2 * (grit[i] < 0.15 ? 1 : 0);
      c = mix3([c[0] * g, c[1] * g, c[2] * g], [0.58, 0.55, 0.50], st);
      height[i] = 0.8 * clods[i] + 0.4 * st - 0.1 * w;
      rgb.set(c, 3 * i);
      rough[i] = 0.95 - 0.45 * w - 0.2 * st;
    }
  }],
};

/**
 * Builds material `name` at n × n texels (n a power of two); `fill(spec, region)`
 * resolves to a Float32Array of the field (the worker pool's fill2d on the site).
 */
export async function makeMaterial(lf, name, fill, n = 512) {
  const recipe = RECIPES[name];
  if (!recipe) throw new TypeError(`texture figure: material must be one of ${Object.keys(RECIPES).join(', ')}; got ${name}`);
  const [tiles, paint] = recipe;
  const keys = Object.keys(tiles);
  const values = await Promise.all(keys.map((k) => tile(lf, fill, tiles[k], n)));
  const height = new Float32Array(n * n), rgb = new Float32Array(3 * n * n), rough = new Float32Array(n * n);
  paint(n, Object.fromEntries(keys.map((k, i) => [k, values[i]])), height, rgb, rough);
  const albedo = new Uint8Array(4 * n * n), normal = new Uint8Array(4 * n * n);
  const byte = (v) => Math.max(0, Math.min(255, Math.round(v * 255)));
  const strength = n / 16;   // height 1 ≈ 1/16 of a tile: bumps, not mountains
  for (let y = 0, i = 0; y < n; y++) for (let x = 0; x < n; x++, i++) {
    albedo[4 * i] = byte(rgb[3 * i]); albedo[4 * i + 1] = byte(rgb[3 * i + 1]); albedo[4 * i + 2] = byte(rgb[3 * i + 2]);
    albedo[4 * i + 3] = byte(rough[i]);
    // Central differences with wrap-around (the tile is seamless).
    const hx = height[y * n + ((x + 1) % n)] - height[y * n + ((x + n - 1) % n)];
    const hy = height[((y + 1) % n) * n + x] - height[((y + n - 1) % n) * n + x];
    const nx = -hx * strength / 2, ny = -hy * strength / 2, len = Math.hypot(nx, ny, 1);
    normal[4 * i] = byte(nx / len * 0.5 + 0.5); normal[4 * i + 1] = byte(ny / len * 0.5 + 0.5);
    normal[4 * i + 2] = byte(1 / len * 0.5 + 0.5); normal[4 * i + 3] = byte(height[i]);
  }
  return { albedo, normal, size: n };
}
