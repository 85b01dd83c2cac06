// Droplet erosion on the GPU (WebGPU compute, erosion-gpu.js) with the CPU Eroder as
// reference and fallback (in a worker, in chunks: erosion-worker.js). Ships in the
// package as `landform/erosion.js`:
//
//   const r = await erode(heights, width, height, { droplets, seed, ...ErosionOptions },
//     { backend: 'auto' | 'gpu' | 'cpu', onProgress(done, total), signal, concurrency, chunk });
//   r = { heights: Float32Array (new), backend, fallbackReason, budget, droplets, ms, fixed? }
//
// Options are validated by constructing the CPU Eroder with them (the same RangeError /
// TypeError as `new Eroder`) and running it for 0 droplets over a copy of the heights,
// before any GPU work starts.
import init, { Eroder } from '../pkg/landform.js';
import { GPU_MAX_HEIGHT, GpuUnavailable, gpuErode, gpuFor, gpuStarts } from './erosion-gpu.js';
import { startWorker } from './pool.js';
import { connect } from './worker-protocol.js';

const RUN_KEYS = ['backend', 'onProgress', 'signal', 'concurrency', 'chunk', 'first'];
const BACKENDS = ['auto', 'gpu', 'cpu'];
const MAX_DROPLETS = 2 ** 32 - 1;
const MAX_CHUNK = 1 << 20;
const SCALE = 1e6;

const integerIn = (name, v, lo, hi) => {
  if (!Number.isInteger(v) || v < lo || v > hi) throw new RangeError(`\`${name}\` must be an integer in [${lo}, ${hi}], got ${v}`);
  return v;
};

function plainObject(name, v) {
  if (v == null) return {};
  if (typeof v !== 'object' || Array.isArray(v)) throw new TypeError(`\`${name}\` must be a plain object, got ${typeof v}`);
  return v;
}

// Everything erode() needs, checked: { map (a copy), params (complete), droplets, run }.
function validate(heights, width, height, options, run) {
  if (!(heights instanceof Float32Array)) throw new TypeError('`heights` must be a Float32Array');
  integerIn('width', width, 2, 65536);
  integerIn('height', height, 2, 65536);
  const { droplets, ...rest } = plainObject('options', options);
  integerIn('droplets', droplets, 0, MAX_DROPLETS);
  const r = plainObject('run', run);
  for (const key of Object.keys(r)) {
    if (!RUN_KEYS.includes(key)) throw new TypeError(`\`run\` has unknown key '${key}'; allowed keys: ${RUN_KEYS.join(', ')}`);
  }
  const backend = r.backend ?? 'auto';
  if (!BACKENDS.includes(backend)) throw new TypeError(`\`backend\` must be 'auto', 'gpu' or 'cpu', got ${String(backend)}`);
  if (r.onProgress != null && typeof r.onProgress !== 'function') throw new TypeError('`onProgress` must be a function');
  if (r.signal != null && !(r.signal instanceof AbortSignal)) throw new TypeError('`signal` must be an AbortSignal');
  const chunk = r.chunk == null ? 32768 : integerIn('chunk', r.chunk, 1, MAX_CHUNK);
  const concurrency = r.concurrency == null ? undefined : integerIn('concurrency', r.concurrency, 1, MAX_CHUNK);
  const first = r.first == null ? 0 : integerIn('first', r.first, 0, MAX_DROPLETS);
  if (first > 0 && backend !== 'gpu') throw new RangeError("`first` (resuming a run at a later droplet) needs backend 'gpu'");
  const map = heights.slice();
  const eroder = new Eroder(width, height, rest);
  try {
    eroder.run(map, 0); // the heights: length, finite, in range
    return { map, params: eroder.params, droplets, backend, chunk, concurrency, first, onProgress: r.onProgress, signal: r.signal };
  } finally {
    eroder.free();
  }
}

// Why the GPU cannot take these heights (as a RangeError), or null.
function outOfGpuRange(map, params) {
  const sea = params.seaLevel;
  if (sea != null && Math.abs(sea) > GPU_MAX_HEIGHT) {
    return new RangeError(`\`seaLevel\` must be in [-${GPU_MAX_HEIGHT}, ${GPU_MAX_HEIGHT}] on the GPU (fixed point: millionths in an i32), got ${sea}`);
  }
  for (let i = 0; i < map.length; i++) {
    if (Math.abs(map[i]) > GPU_MAX_HEIGHT) {
      return new RangeError(`\`heights\` must be in [-${GPU_MAX_HEIGHT}, ${GPU_MAX_HEIGHT}] on the GPU (fixed point: millionths in an i32); index ${i} is ${map[i]}`);
    }
  }
  return null;
}

