// The island's map: every array of the pipeline, named by what it holds, and one method
// per stage. Following mapgen4 (Red Blob Games), a stage reruns only when its inputs
// change: its parameters, or the version of an array it reads. It lives in the island
// worker (island-worker.js); the page only paints what it sends.
//
//   elevation      warped fBm, normalised to [0, 1]           (shape seed, features, warp)
//   plain          the same fBm unwarped, PLAIN² cells         (for the first stage picture)
//   moisture       a second fBm, normalised                   (moisture seed)
//   redistributed  elevation^k                                (exponent)
//   shaped         after the island falloff                   (falloff, blend)
//   evolved        shaped, or grown by uplift + stream power   (shape: noise | evolved)
//   terrain        what droplet erosion left (or its preview, or evolved when it is off)
//   filled         depressions filled (or terrain, fill none)  (fill, sea)
//   flow           D8 drainage area in cells                  (sea)
//   rivers, lakes  0/1 per cell                               (threshold, sea)
//   biome          biome id per cell                          (sea, moisture)
import { evolveIsland } from './island-evolve.js';

/** Side of the `plain` map (the largest stage picture of island.html). */
export const PLAIN = 176;
const LAKE_DEPTH = 0.004;

const FBM = { kind: 'fbm', octaves: 7, persistence: 0.5, lacunarity: 2 };
const offset = (seed) => [(seed % 97) * 13.37, (seed % 89) * 7.91, 0];
/** The shape's noise spec (warped unless off). */
export function shapeSpec(s) {
  const spec = { noise: 'perlin', seed: s.seed, fractal: FBM };
  if (s.warp && s.warpStrength > 0) spec.warp = { strength: s.warpStrength, seed: s.seed + 101, octaves: 3, frequency: 0.7 };
  spec.offset = offset(s.seed);
  return spec;
}
const moistureSpec = (s) => ({ noise: 'perlin', seed: s.moistureSeed + 5000, fractal: { ...FBM, octaves: 5 }, offset: [31.7, 11.3, 0] });

/** What droplet erosion depends on besides its input map: its parameters, count and backend. */
export const erosionParams = (s) => ({
  seed: s.seed, erodeSpeed: s.erodeSpeed, depositSpeed: s.depositSpeed, capacityFactor: s.capacity,
  inertia: s.inertia, radius: s.radius, lifetime: s.lifetime, evaporation: s.evaporation,
  // The sea is erosion's base level: rivers stop at the coast and the island keeps its outline.
  seaLevel: s.sea,
});

// A 53-bit digest of a string (two FNV-1a lanes): equal inputs give equal versions.
function digest(text) {
  let a = 0x811c9dc5, b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return (a >>> 0) * 2 ** 21 + ((b >>> 0) >>> 11);
}

export class IslandMap {
  constructor(lf) {
    this.lf = lf;
    this.size = 0;
    // Array name → version: a digest of the inputs that made it (so the same inputs,
    // met again, give the same version, and whatever is keyed by it is found again).
    this.version = {};
    this.inputs = {};  // stage name → the inputs it last ran with
    this.clock = 0;    // versions of `terrain`, which is set, not computed
    this.counts = { rivers: 0, lakes: 0 };
    this.top = 1;
  }

  /**
   * Runs `compute` (it may be async) unless stage `name` last ran with the same
   * `params` and the same versions of the arrays in `reads`; then `name`'s version is
   * that of its new inputs. Returns whether it ran.
   */
  async stage(name, params, reads, compute) {
    const key = JSON.stringify([params, reads.map((r) => this.version[r] ?? 0)]);
    if (this.inputs[name] === key) return false;
    this[name] = await compute();
    this.inputs[name] = key;
    this.version[name] = `${name}:${digest(key)}`;
    return true;
  }

  fill(spec, n, scale) {
    const f = new this.lf.Field(spec);
    try {
      const v = new Float32Array(n * n);
      f.fill2d(v, { width: n, height: n, scale });
      this.lf.normalize(v);
      return v;
    } finally {
      f.free();
    }
  }

