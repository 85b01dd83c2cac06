// landform benchmark page: every contestant runs the same workloads in this browser,
// interleaved (round r runs everyone once before round r + 1), after warm-up rounds;
// the median time of the timed rounds counts. Every output gets a checksum so nothing
// can be optimised away, and landform's three variants must produce the same bits.
import initSimd, * as simd from '../pkg/landform.js';
import initScalar, * as scalar from './pkg-scalar/landform.js';
import { createPool } from '../js/pool.js';
import heatmap from '../js/figures/heatmap.js';
import { paintRanked } from '../js/palettes.js';
import { createNoise2D, createNoise3D } from './vendor/simplex-noise/simplex-noise.js';
import FastNoiseLite from './vendor/fastnoise-lite/FastNoiseLite.js';
import { makeNoise2D, makeNoise3D } from './vendor/open-simplex-noise/mod.js';
import { graphBench } from './graph.js';
import { mulberry32 } from './mulberry32.js';
import { fnv } from '../js/hash.js';

const W1 = { name: 'W1', label: '2D, 1 octave, 1024²', dims: 2, n: 1024, octaves: 1 };
const W2 = { name: 'W2', label: '2D fBm 8 octaves, 512²', dims: 2, n: 512, octaves: 8 };
const W3 = { name: 'W3', label: '3D, 256²×16', dims: 3, n: 256, depth: 16, octaves: 1 };
// Not in the list: W2 at 1024², landform only, to show how the pool scales once
// a fill is long enough to amortise its messages.
const W2L = { name: 'W2L', label: '2D fBm 8 octaves, 1024² (pool scaling)', dims: 2, n: 1024, octaves: 8, landformOnly: true };
const WORKLOADS = [W1, W2, W3, W2L];
const SCALE = 32;

const samples = (w) => w.n * w.n * (w.depth ?? 1);

// ---- JavaScript peers: a point function per dimension, driven by the same loops.
const FBM_NORM = (() => { let s = 0, a = 1; for (let o = 0; o < 8; o++) { s += a; a *= 0.5; } return s; })();

function gridJs(w, f2, f3, out) {
  const n = w.n;
  let k = 0;
  if (w.dims === 3) {
    for (let z = 0; z < w.depth; z++) {
      const zz = z / 8;
      for (let j = 0; j < n; j++) {
        const y = j / SCALE;
        for (let i = 0; i < n; i++) out[k++] = f3(i / SCALE, y, zz);
      }
    }
  } else if (w.octaves === 1) {
    for (let j = 0; j < n; j++) {
      const y = j / SCALE;
      for (let i = 0; i < n; i++) out[k++] = f2(i / SCALE, y);
    }
  } else {
    for (let j = 0; j < n; j++) {
      const y = j / SCALE;
      for (let i = 0; i < n; i++) {
        const x = i / SCALE;
        let sum = 0, amp = 1, f = 1;
        for (let o = 0; o < 8; o++) { sum += amp * f2(x * f, y * f); amp *= 0.5; f *= 2; }
        out[k++] = sum / FBM_NORM;
      }
    }
  }
}

function fastnoise(type, w) {
  const n = new FastNoiseLite(1337);
  n.SetNoiseType(type);
  n.SetFrequency(1);
  if (w.octaves > 1) {
    n.SetFractalType(FastNoiseLite.FractalType.FBm);
    n.SetFractalOctaves(8);
    n.SetFractalGain(0.5);
    n.SetFractalLacunarity(2);
  }
  return n;
}

function peers() {
  const list = [];
  const add = (lib, noise, make) => list.push({ lib, noise, variant: 'JS', make });
  add('simplex-noise 4.0.3', 'simplex', () => {
    const n2 = createNoise2D(mulberry32(1)), n3 = createNoise3D(mulberry32(1));
    return (w, out) => gridJs(w, n2, n3, out);
  });
  for (const [kind, f2, f3] of [['simplex', 'simplex2', 'simplex3'], ['perlin', 'perlin2', 'perlin3']]) {
    add('noisejs 2.1.0', kind, () => {
      const n = new globalThis.Noise(0.5);
      const a = n[f2].bind(n), b = n[f3].bind(n);
      return (w, out) => gridJs(w, a, b, out);
    });
  }
  for (const [kind, type] of [['opensimplex2', 'OpenSimplex2'], ['perlin', 'Perlin'], ['value', 'Value']]) {
    add('fastnoise-lite 1.1.1', kind, () => (w, out) => {
      const n = fastnoise(FastNoiseLite.NoiseType[type], w);
      // GetNoise does the fractal itself (normalised by its fractal bounding).
      const g2 = (x, y) => n.GetNoise(x, y), g3 = (x, y, z) => n.GetNoise(x, y, z);
      if (w.octaves > 1) {
        const m = w.n; let k = 0;
        for (let j = 0; j < m; j++) { const y = j / SCALE; for (let i = 0; i < m; i++) out[k++] = g2(i / SCALE, y); }
      } else gridJs(w, g2, g3, out);
    });
  }
  add('open-simplex-noise 3.0.0', 'opensimplex', () => {
    const n2 = makeNoise2D(1), n3 = makeNoise3D(1);
    return (w, out) => gridJs(w, n2, n3, out);
  });
  return list;
}

