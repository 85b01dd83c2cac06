// Field graphs in the browser: a graph of three leaves and three ops filled by landform
// (SIMD, one thread), against the sum of its leaves' own fills (what the row-at-a-time
// evaluator costs on top) and against the fastest JavaScript way to compute the same
// graph: a JS peer's noise at each point, the fBm and the ops fused into one typed-array
// loop (faster in JS than three arrays and three passes). Rounds interleaved, median.
import { createNoise2D, createNoise3D } from './vendor/simplex-noise/simplex-noise.js';
import FastNoiseLite from './vendor/fastnoise-lite/FastNoiseLite.js';
import { mulberry32 } from './mulberry32.js';

const SCALE = 32, OCTAVES = 4;
const fbm = (noise, seed) => ({ noise, seed, fractal: { kind: 'fbm', octaves: OCTAVES, persistence: 0.5, lacunarity: 2 } });

/** blend(a, |b|, 0.5·c) of one kernel: leaves a, b 4-octave fBm, c one octave. */
export const graphOf = (noise) => ({
  op: 'blend',
  inputs: [fbm(noise, 1), { op: 'abs', inputs: [fbm(noise, 2)] }, { op: 'scaleBias', scale: 0.5, bias: 0, inputs: [{ noise, seed: 3 }] }],
});
const leavesOf = (noise) => [fbm(noise, 1), fbm(noise, 2), { noise, seed: 3 }];

// The JS peers get the same kernel where they have it (OpenSimplex2 stands in for simplex).
export const GRAPH_WORKLOADS = [
  { name: 'G2', label: 'simplex graph, 2D 1024²', noise: 'simplex', dims: 2, n: 1024, depth: 1 },
  { name: 'G2P', label: 'Perlin graph, 2D 1024²', noise: 'perlin', dims: 2, n: 1024, depth: 1 },
  { name: 'G3', label: 'simplex graph, 3D 256²×8', noise: 'simplex', dims: 3, n: 256, depth: 8 },
  { name: 'G3P', label: 'Perlin graph, 3D 256²×8', noise: 'perlin', dims: 3, n: 256, depth: 8 },
];

const NORM = 1 + 0.5 + 0.25 + 0.125;

// The graph in plain JS over point functions n[0..2](x, y, z): blend as landform's
// (control mapped from [−1, 1] to [0, 1], clamped).
function jsGraph(w, n, out) {
  const [a, b, c] = n;
  const f = (g, x, y, z) => { let s = 0, amp = 1, q = 1; for (let o = 0; o < OCTAVES; o++) { s += amp * g(x * q, y * q, z * q); amp *= 0.5; q *= 2; } return s / NORM; };
  let k = 0;
  for (let s = 0; s < w.depth; s++) {
    const z = s / 8;
    for (let j = 0; j < w.n; j++) {
      const y = j / SCALE;
      for (let i = 0; i < w.n; i++) {
        const x = i / SCALE;
        const va = f(a, x, y, z), vb = Math.abs(f(b, x, y, z));
        const t = Math.min(1, Math.max(0, (0.5 * c(x, y, z) + 1) * 0.5));
        out[k++] = va + t * (vb - va);
      }
    }
  }
}

function peers(w) {
  const list = [];
  if (w.noise === 'simplex') list.push(['simplex-noise 4.0.3 simplex', () => {
    // A 2D function ignores the third argument jsGraph passes.
    const n = [1, 2, 3].map((s) => (w.dims === 3 ? createNoise3D : createNoise2D)(mulberry32(s)));
    return (out) => jsGraph(w, n, out);
  }]);
  const fnl = w.noise === 'simplex' ? 'OpenSimplex2' : 'Perlin';
  list.push([`fastnoise-lite 1.1.1 ${fnl.toLowerCase()}`, () => {
    const n = [1, 2, 3].map((s) => {
      const f = new FastNoiseLite(s);
      f.SetNoiseType(FastNoiseLite.NoiseType[fnl]);
      f.SetFrequency(1);
      return w.dims === 3 ? (x, y, z) => f.GetNoise(x, y, z) : (x, y) => f.GetNoise(x, y);
    });
    return (out) => jsGraph(w, n, out);
  }]);
  if (globalThis.Noise) {
    const k = w.noise === 'simplex' ? 'simplex' : 'perlin';
    list.push([`noisejs 2.1.0 ${k}`, () => {
      const n = [1, 2, 3].map((s) => {
        const g = new globalThis.Noise(s / 4);
        return g[`${k}${w.dims}`].bind(g);
      });
      return (out) => jsGraph(w, n, out);
    }]);
  }
  return list;
}

function fillWith(f, w, out) {
  const slice = w.n * w.n;
  for (let s = 0; s < w.depth; s++) {
    const region = { width: w.n, height: w.n, scale: SCALE };
    if (w.dims === 3) f.fill3d(out.subarray(s * slice, (s + 1) * slice), { ...region, z: s / 8 });
    else f.fill2d(out, region);
  }
}

const median = (v) => { const s = [...v].sort((a, b) => a - b); return s[s.length >> 1]; };
const tick = () => new Promise((r) => setTimeout(r, 0));

/**
 * Runs the graph workloads (`workloads`: their names) with the SIMD package `api`. Per workload: `{ graphMs,
 * leavesMs, overLeaves, peers: { name: ms }, peer, vsPeer }` (vsPeer: the fastest peer's
 * time over landform's).
 */
export async function graphBench(api, { reps = 5, warm = 1, workloads = GRAPH_WORKLOADS.map((w) => w.name), log = () => {} } = {}) {
  const out = {};
  for (const w of GRAPH_WORKLOADS.filter((g) => workloads.includes(g.name))) {
    const buf = new Float32Array(w.n * w.n * w.depth);
    const graph = new api.Field(graphOf(w.noise));
    const leaves = leavesOf(w.noise).map((s) => new api.Field(s));
    const runs = [
      { name: 'graph', fn: () => fillWith(graph, w, buf) },
      { name: 'leaves', fn: () => leaves.forEach((f) => fillWith(f, w, buf)) },
      ...peers(w).map(([name, make]) => { const fn = make(); return { name, fn: () => fn(buf), peer: true }; }),
    ].map((r) => ({ ...r, times: [] }));
    for (let r = 0; r < warm + reps; r++) {
      for (const x of runs) {
        const t0 = performance.now();
        x.fn();
        if (r >= warm) x.times.push(performance.now() - t0);
        await tick();
      }
      log(`${w.name} round ${r + 1}/${warm + reps}`);
    }
    graph.free();
    leaves.forEach((f) => f.free());
    const ms = Object.fromEntries(runs.map((x) => [x.name, median(x.times)]));
    const peerTimes = Object.fromEntries(runs.filter((x) => x.peer).map((x) => [x.name, ms[x.name]]));
    const [peer, peerMs] = Object.entries(peerTimes).sort((a, b) => a[1] - b[1])[0];
    out[w.name] = { label: w.label, graphMs: ms.graph, leavesMs: ms.leaves, overLeaves: ms.graph / ms.leaves, peers: peerTimes, peer, vsPeer: peerMs / ms.graph };
    log(`${w.name}: graph ${ms.graph.toFixed(1)} ms = ${(ms.graph / ms.leaves).toFixed(2)}× its leaves; ${(peerMs / ms.graph).toFixed(2)}× the fastest JS (${peer} ${peerMs.toFixed(1)} ms)`);
  }
  return out;
}
