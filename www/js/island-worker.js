// The island worker: the one owner of the island's map (island-map.js). The page sends
// the figure's state and paints what comes back; every stage, droplet erosion included,
// runs here. A module worker with its own wasm instance, found relative to this file.
// Requests (worker-protocol.js):
//
//   'frame'  state → { size, arrays (only those changed since the last frame), counts,
//            top, terrain ('shaped' | 'preview' | 'eroded' | 'partial'), erosion
//            ('off' | 'missing' | 'running' | 'done'), erosionKey, ms }
//            progress: { evolve: { done, total } } while the evolved shape grows.
//            Cancelling it stops an evolution in flight (AbortError); the map keeps
//            the stages before it.
//   'erode'  { state, again } → { type: 'done' | 'cancelled', done, total, ms, budget,
//            backend, fallbackReason }; progress: { done, total, ms } after each chunk.
//            Cancel 'cancel' keeps the partial map for its key; 'drop' forgets it.
//
// Droplet erosion runs on the CPU (`Eroder` in chunks of 20,000 droplets, erosion-cpu.js,
// yielding between chunks so a cancel or a frame request gets in) or on the GPU through erosion.js
// (WebGPU is available in dedicated workers). 'auto' asks erosion.js's gpuStatus.
import init, * as lf from '../pkg/landform.js';
import { serve, yieldToEvents } from './worker-protocol.js';
import { IslandMap, erosionParams } from './island-map.js';
import { erode, gpuStatus } from './erosion.js';
import { erodeInChunks } from './erosion-cpu.js';

const ready = init({ module_or_path: new URL('../pkg/landform_bg.wasm', import.meta.url) });
const map = new IslandMap(lf);
const CHUNK = 20000;
const SENT = ['terrain', 'moisture', 'flow', 'biome', 'rivers', 'lakes', 'elevation', 'redistributed', 'shaped', 'plain'];
let sent = {};           // array name → the version last sent to the page
// The last KEEP finished (or cancelled) erosions by key, most recent last: going back
// to an island already eroded shows it again at once.
const KEEP = 4;
const kept = new Map();  // key → { heights, partial }
function keep(key, result) {
  kept.delete(key);
  kept.set(key, result);
  if (kept.size > KEEP) kept.delete(kept.keys().next().value);
}
let run = null;          // the erosion in progress: { key, work, done, live, liveDone }

const erosionKey = (s) => JSON.stringify([map.version.evolved, erosionParams(s), s.droplets, s.backend]);

// Every stage up to the map that droplet erosion starts from.
async function upstream(s, job) {
  await map.noise(s);
  await map.redistribute(s);
  await map.falloff(s);
  await map.evolve(s, {
    progress: (done, total) => job.progress({ evolve: { done, total } }),
    cancelled: () => !!job.cancelled,
    yield: yieldToEvents,
  });
}

// Which heightmap the rest of the pipeline sees, and what erosion has for this state.
function chooseTerrain(s) {
  if (!s.erode || s.droplets === 0) { map.setTerrain(map.evolved, 'shaped'); return 'off'; }
  const key = erosionKey(s);
  const done = kept.get(key);
  if (done) { map.setTerrain(done.heights, done.partial ? 'partial' : 'eroded'); return 'done'; }
  if (run?.key === key) {
    if (run.done > 0 && run.liveDone !== run.done) [run.live, run.liveDone] = [run.work.slice(), run.done];
    map.setTerrain(run.live ?? map.evolved, run.live ? 'preview' : 'shaped');
    return 'running';
  }
  map.setTerrain(map.evolved, 'shaped');
  return 'missing';
}

async function frame(s, job) {
  if (Number(s.size) !== map.size) sent = {};
  const t0 = performance.now();
  await upstream(s, job);
  const t1 = performance.now();
  const erosion = chooseTerrain(s);
  await map.downstream(s);
  const arrays = {};
  for (const name of SENT) {
    if (sent[name] === map.version[name]) continue;
    sent[name] = map.version[name];
    arrays[name] = map[name].slice();
  }
  const ms = { shape: t1 - t0, rest: performance.now() - t1 };
  return { size: map.size, arrays, counts: { ...map.counts }, top: map.top, terrain: map.terrainKind, erosion, erosionKey: erosionKey(s), ms };
}

async function erodeRequest({ state: s, again }, job) {
  await upstream(s, job);
  const key = erosionKey(s), n = map.size;
  if (again) kept.delete(key);
  const params = erosionParams(s), droplets = s.droplets;
  const current = run = { key, work: map.evolved.slice(), done: 0, live: null, liveDone: 0 };
  try {
    let backend = s.backend, fallbackReason;
    if (backend === 'auto') {
      const g = await gpuStatus(n, n);
      backend = g.gpu ? 'gpu' : 'cpu';
      fallbackReason = g.reason;
    }
    const t0 = performance.now(); // the rate counts droplets, not choosing the backend
    const r = backend === 'gpu' ? await onGpu(current, params, droplets, job) : await onCpu(current, params, droplets, job);
    if (job.cancelled !== 'drop') keep(key, { heights: r.heights, partial: r.type === 'cancelled' });
    return { type: r.type, done: r.done, total: droplets, ms: performance.now() - t0, budget: r.budget, backend, fallbackReason };
  } finally {
    if (run === current) run = null;
  }
}

async function onCpu(current, params, droplets, job) {
  const eroder = new lf.Eroder(map.size, map.size, params);
  try {
    current.done = await erodeInChunks(eroder, current.work, droplets, {
      chunk: CHUNK,
      cancelled: () => !!job.cancelled,
      progress: (done, ms) => { current.done = done; job.progress({ done, total: droplets, ms }); },
    });
    return { type: current.done < droplets ? 'cancelled' : 'done', done: current.done, heights: current.work, budget: eroder.budget };
  } finally {
    eroder.free();
  }
}

async function onGpu(current, params, droplets, job) {
  const abort = new AbortController();
  job.onCancel = () => abort.abort();
  const t0 = performance.now();
  const onProgress = (done) => { current.done = done; job.progress({ done, total: droplets, ms: performance.now() - t0 }); };
  try {
    const r = await erode(current.work, map.size, map.size, { ...params, droplets }, { backend: 'gpu', signal: abort.signal, onProgress });
    return { type: 'done', done: droplets, heights: r.heights, budget: r.budget };
  } catch (e) {
    if (e.name !== 'AbortError') throw e;
    // The GPU keeps nothing of a run it did not finish: the map as it was.
    return { type: 'cancelled', done: current.done, heights: current.work, budget: null };
  }
}

serve({ frame, erode: erodeRequest }, ready);
