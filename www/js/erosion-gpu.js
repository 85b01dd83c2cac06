// The WebGPU side of erosion.js: one cached device with the compiled shader
// (src/erosion/erosion.wgsl, shipped inside the wasm as `erosionShader()`), a run in
// dispatches of `chunk` droplets with progress and abort checks between them, and every
// buffer destroyed when the run ends, however it ends.
import { erosionShader } from '../pkg/landform.js';

/** Heights (and the sea level) the GPU takes: millionths in an i32, every difference too. */
export const GPU_MAX_HEIGHT = 1000;
const SCALE = 1e6;
const WORDS = 28; // the shader's Params, 4-byte fields

/** An environment the GPU path cannot run in: 'auto' falls back, 'gpu' rejects. */
export class GpuUnavailable extends Error {
  constructor(message) { super(message); this.name = 'GpuUnavailable'; }
}

let cached = null, pending = null;

// The cached device, or one being made (concurrent callers share it), or a new one.
function acquire() {
  if (cached && !cached.lost) return Promise.resolve(cached);
  pending ??= create().finally(() => { pending = null; });
  return pending;
}

async function create() {
  const gpu = globalThis.navigator?.gpu;
  if (!gpu) throw new GpuUnavailable('this browser has no WebGPU (navigator.gpu is missing)');
  const adapter = await gpu.requestAdapter();
  if (!adapter) throw new GpuUnavailable('no WebGPU adapter (navigator.gpu.requestAdapter() returned null)');
  let device;
  try {
    const { maxStorageBufferBindingSize, maxBufferSize } = adapter.limits;
    device = await adapter.requestDevice({ requiredLimits: { maxStorageBufferBindingSize, maxBufferSize } });
  } catch (e) {
    throw new GpuUnavailable(`the WebGPU device could not be created (${e.message})`);
  }
  // A software adapter (SwiftShader, `isFallbackAdapter`) runs the shader 10–30×
  // slower than the CPU eroder in wasm (README benchmark): 'auto' passes it over.
  const info = adapter.info ?? {};
  const software = !!(info.isFallbackAdapter ?? adapter.isFallbackAdapter);
  const name = [info.vendor, info.architecture, info.description].filter(Boolean).join(' ') || 'unknown adapter';
  const entry = { device, lost: null, software, name };
  entry.lostPromise = device.lost.then((info) => {
    entry.lost = info;
    if (cached === entry) cached = null;
  });
  const module = device.createShaderModule({ code: erosionShader() });
  const pipeline = (entryPoint) => device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint } });
  [entry.erode, entry.starts] = await Promise.all([pipeline('erode'), pipeline('starts')]);
  cached = entry;
  return entry;
}

/** A device for a width × height map, or a GpuUnavailable saying why not. */
export async function gpuFor(width, height) {
  const g = await acquire();
  const bytes = width * height * 4;
  const { maxStorageBufferBindingSize, maxBufferSize } = g.device.limits;
  const limit = Math.min(maxStorageBufferBindingSize, maxBufferSize);
  if (bytes > limit) throw new GpuUnavailable(`a ${width}×${height} map needs ${bytes} bytes of storage, more than this device's limit of ${limit}`);
  return g;
}

/** The brush sum Σ (1 − dist/radius) in f32, summed in the order of brush.rs. */
function brushSum(radius) {
  const r = Math.fround(radius), reach = Math.ceil(r);
  let sum = 0;
  for (let dy = -reach; dy <= reach; dy++) {
    for (let dx = -reach; dx <= reach; dx++) {
      const dist = Math.fround(Math.sqrt(dx * dx + dy * dy));
      if (dist < r) sum = Math.fround(sum + Math.fround(1 - Math.fround(dist / r)));
    }
  }
  return sum;
}

/** The shader's Params block for a run (first, count and lanes set per dispatch). */
function paramsBlock(width, height, p) {
  const buf = new ArrayBuffer(WORDS * 4);
  const u = new Uint32Array(buf), i = new Int32Array(buf), f = new Float32Array(buf);
  const sea = p.seaLevel;
  u[0] = width; u[1] = height; u[5] = p.seed >>> 0; u[6] = p.lifetime; u[7] = sea == null ? 0 : 1;
  i[8] = sea == null ? -2147483647 : Math.ceil(Math.fround(sea) * SCALE);
  const settleRadius = Math.max(Math.fround(p.radius), 2);
  i[9] = Math.ceil(Math.fround(p.radius)); i[10] = Math.ceil(settleRadius);
  f.set([p.inertia, p.capacityFactor, p.minCapacity, p.erodeSpeed, p.depositSpeed, p.evaporation, p.gravity, p.radius,
    p.initialWater, p.initialSpeed, p.maxSpeed, sea ?? 0, settleRadius, brushSum(p.radius)], 12);
  return u;
}