// ---- landform: scalar wasm, SIMD wasm, SIMD + pool.
function specOf(noise, w) {
  const spec = { noise, seed: 1 };
  if (w.octaves > 1) spec.fractal = { kind: 'fbm', octaves: 8, persistence: 0.5, lacunarity: 2 };
  return spec;
}

function landformOne(api, variant, noise) {
  return {
    lib: 'landform', noise, variant,
    make: () => {
      const fields = new Map();
      return (w, out) => {
        let f = fields.get(w.name);
        if (!f) { f = new api.Field(specOf(noise, w)); fields.set(w.name, f); }
        const n = w.n;
        if (w.dims === 3) {
          const slice = n * n;
          for (let z = 0; z < w.depth; z++) {
            f.fill3d(out.subarray(z * slice, (z + 1) * slice), { width: n, height: n, scale: SCALE, z: z / 8 });
          }
        } else {
          f.fill2d(out, { width: n, height: n, scale: SCALE });
        }
      };
    },
  };
}

// The kernel alone: fills wasm-owned Grids in place (no copy out of wasm memory), the
// number to hold against the native build of the same kernels (`cargo bench --bench
// noise`). The result is copied out after the clock stops, for the checksum.
function landformGrid(api, noise) {
  return {
    // Four fills per timing (reported per fill): a W1 fill takes ~1.5 ms, and the page's
    // clock ticks in 0.1 ms, too coarse for the native / wasm ratio of one.
    lib: 'landform', noise, variant: 'SIMD Grid', extra: 'kernel', perCall: 4,
    make: () => {
      const fields = new Map(), grids = new Map();
      return (w, out) => {
        let f = fields.get(w.name);
        if (!f) { f = new api.Field(specOf(noise, w)); fields.set(w.name, f); }
        const n = w.n, depth = w.depth ?? 1;
        if (!grids.has(w.name)) grids.set(w.name, Array.from({ length: depth }, () => new api.Grid(n, n)));
        const gs = grids.get(w.name);
        for (let k = 0; k < 4; k++) {
          if (w.dims === 3) gs.forEach((g, z) => f.fillGrid3d(g, { scale: SCALE, z: z / 8 }));
          else f.fillGrid(gs[0], { scale: SCALE });
        }
        return () => gs.forEach((g, z) => out.set(g.data, z * n * n));
      };
    },
  };
}

const zsOf = (w) => Array.from({ length: w.depth }, (_, z) => z / 8);

function landformPool(pool, noise) {
  return {
    lib: 'landform', noise, variant: `SIMD + pool(${pool.size})`, async: true,
    make: () => async (w, out) => {
      const n = w.n, spec = specOf(noise, w);
      if (w.dims === 3) {
        // The 16 slices as one stack: one job per worker instead of a message per slice.
        await pool.fill3dStack(spec, { width: n, height: n, scale: SCALE }, zsOf(w), out);
      } else {
        await pool.fill2d(spec, { width: n, height: n, scale: SCALE }, out);
      }
      // How late the last band started (ms after the call): ~0.1 on an idle machine,
      // a scheduler time slice when other processes keep the other core busy.
      return { lateStart: Math.max(...pool.stats.last.band.map((b) => b[0])) };
    },
  };
}

// Not one fill at a time but `k` fills in flight together, each into its own array:
// how a tile streamer uses a pool. Reported per fill (total time / k), so it compares
// directly with one thread.
function landformPoolThroughput(pool, noise, k = 4) {
  return {
    lib: 'landform', noise, variant: `pool(${pool.size}) ${k} in flight`, async: true, extra: 'throughput', perCall: k,
    make: () => {
      const outs = new Map();
      return async (w, out) => {
        const n = w.n, spec = specOf(noise, w), len = samples(w);
        if (!outs.has(w.name)) outs.set(w.name, Array.from({ length: k }, () => new Float32Array(len)));
        const arrays = outs.get(w.name);
        await Promise.all(arrays.map((a) => {
          if (w.dims !== 3) return pool.fill2d(spec, { width: n, height: n, scale: SCALE }, a);
          return pool.fill3dStack(spec, { width: n, height: n, scale: SCALE }, zsOf(w), a);
        }));
        return arrays[k - 1];
      };
    },
  };
}

