// A pool of plain module Web Workers that run landform fills and per-cell terrain steps
// in row bands (tiles) and assemble them. No SharedArrayBuffer: each band comes back as
// a transferred buffer, so it runs on any static host. A band at rows y0 + a … gives
// exactly the bits of the same rows of a one-thread fill, so the result equals
// `field.fill2d` bit for bit.
//
//   import { createPool } from 'landform/pool.js';   // site: './pool.js' in www/js/
//   const pool = createPool();                         // navigator.hardwareConcurrency workers
//   const values = await pool.fill2d(spec, { width: 1024, height: 1024, scale: 32 });
//   pool.close();
//
// Where the time goes (2 cores, a 1024² one-octave fill of ~2 ms on one thread): each
// worker fills its band in wasm memory and copies it once into a JavaScript buffer
// (wasm memory itself cannot be transferred), the main thread copies the other bands
// into the first band's buffer, which the first worker allocated at full size; a
// message round trip costs ~0.1 ms. See `pool.stats.last` for the measured split.

// build.sh rewrites '../pkg/' to './' in the package (pkg/ and www/pkg/).
import { plainCopy } from '../pkg/plain.js';
const GLUE = '../pkg/landform.js';

// Fewer samples than this per band are not worth a message round trip (~0.1 ms with
// the copies, about the time of 65 k one-octave samples).
const MIN_BAND = 65536;

const now = () => performance.timeOrigin + performance.now();

/** What a reader sees when the browser will not start landform's workers. */
export const WORKER_FAILED = 'The browser would not start the background workers it needs here.'
  + ' Open it on its own page, or, if you host these files, serve them with the header Access-Control-Allow-Origin: *.';

/**
 * Starts module worker `url` (resolved against this file). Browsers refuse
 * `new Worker(url)` for a script of another origin (a figure embedded in a blog
 * post on another host), so such a worker starts from a same-origin `blob:`
 * module that imports the real script by its absolute URL; that import, like
 * the page's own module scripts, needs the host to send CORS headers
 * (`Access-Control-Allow-Origin: *`, as GitHub Pages and most CDNs do).
 * The real script's `import.meta.url` stays its own, so its relative imports
 * (the glue, the .wasm) still resolve beside it.
 */
export function startWorker(url, name) {
  const href = new URL(url, import.meta.url).href;
  try {
    if (new URL(href).origin === globalThis.location?.origin) return new Worker(href, { type: 'module', name });
    const boot = URL.createObjectURL(new Blob([`import ${JSON.stringify(href)};`], { type: 'text/javascript' }));
    const worker = new Worker(boot, { type: 'module', name });
    // The blob is read when the worker starts; it is not needed after that.
    setTimeout(() => URL.revokeObjectURL(boot), 10000);
    return worker;
  } catch (e) {
    throw new Error(WORKER_FAILED, { cause: e });
  }
}

/**
 * @param {object} [options]
 * @param {number} [options.size] workers (default `navigator.hardwareConcurrency`, at least 1)
 * @param {string|URL} [options.glue] URL of landform's wasm-bindgen glue (`landform.js`);
 *   its `landform_bg.wasm` sits beside it. Default: the package's own.
 * @param {WebAssembly.Module|Promise<WebAssembly.Module>} [options.module] the compiled
 *   `landform_bg.wasm`, if the page already has it (default: compiled here once)
 * @param {number} [options.bandsPerWorker] bands per worker per fill (default 1: each band
 *   costs a message round trip; more bands balance the load on a busy machine)
 * @param {boolean} [options.warm] run a few small fills in each worker at start so that
 *   the engine's optimising tier has compiled the kernels before the first real job
 *   (default true)
 */