const aborted = (signal) => signal?.reason ?? new DOMException('The erosion run was aborted', 'AbortError');
function check(g, signal) {
  if (signal?.aborted) throw aborted(signal);
  if (g.lost) throw new Error(`the WebGPU device was lost (${g.lost.reason}: ${g.lost.message || 'no message'})`);
}

// Resolves when `promise` does, or when the device is lost or the run aborted (then check throws).
function until(g, signal, promise) {
  const stop = new Promise((resolve) => signal?.addEventListener('abort', resolve, { once: true }));
  return Promise.race([promise, g.lostPromise, stop]).then((v) => { check(g, signal); return v; });
}

// Runs `fn(make)` with a buffer factory and destroys every buffer it made afterwards.
async function withBuffers(device, fn) {
  const buffers = [];
  const make = (size, usage) => { const b = device.createBuffer({ size, usage }); buffers.push(b); return b; };
  try {
    return await fn(make);
  } finally {
    for (const b of buffers) b.destroy();
  }
}

// Copies `src` (size bytes) out of the GPU.
async function readBack(g, signal, make, src, size) {
  const dst = make(size, GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST);
  const enc = g.device.createCommandEncoder();
  enc.copyBufferToBuffer(src, 0, dst, 0, size);
  g.device.queue.submit([enc.finish()]);
  await until(g, signal, dst.mapAsync(GPUMapMode.READ));
  return dst.getMappedRange().slice(0);
}

/**
 * Erodes `fixed` (an Int32Array of millionths, width × height) with `droplets` droplets
 * of the validated, complete `params`, the first of them droplet `skip` of the whole run
 * (so a run split over calls starts every droplet where one call would). Returns { heights: Int32Array, totals: [eroded,
 * deposited, carriedOff, stranded] in millionths }.
 */
export async function gpuErode(g, fixed, width, height, params, droplets, { chunk, concurrency, first: skip = 0, onProgress, signal }) {
  const { device } = g;
  const S = GPUBufferUsage;
  return withBuffers(device, async (make) => {
    const map = make(fixed.byteLength, S.STORAGE | S.COPY_SRC | S.COPY_DST);
    device.queue.writeBuffer(map, 0, fixed);
    const totals = make(32, S.STORAGE | S.COPY_SRC);
    const uniform = make(WORDS * 4, S.UNIFORM | S.COPY_DST);
    const bind = device.createBindGroup({
      layout: g.erode.getBindGroupLayout(0),
      entries: [map, totals, uniform].map((buffer, binding) => ({ binding, resource: { buffer } })),
    });
    const block = paramsBlock(width, height, params);
    for (let first = 0; first < droplets; first += chunk) {
      check(g, signal);
      const count = Math.min(chunk, droplets - first);
      const lanes = Math.min(concurrency ?? count, count);
      block[2] = skip + first; block[3] = count; block[4] = lanes;
      device.queue.writeBuffer(uniform, 0, block);
      const enc = device.createCommandEncoder();
      const pass = enc.beginComputePass();
      pass.setPipeline(g.erode);
      pass.setBindGroup(0, bind);
      pass.dispatchWorkgroups(Math.ceil(lanes / 64));
      pass.end();
      device.queue.submit([enc.finish()]);
      await until(g, signal, device.queue.onSubmittedWorkDone());
      onProgress?.(first + count, droplets);
    }
    const heights = new Int32Array(await readBack(g, signal, make, map, fixed.byteLength));
    const words = new Uint32Array(await readBack(g, signal, make, totals, 32));
    const sums = [0, 2, 4, 6].map((k) => words[k] + words[k + 1] * 2 ** 32);
    return { heights, totals: sums };
  });
}

/** The GPU's start positions of droplets first .. first + count − 1 (x, y interleaved). */
export async function gpuStarts(seed, width, height, first, count) {
  const g = await gpuFor(width, height);
  const S = GPUBufferUsage;
  return withBuffers(g.device, async (make) => {
    const uniform = make(WORDS * 4, S.UNIFORM | S.COPY_DST);
    const out = make(count * 8, S.STORAGE | S.COPY_SRC);
    const block = new Uint32Array(WORDS);
    block[0] = width; block[1] = height; block[2] = first; block[3] = count; block[5] = seed >>> 0;
    g.device.queue.writeBuffer(uniform, 0, block);
    const bind = g.device.createBindGroup({
      layout: g.starts.getBindGroupLayout(0),
      entries: [{ binding: 2, resource: { buffer: uniform } }, { binding: 3, resource: { buffer: out } }],
    });
    const enc = g.device.createCommandEncoder();
    const pass = enc.beginComputePass();
    pass.setPipeline(g.starts);
    pass.setBindGroup(0, bind);
    pass.dispatchWorkgroups(Math.ceil(count / 64));
    pass.end();
    g.device.queue.submit([enc.finish()]);
    return new Float32Array(await readBack(g, undefined, make, out, count * 8));
  });
}