// The GPU for a job, or a GpuUnavailable saying why 'auto' takes the CPU ('gpu' takes
// any adapter; a map outside the fixed-point range is a RangeError for it).
async function pickGpu(backend, map, params, width, height) {
  const range = outOfGpuRange(map, params);
  if (range) throw backend === 'gpu' ? range : new GpuUnavailable(range.message);
  const g = await gpuFor(width, height);
  if (backend === 'auto' && g.software) {
    throw new GpuUnavailable(`the only WebGPU adapter is a software one (${g.name}), slower than the CPU eroder`);
  }
  return g;
}

/** Whether 'auto' would erode a width × height map on the GPU: { gpu: true } or { gpu: false, reason }. */
export async function gpuStatus(width, height) {
  await init();
  integerIn('width', width, 2, 65536);
  integerIn('height', height, 2, 65536);
  try {
    await pickGpu('auto', [], {}, width, height);
    return { gpu: true };
  } catch (e) {
    if (e instanceof GpuUnavailable) return { gpu: false, reason: e.message };
    throw e;
  }
}

const abortError = (signal) => signal.reason ?? new DOMException('The erosion run was aborted', 'AbortError');

/** Erodes a copy of `heights`; see the module comment and erosion.d.ts. */
export async function erode(heights, width, height, options, run) {
  const t0 = performance.now();
  await init();
  const job = validate(heights, width, height, options, run);
  if (job.signal?.aborted) throw abortError(job.signal);
  if (job.backend === 'cpu') return cpu(job, width, height, t0);
  let g;
  try {
    g = await pickGpu(job.backend, job.map, job.params, width, height);
  } catch (e) {
    if (!(e instanceof GpuUnavailable)) throw e;
    if (job.backend === 'gpu') throw new Error(`erode: backend 'gpu' is not available: ${e.message}`);
    return cpu(job, width, height, t0, e.message);
  }
  const fixed = Int32Array.from(job.map, (v) => Math.round(v * SCALE));
  const out = await gpuErode(g, fixed, width, height, job.params, job.droplets, job);
  const [eroded, deposited, carriedOff, stranded] = out.totals;
  const units = (v) => v / SCALE;
  return {
    heights: Float32Array.from(out.heights, units),
    backend: 'gpu',
    fallbackReason: undefined,
    budget: { eroded: units(eroded), deposited: units(deposited), lost: units(carriedOff + stranded), carriedOff: units(carriedOff), stranded: units(stranded) },
    fixed: { before: fixed, heights: out.heights, eroded, deposited, carriedOff, stranded },
    droplets: job.droplets,
    ms: performance.now() - t0,
  };
}

// The CPU Eroder in a worker of its own (erosion-worker.js), in chunks of `chunk` droplets.
function cpu(job, width, height, t0, fallbackReason) {
  const { map, params, droplets, onProgress, signal } = job;
  return new Promise((resolve, reject) => {
    let worker;
    try {
      worker = connect(startWorker(new URL('./erosion-worker.js', import.meta.url), 'landform-erosion'), 'it did not start');
    } catch (e) {
      reject(e);
      return;
    }
    const end = () => { worker.terminate(); signal?.removeEventListener('abort', onAbort); };
    const onAbort = () => { end(); reject(abortError(signal)); };
    signal?.addEventListener('abort', onAbort, { once: true });
    // The Eroder takes ErosionOptions; seaLevel null means none.
    const { seaLevel, ...rest } = params;
    const options = seaLevel == null ? rest : params;
    worker.call('erode', { width, height, heights: map.buffer, params: options, droplets, chunk: Math.min(job.chunk, 20000) }, (p) => onProgress?.(p.done, p.total)).then(
      (r) => { end(); resolve({ heights: new Float32Array(r.heights), backend: 'cpu', fallbackReason, budget: r.budget, droplets, ms: performance.now() - t0 }); },
      (e) => { if (signal?.aborted) return; end(); reject(new Error(`erode: the CPU worker failed (${e.message})`)); });
  });
}

/** Droplet starts as the GPU computes them (x, y interleaved), for checking against the CPU's stream. */
export async function dropletStarts(seed, width, height, first, count) {
  await init();
  integerIn('seed', seed, 0, MAX_DROPLETS);
  integerIn('width', width, 2, 65536);
  integerIn('height', height, 2, 65536);
  integerIn('first', first, 0, MAX_DROPLETS);
  integerIn('count', count, 1, MAX_CHUNK);
  return gpuStarts(seed, width, height, first, count);
}