function checksum(out) {
  let s = 0;
  for (let i = 0; i < out.length; i++) s += out[i];
  return s;
}

// How many cores this page can use right now: iterations of a plain JS loop in two
// workers at once over those of one worker alone (2 on an idle 2-core machine; ~1 while
// other processes keep a core busy, which caps any pool ratio the same way).
async function parallelCapacity(ms = 60) {
  const src = `onmessage = (e) => { const end = performance.now() + e.data; let n = 0, x = 0;
    while (performance.now() < end) { for (let i = 0; i < 1000; i++) x = (x * 1103515245 + 12345) | 0; n++; }
    postMessage(n + (x & 0)); };`;
  const url = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
  const ws = [new Worker(url), new Worker(url)];
  const spin = (w) => new Promise((r) => { w.onmessage = (e) => r(e.data); w.postMessage(ms); });
  await Promise.all(ws.map(spin)); // start-up
  const one = await spin(ws[0]);
  const two = (await Promise.all(ws.map(spin))).reduce((a, b) => a + b, 0);
  ws.forEach((w) => w.terminate());
  URL.revokeObjectURL(url);
  return two / one;
}

const median = (v) => { const s = [...v].sort((a, b) => a - b); return s[s.length >> 1]; };
const tick = () => new Promise((r) => setTimeout(r, 0));

/**
 * Runs the benchmark. `reps` timed rounds after `warm` untimed ones. Returns rows of
 * `{ workload, lib, noise, variant, ms, msps, checksum, hash }` plus the interactive and
 * erosion results.
 */
export async function run({ reps = 7, warm = 2, workloads = ['W1', 'W2', 'W3', 'W2L'], interactive = true, erosion = true, graph = true, poolOnly = false, log = () => {} } = {}) {
  await Promise.all([initSimd({ module_or_path: new URL('../pkg/landform_bg.wasm', import.meta.url) }),
    initScalar({ module_or_path: new URL('./pkg-scalar/landform_bg.wasm', import.meta.url) })]);
  if (!simd.simd() || scalar.simd()) throw new Error(`wrong builds: pkg simd=${simd.simd()}, pkg-scalar simd=${scalar.simd()}`);
  const pool = createPool({});
  // Wait for the workers to load the module.
  await pool.ready();
  const contestants = [];
  for (const noise of ['simplex', 'perlin', 'value']) {
    contestants.push(landformOne(scalar, 'scalar', noise), landformOne(simd, 'SIMD', noise), landformGrid(simd, noise), landformPool(pool, noise), landformPoolThroughput(pool, noise));
  }
  if (!poolOnly) contestants.push(...peers());
  else contestants.splice(0, contestants.length, ...contestants.filter((c) => c.variant !== 'scalar'));
  const rows = [];
  const capacity = [await parallelCapacity()];
  for (const w of WORKLOADS.filter((w) => workloads.includes(w.name))) {
    const out = new Float32Array(samples(w));
    const runs = contestants.filter((c) => (w.dims === 2 || c.noise !== 'value' || c.lib === 'landform') && (!w.landformOnly || c.lib === 'landform'))
      .map((c) => ({ c, fn: c.make(), times: [] }));
    for (let r = 0; r < warm + reps; r++) {
      for (const x of runs) {
        out.fill(0);
        const t0 = performance.now();
        const made = x.c.async ? await x.fn(w, out) : x.fn(w, out);
        const dt = (performance.now() - t0) / (x.c.perCall ?? 1);
        if (made?.lateStart !== undefined) { if (r >= warm) (x.late ??= []).push(made.lateStart); }
        else if (typeof made === 'function') made();
        else if (made) out.set(made);
        if (r >= warm) x.times.push(dt);
        if (r === warm + reps - 1) { x.checksum = checksum(out); x.hash = x.c.lib === 'landform' ? fnv(out) : ''; }
        await tick();
      }
      log(`${w.name} round ${r + 1}/${warm + reps}`);
    }
    for (const x of runs) {
      const ms = median(x.times);
      rows.push({ workload: w.name, label: w.label, lib: x.c.lib, noise: x.c.noise, variant: x.c.variant, extra: x.c.extra, ms, msps: samples(w) / ms / 1000, checksum: x.checksum, hash: x.hash, ...(x.late && { lateStartMs: median(x.late) }) });
    }
  }
  const result = { rows, cores: navigator.hardwareConcurrency, userAgent: navigator.userAgent, date: new Date().toISOString() };
  // How often a pool worker had to allocate a result buffer instead of reusing one.
  result.pool = { size: pool.size, jobs: pool.stats.jobs, freshBuffers: pool.stats.freshBuffers };
  capacity.push(await parallelCapacity());
  result.parallelCapacity = capacity.map((c) => +c.toFixed(2));
  if (interactive) result.interactive = await interactiveBench({ scalar, simd }, log);
  if (erosion) result.erosion = await erosionBench({ scalar, simd }, log);
  // graph: true for every graph workload, or a list of their names (graph.js).
  if (graph) result.graph = await graphBench(simd, { reps: Math.min(reps, 5), warm: Math.min(warm, 1), log, ...(Array.isArray(graph) && { workloads: graph }) });
  pool.close();
  return result;
}