export function createPool({ size, glue, module, bandsPerWorker = 1, warm = true } = {}) {
  const n = Math.max(1, Math.floor(size ?? globalThis.navigator?.hardwareConcurrency ?? 2));
  const glueUrl = new URL(glue ?? GLUE, import.meta.url).href;
  // Compile the .wasm once here and hand the compiled module to every worker: the
  // engine shares its machine code (and its optimised tier) instead of compiling it
  // once per worker.
  const wasmUrl = new URL('landform_bg.wasm', glueUrl);
  const viaBytes = () => fetch(wasmUrl).then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b));
  const compiled = module ? Promise.resolve(module)
    : WebAssembly.compileStreaming ? WebAssembly.compileStreaming(fetch(wasmUrl)).catch(viaBytes) : viaBytes();
  const workers = [];
  const pending = new Map(); // job id → { resolve, reject, state }
  let nextId = 1;
  let closed = false;
  const stats = { jobs: 0, workerMs: 0, freshBuffers: 0, last: null };

  for (let i = 0; i < n; i++) {
    const w = startWorker('./pool-worker.js', `landform-pool-${i}`);
    const state = { worker: w, busy: 0, load: 0, index: i };
    // The core's size limits (`limits()` of the package), sent once the worker has
    // loaded it: the pool checks regions against the same numbers as every other step.
    state.limits = new Promise((resolve, reject) => { state.gotLimits = resolve; state.noLimits = reject; });
    state.limits.catch(() => {});
    w.onmessage = (e) => {
      if (e.data.type === 'ready') {
        if (e.data.limits) state.gotLimits(e.data.limits);
        else state.noLimits(new Error(`landform pool worker failed to load: ${e.data.error}`));
        return;
      }
      const { id, ok, buffer, buffers, error, ms, t } = e.data;
      const p = pending.get(id);
      pending.delete(id);
      state.busy--;
      state.load -= p?.cost ?? 0;
      if (ok) stats.jobs++, stats.workerMs += ms, stats.freshBuffers += t[3];
      if (!p || p.dropped) {
        // An aborted job: keep its buffer for that worker's next band.
        if (buffer && !closed) recycle(state, buffer);
        return;
      }
      if (ok) p.resolve({ buffer, buffers, t, received: now(), state });
      else p.reject(toError(error));
    };
    w.onerror = (e) => {
      e.preventDefault?.();
      state.noLimits(new Error(WORKER_FAILED));
      for (const [id, p] of pending) if (p.state === state) { pending.delete(id); state.load -= p.cost; p.reject(new Error(WORKER_FAILED)); }
    };
    // Jobs are posted after init (see post), so each worker sees init first.
    state.started = compiled.then(
      (m) => w.postMessage({ type: 'init', glue: glueUrl, module: m, warm }),
      () => w.postMessage({ type: 'init', glue: glueUrl, warm }),
    );
    workers.push(state);
  }

  function toError(error) {
    const C = { RangeError, TypeError }[error?.name] ?? Error;
    return new C(error?.message ?? String(error));
  }

  function recycle(state, buffer) {
    state.worker.postMessage({ type: 'recycle', buffer }, [buffer]);
  }

  // The worker with the fewest samples still to compute (ties: the lowest index), so
  // that fills in flight together spread evenly over the pool.
  function pick() {
    let best = workers[0];
    for (const s of workers) if (s.load < best.load) best = s;
    return best;
  }

  // Posts one job costing `cost` samples to `state` (default: the least loaded worker).
  // When `signal` aborts, the job's promise rejects at once with `signal.reason`; a
  // worker still finishes a band it has begun or queued (nothing can interrupt wasm
  // from outside without shared memory), and its result is dropped, its buffer recycled.
  function post(msg, transfer = [], cost = 0, state = pick(), signal = undefined) {
    if (closed) return Promise.reject(new Error('landform pool is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const id = nextId++;
      const job = { resolve, reject, state, cost, dropped: false };
      if (signal) {
        const abort = () => { job.dropped = true; reject(signal.reason); };
        signal.addEventListener('abort', abort, { once: true });
        const settle = (f) => (v) => { signal.removeEventListener('abort', abort); f(v); };
        job.resolve = settle(resolve);
        job.reject = settle(reject);
      }
      pending.set(id, job);
      state.busy++;
      state.load += cost;
      state.started.then(() => {
        if (closed) return;
        // A message that cannot be cloned rejects its job instead of leaving it pending.
        try { state.worker.postMessage({ ...msg, id, posted: now() }, transfer); } catch (err) {
          pending.delete(id); state.busy--; state.load -= cost; job.reject(err);
        }
      });
    });
  }

  // The `signal` of an options argument ({ signal }), if any.
  function signalOf(options) {
    if (options === undefined) return undefined;
    if (options === null || typeof options !== 'object') throw new TypeError(`options must be an object { signal }, got ${options}`);
    const { signal } = options;
    if (signal !== undefined && !(signal instanceof AbortSignal)) throw new TypeError(`options.signal must be an AbortSignal, got ${signal?.constructor?.name ?? signal}`);
    return signal;
  }

  // Reads `spec` and `region` as the core does (plain.js: plain data only, a TypeError
  // naming them otherwise) and checks the region's size against the core's limits, so
  // that the bands can be cut; the workers' Fields check everything else.
  async function checkFill(spec, region) {
    const plain = { spec: plainCopy(spec, 'spec'), region: plainCopy(region, 'region') };
    if (plain.region === undefined) throw new TypeError('landform: `region` is required: { width, height, scale, x0, y0 }');
    const { maxSide, maxCells } = await workers[0].limits;
    const { width, height = 1 } = plain.region;
    for (const [k, v] of [['width', width], ['height', height]]) {
      if (typeof v !== 'number') throw new TypeError(`landform: \`region.${k}\` must be a number, got ${typeof v}`);
      if (!Number.isInteger(v) || v < 1 || v > maxSide) throw new RangeError(`landform: \`region.${k}\` must be a whole number in [1, ${maxSide}], got ${v}`);
    }
    if (width * height > maxCells) throw new RangeError(`landform: \`region\` width × height must be at most ${maxCells} cells, got ${width} × ${height}`);
    return { ...plain, width, height };
  }

  function checkOut(out, length, what) {
    if (out === undefined) return;
    if (!(out instanceof Float32Array)) throw new TypeError(`out must be a Float32Array, got ${out?.constructor?.name ?? out}`);
    if (out.length !== length) throw new RangeError(`out must be a Float32Array of ${what} = ${length} elements, got ${out.length}`);
  }

  // Splits `height` rows into one band per worker (× bandsPerWorker), each of at least
  // MIN_BAND samples: smaller fills stay whole and cost one message. Fills in flight
  // together still spread evenly, since every band goes to the least loaded worker.
  function bands(width, height) {
    const count = Math.max(1, Math.min(height, n * bandsPerWorker, Math.floor(width * height / MIN_BAND)));
    const rows = Math.ceil(height / count);
    const list = [];
    for (let start = 0; start < height; start += rows) list.push([start, Math.min(rows, height - start)]);
    return list;
  }

  async function fill(dims, specIn, regionIn, target, options) {
    const { spec, region, width, height } = await checkFill(specIn, regionIn);
    checkOut(target, width * height, 'region.width × region.height');
    const signal = signalOf(options);
    const t0 = now();
    const y0 = region.y0 ?? 0;
    const list = bands(width, height);
    // Without a target, the first band's worker allocates the whole array and fills its
    // rows at the start of it: that band needs no copy on this thread.
    const jobs = list.map(([start, h], b) => post({
      type: 'fill', dims, spec,
      region: { ...region, height: h, y0: y0 + start },
      whole: !target && b === 0 ? width * height : 0,
    }, [], width * h, undefined, signal));
    let out = target;
    let copyMs = 0;
    const copy = (buffer, start) => {
      const c0 = performance.now();
      out.set(new Float32Array(buffer), start * width);
      copyMs += performance.now() - c0;
    };
    const results = [];
    // With a target, copy each band as it arrives, while the others are still computing.
    await Promise.all(jobs.map((job, b) => job.then((r) => {
      results[b] = r;
      if (target) { copy(r.buffer, list[b][0]); if (!closed) recycle(r.state, r.buffer); }
    })));
    if (!target) {
      out = new Float32Array(results[0].buffer);
      for (let b = 1; b < list.length; b++) {
        copy(results[b].buffer, list[b][0]);
        if (!closed) recycle(results[b].state, results[b].buffer);
      }
    }
    record(t0, results, copyMs);
    return out;
  }

  // A derivative fill (`dims` + 1 planes, as `field.fill2dDeriv` / `fill3dDeriv`) in row
  // bands: each band comes back as its own planes, copied into the rows of each plane.
  async function derivFill(dims, specIn, regionIn, target, options) {
    const { spec, region, width, height } = await checkFill(specIn, regionIn);
    const planes = dims + 1;
    const n = width * height;
    checkOut(target, planes * n, `${planes} × region.width × region.height`);
    const signal = signalOf(options);
    const t0 = now();
    const y0 = region.y0 ?? 0;
    const list = bands(width, height);
    const out = target ?? new Float32Array(planes * n);
    let copyMs = 0;
    const jobs = list.map(([start, h]) => post({
      type: 'deriv', dims, spec, region: { ...region, height: h, y0: y0 + start },
    }, [], planes * width * h, undefined, signal).then((r) => {
      const c0 = performance.now();
      const band = new Float32Array(r.buffer);
      for (let c = 0; c < planes; c++) {
        out.set(band.subarray(c * width * h, (c + 1) * width * h), c * n + start * width);
      }
      copyMs += performance.now() - c0;
      if (!closed) recycle(r.state, r.buffer);
      return r;
    }));
    record(t0, await Promise.all(jobs), copyMs);
    return out;
  }

  // The split of the last fill, for benchmarks: per band [message latency to the
  // worker, fill (with the worker's copy out of wasm memory), reply latency], and the
  // time this thread spent copying bands; all in ms.
  function record(t0, results, copyMs) {
    stats.last = {
      bands: results.length,
      ms: now() - t0,
      band: results.map(({ t, received }) => [t[0] - t0, t[2] - t[1], received - t[2]].map((x) => +x.toFixed(3))),
      workers: results.map((r) => r.state.index),
      copyMs: +copyMs.toFixed(3),
    };
  }

  // A stack of 3D slices, `region.z` replaced by each of `zs`: consecutive slices in one
  // job per worker (one message for many small slices).
  async function stack(specIn, regionIn, zs, target, options) {
    const { spec, region, width, height } = await checkFill(specIn, regionIn);
    const signal = signalOf(options);
    if (!Array.isArray(zs) && !ArrayBuffer.isView(zs)) throw new TypeError(`zs must be an array of numbers, got ${zs}`);
    if (zs.length < 1) throw new RangeError('zs must hold at least one depth');
    for (const z of zs) if (!Number.isFinite(z)) throw new RangeError(`zs must hold finite numbers, got ${z}`);
    const slice = width * height;
    checkOut(target, slice * zs.length, 'region.width × region.height × zs.length');
    const groups = Math.max(1, Math.min(zs.length, n * bandsPerWorker, Math.floor(slice * zs.length / MIN_BAND)));
    const per = Math.ceil(zs.length / groups);
    const out = target ?? new Float32Array(slice * zs.length);
    const t0 = now();
    const jobs = [];
    let copyMs = 0;
    for (let k = 0; k < zs.length; k += per) {
      const part = Array.from(zs.slice(k, k + per));
      jobs.push(post({ type: 'stack', spec, region, zs: part }, [], slice * part.length, undefined, signal).then((r) => {
        const c0 = performance.now();
        out.set(new Float32Array(r.buffer), k * slice);
        copyMs += performance.now() - c0;
        if (!closed) recycle(r.state, r.buffer);
        return r;
      }));
    }
    record(t0, await Promise.all(jobs), copyMs);
    return out;
  }

  /** Applies a per-cell step to `values` in bands; resolves to a new Float32Array. */
  async function perCell(task, values, args, param, options) {
    if (!(values instanceof Float32Array)) throw new TypeError(`${param} must be a Float32Array, got ${values?.constructor?.name ?? values}`);
    const signal = signalOf(options);
    const list = bands(1, values.length);
    const out = new Float32Array(values.length);
    await Promise.all(list.map(([start, len]) => {
      const part = values.slice(start, start + len);
      return post({ type: task, values: part, args }, [part.buffer], len, undefined, signal).then((r) => out.set(new Float32Array(r.buffer), start));
    }));
    return out;
  }

  return {
    size: n,
    /**
     * Jobs done, milliseconds the workers spent computing, result buffers they had to
     * allocate (instead of reusing one handed back), and the split of the last fill.
     */
    stats,
    /**
     * 2D fill of `spec` over `region` ({width, height, scale, x0, y0}): Promise of a
     * Float32Array, `out` itself if given (length width × height), else a new one.
     * `options.signal` (an AbortSignal) rejects the promise with its reason when it
     * aborts; bands already copied stay in `out`, the others are dropped.
     */
    fill2d: (spec, region, out, options) => fill(2, spec, region, out, options),
    /** 3D slice fill at `region.z`. */
    fill3d: (spec, region, out, options) => fill(3, spec, region, out, options),
    /**
     * Derivative fills: Promise of `out` (length 3 × width × height; 4 × for 3D) or a new
     * array, the planes of `field.fill2dDeriv` / `fill3dDeriv` bit for bit (value, ∂/∂x,
     * ∂/∂y[, ∂/∂z], per noise unit), filled in row bands like `fill2d`.
     */
    fill2dDeriv: (spec, region, out, options) => derivFill(2, spec, region, out, options),
    fill3dDeriv: (spec, region, out, options) => derivFill(3, spec, region, out, options),
    /** 4D slice fill at `(region.z, region.w)` (simplex only). */
    fill4d: (spec, region, out, options) => fill(4, spec, region, out, options),
    /**
     * A stack of 3D slices, one per depth in `zs` (noise units, like `region.z`): Promise
     * of `out` (length width × height × zs.length, slice k at k × width × height) or a
     * new array; slice k equals `field.fill3d(…, { ...region, z: zs[k] })` bit for bit.
     */
    fill3dStack: (spec, region, zs, out, options) => stack(spec, region, zs, out, options),
    /**
     * `redistribute(values, exponent)` of the package, in bands: Promise of a new
     * Float32Array (`values` is left as it is).
     */
    redistribute: (values, exponent, options) => perCell('redistribute', values, { exponent }, 'values', options),
    /**
     * `fillDepressions(heights, width, height, fill)` (skipped if `fill` is null) then
     * `flowAccumulation(filled, width, height, seaLevel)` of the package, in one worker
     * (they are global steps, not tiles): Promise of `{ filled, acc }`, new arrays;
     * `heights` is left as it is. `options.signal` as for the fills.
     */
    async hydrology(heights, width, height, options = {}) {
      if (!(heights instanceof Float32Array)) throw new TypeError(`heights must be a Float32Array, got ${heights?.constructor?.name ?? heights}`);
      const signal = signalOf(options);
      const { fill = {}, seaLevel } = options;
      const fillOptions = fill === null ? null : plainCopy(fill, 'options.fill') ?? {};
      const values = heights.slice();
      const r = await post({ type: 'hydrology', values, args: { width, height, fill: fillOptions, seaLevel } }, [values.buffer], 8 * heights.length, undefined, signal);
      return { filled: new Float32Array(r.buffers[0]), acc: new Float32Array(r.buffers[1]) };
    },
    /**
     * `[lo, hi]` of `spec`: `field.range`, or `field.rangeFor(dims)` if `dims` is given,
     * computed by a worker (which keeps the Field for its fills), so a figure that
     * paints with the bound compiles no second Field on the main thread.
     */
    async range(spec, dims, options) {
      const plain = plainCopy(spec, 'spec');
      const r = await post({ type: 'range', spec: plain, dims }, [], 0, undefined, signalOf(options));
      return [...new Float32Array(r.buffer)];
    },
    /** Resolves once every worker has loaded the module (and warmed up, if asked). */
    ready: () => Promise.all(workers.map((s) => post({ type: 'ping' }, [], 0, s))).then(() => {}),
    /** Terminates the workers; pending jobs reject. */
    close() {
      closed = true;
      for (const s of workers) { s.worker.terminate(); s.noLimits(new Error('landform pool closed')); }
      for (const p of pending.values()) p.reject(new Error('landform pool closed'));
      pending.clear();
    },
  };
}