  async noise(s) {
    const n = Number(s.size);
    this.size = n;
    await this.stage('elevation', [shapeSpec(s), n, s.features], [], () => this.fill(shapeSpec(s), n, n / s.features));
    await this.stage('plain', [s.seed, s.features], [], () => this.fill(shapeSpec({ ...s, warp: false }), PLAIN, PLAIN / s.features));
    await this.stage('moisture', [s.moistureSeed, n], [], () => this.fill(moistureSpec(s), n, n / 2.4));
  }

  async redistribute(s) {
    await this.stage('redistributed', [s.exponent], ['elevation'], () => {
      const r = this.elevation.slice();
      if (s.exponent !== 1) this.lf.redistribute(r, s.exponent);
      return r;
    });
  }

  async falloff(s) {
    await this.stage('shaped', [s.falloff, s.blend], ['redistributed'], () => {
      const h = this.redistributed.slice();
      this.lf.islandFalloff(h, this.size, this.size, { shape: s.falloff, blend: s.blend });
      return h;
    });
  }

  /** `job` = { progress(done, total), cancelled() }: the evolution runs in chunks. */
  async evolve(s, job) {
    const evolved = s.shape === 'evolved';
    await this.stage('evolved', [evolved && [s.sea, s.evolveSteps]], ['shaped'], () => (evolved
      ? evolveIsland(this.lf, this.shaped, this.size, { sea: s.sea, steps: s.evolveSteps, seed: s.seed }, job)
      : this.shaped));
  }

  /** Sets the map the rest of the pipeline sees (a new array is a new version). */
  setTerrain(heights, kind) {
    this.terrainKind = kind;
    if (this.terrain === heights) return;
    this.terrain = heights;
    this.version.terrain = ++this.clock;
  }

  async hydrology(s) {
    const n = this.size;
    await this.stage('filled', [s.fill, s.sea], ['terrain'], () => {
      const f = this.terrain.slice();
      if (s.fill !== 'none') this.lf.fillDepressions(f, n, n, { method: s.fill, seaLevel: s.sea });
      return f;
    });
    await this.stage('flow', [s.sea], ['filled'], () => this.lf.flowAccumulation(this.filled, n, n, s.sea));
  }

  async water(s) {
    // The threshold is a catchment area in cells of a 256² map, so the same rivers
    // appear at 512² (where each of those cells is four).
    const threshold = s.threshold * (this.size / 256) ** 2;
    await this.stage('rivers', [threshold, s.sea], ['flow', 'terrain'], () => {
      const r = this.lf.riverMask(this.flow, threshold);
      let count = 0;
      for (let i = 0; i < r.length; i++) { r[i] &= this.terrain[i] >= s.sea; count += r[i]; }
      this.counts.rivers = count;
      return r;
    });
    await this.stage('lakes', [s.sea], ['filled'], () => {
      const lake = new Uint8Array(this.terrain.length);
      let count = 0;
      for (let i = 0; i < lake.length; i++) {
        lake[i] = this.terrain[i] >= s.sea && this.filled[i] - this.terrain[i] > LAKE_DEPTH ? 1 : 0;
        count += lake[i];
      }
      this.counts.lakes = count;
      return lake;
    });
  }

  // Biomes read elevation on Red Blob's scale: the sea ends at 0.1 and the island's
  // highest point is 1, whatever the sea level and the exponent.
  async biomes(s) {
    await this.stage('biome', [s.sea], ['terrain', 'moisture'], () => {
      const h = this.terrain, sea = s.sea, e = new Float32Array(h.length);
      let top = sea;
      for (let i = 0; i < h.length; i++) if (h[i] > top) top = h[i];
      this.top = top;
      const land = 0.9 / Math.max(1e-3, top - sea);
      for (let i = 0; i < h.length; i++) e[i] = h[i] < sea ? Math.max(0, h[i]) * 0.1 / sea : Math.min(1, 0.1 + (h[i] - sea) * land);
      return this.lf.biomes(e, this.moisture, this.size, this.size, { seaLevel: 0.1, beachBand: 0.025, snowLine: 0.86, rockSlope: 5 }).ids;
    });
  }

  /** Everything after the terrain map: drainage, water, biomes. */
  async downstream(s) {
    await this.hydrology(s);
    await this.water(s);
    await this.biomes(s);
  }
}