/**
 * Figure 1 (the real module) at 512² with 4 octaves while "persistence" moves: median
 * ms from a move to the painted picture, the fill running in the page's worker pool
 * (`pool`), against the same fill and paint done on the main thread with each package
 * (`simd`, `scalar`: how figure 1 worked before it moved to the pool, and what the main
 * thread would be blocked for).
 */
async function interactiveBench(apis, log) {
  const out = {};
  const stage = document.getElementById('stage') ?? document.body.appendChild(document.createElement('div'));
  stage.replaceChildren();
  const state = { noise: 'perlin', palette: 'terrain', seed: 42, scale: 32, octaves: 4, persistence: 0.5, lacunarity: 2 };
  const frames = async (step) => {
    const times = [];
    for (let i = 0; i < 45; i++) {
      state.persistence = 0.3 + 0.01 * (i % 40);
      const t0 = performance.now();
      await step({ ...state });
      if (i >= 5) times.push(performance.now() - t0);
      await new Promise((r) => requestAnimationFrame(r));
    }
    return median(times);
  };
  const fig = await heatmap.mount(stage, state);
  out.pool = await frames((s) => fig.update(s, ['persistence']));
  const image = new ImageData(512, 512), values = new Float32Array(512 * 512);
  for (const [name, api] of Object.entries(apis)) {
    out[name] = await frames((s) => {
      const f = new api.Field({ noise: s.noise, seed: s.seed, fractal: { kind: 'fbm', octaves: s.octaves, persistence: s.persistence, lacunarity: s.lacunarity } });
      f.fill2d(values, { width: 512, height: 512, scale: s.scale, x0: 0.5, y0: 0.5 });
      f.free();
      paintRanked(image, values, s.palette);
    });
  }
  stage.replaceChildren();
  log(`interactive: pool ${out.pool.toFixed(2)} ms to the picture; on the main thread simd ${out.simd.toFixed(2)} ms, scalar ${out.scalar.toFixed(2)} ms`);
  return out;
}

/**
 * Droplets per second on 512², fill + D8 accumulation on 1024², and one landscape step
 * (uplift, receivers, pits, stack, area, stream power n = 1, diffusion) on 1024² after
 * ten steps of uplift on the noise terrain × 50 m, in wasm: issue 16's three timings.
 */
async function erosionBench(apis, log) {
  const out = {};
  for (const [name, api] of Object.entries(apis)) {
    const terrain = (n) => {
      const f = new api.Field({ noise: 'perlin', seed: 7, fractal: { kind: 'fbm', octaves: 6, persistence: 0.5, lacunarity: 2 } });
      const h = new Float32Array(n * n);
      f.fill2d(h, { width: n, height: n, scale: n / 4 });
      const [lo, hi] = f.range;
      for (let i = 0; i < h.length; i++) h[i] = (h[i] - lo) / (hi - lo);
      f.free();
      return h;
    };
    const h512 = terrain(512), h1024 = terrain(1024);
    const ls = new api.Landscape(1024, 1024);
    ls.setHeights(h1024.map((v) => v * 50));
    ls.setUplift(1e-3);
    ls.step(1e4, 10);
    const drops = 30000, dt = [], ft = [], st = [];
    for (let r = 0; r < 4; r++) {
      const h = h512.slice();
      const e = new api.Eroder(512, 512, { seed: r + 1 });
      const t0 = performance.now();
      e.run(h, drops);
      if (r > 0) dt.push(performance.now() - t0);
      e.free();
      const g = h1024.slice();
      const t1 = performance.now();
      api.fillDepressions(g, 1024, 1024);
      api.flowAccumulation(g, 1024, 1024);
      if (r > 0) ft.push(performance.now() - t1);
      const t2 = performance.now();
      ls.step(1e4, 1);
      if (r > 0) st.push(performance.now() - t2);
      await tick();
    }
    ls.free();
    out[name] = { dropletsPerSecond: drops / (median(dt) / 1000), fillD8ms: median(ft), landscapeStepMs: median(st) };
    log(`erosion ${name}: ${Math.round(out[name].dropletsPerSecond)} droplets/s, fill+D8 ${out[name].fillD8ms.toFixed(1)} ms, landscape step ${out[name].landscapeStepMs.toFixed(1)} ms`);
  }
  return out;
}

globalThis.landformBench = { run };
