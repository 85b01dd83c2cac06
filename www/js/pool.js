// A pool of plain module Web Workers that fill landform fields in row bands (tiles) and
// assemble them. No SharedArrayBuffer: each band comes back as a transferred buffer,
// so it runs on any static host. A band at rows y0 + a … gives exactly the bits of the
// same rows of a one-thread fill, so the result equals `field.fill2d` bit for bit.
//
//   import { createPool } from 'landform/pool.js';   // site: './pool.js' in www/js/
//   const pool = createPool();                         // navigator.hardwareConcurrency workers
//   const values = await pool.fill2d(spec, { width: 1024, height: 1024, scale: 32 });
//   pool.close();

// build.sh rewrites this to './landform.js' in the package (pkg/ and www/pkg/).
const GLUE = '../pkg/landform.js';

/**
 * @param {object} [options]
 * @param {number} [options.size] workers (default `navigator.hardwareConcurrency`, at least 1)
 * @param {string|URL} [options.glue] URL of landform's wasm-bindgen glue (`landform.js`);
 *   its `landform_bg.wasm` sits beside it. Default: the package's own.
 * @param {number} [options.bandsPerWorker] bands per worker per fill (default 1: each band
 *   costs a message round trip; more bands balance the load on a busy machine)
 */
export function createPool({ size, glue, bandsPerWorker = 1 } = {}) {
  const n = Math.max(1, Math.floor(size ?? globalThis.navigator?.hardwareConcurrency ?? 2));
  const glueUrl = new URL(glue ?? GLUE, import.meta.url).href;
  const workerUrl = new URL('./pool-worker.js', import.meta.url);
  // Compile the .wasm once here and hand the compiled module to every worker: the
  // engine shares its machine code (and its optimised tier) instead of compiling it
  // once per worker.
  const wasmUrl = new URL('landform_bg.wasm', glueUrl);
  const compiled = (WebAssembly.compileStreaming
    ? WebAssembly.compileStreaming(fetch(wasmUrl)).catch(() => fetch(wasmUrl).then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b)))
    : fetch(wasmUrl).then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b)));
  const workers = [];
  const pending = new Map(); // job id → {resolve, reject}
  let nextId = 1;
  let closed = false;
  const stats = { jobs: 0, workerMs: 0 };

  for (let i = 0; i < n; i++) {
    const w = new Worker(workerUrl, { type: 'module', name: `landform-pool-${i}` });
    const state = { worker: w, busy: 0, queue: [] };
    w.onmessage = (e) => {
      const { id, ok, buffer, error, ms } = e.data;
      if (ok) stats.jobs++, stats.workerMs += ms;
      const p = pending.get(id);
      pending.delete(id);
      state.busy--;
      if (!p) return;
      if (ok) p.resolve(buffer);
      else p.reject(toError(error));
    };
    w.onerror = (e) => {
      e.preventDefault?.();
      for (const [id, p] of pending) if (p.worker === state) { pending.delete(id); p.reject(new Error(`landform pool worker failed: ${e.message ?? e}`)); }
    };
    // Fills are posted after init (see run), so each worker sees init first.
    state.started = compiled.then(
      (module) => w.postMessage({ type: 'init', glue: glueUrl, module }),
      () => w.postMessage({ type: 'init', glue: glueUrl }),
    );
    workers.push(state);
  }

  function toError(error) {
    const C = { RangeError, TypeError }[error?.name] ?? Error;
    return new C(error?.message ?? String(error));
  }

  function run(state, msg) {
    return new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject, worker: state });
      state.busy++;
      state.started.then(() => state.worker.postMessage({ ...msg, id }));
    });
  }

  async function fill(dims, spec, region, target) {
    if (closed) throw new Error('landform pool is closed');
    const width = region?.width, height = region?.height;
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      throw new RangeError(`region.width and region.height must be whole numbers ≥ 1, got ${width} × ${height}`);
    }
    if (target !== undefined && (!(target instanceof Float32Array) || target.length !== width * height)) {
      throw new RangeError(`out must be a Float32Array of width × height = ${width * height} elements`);
    }
    const y0 = region.y0 ?? 0;
    const bands = Math.min(height, n * bandsPerWorker);
    const rows = Math.ceil(height / bands);
    const jobs = [];
    for (let start = 0, b = 0; start < height; start += rows, b++) {
      const h = Math.min(rows, height - start);
      const state = workers[b % n];
      const r = { ...region, height: h, y0: y0 + start };
      jobs.push(run(state, { type: 'fill', dims, spec, region: r }).then((buffer) => ({ start, buffer, state })));
    }
    const out = target ?? new Float32Array(width * height);
    for (const { start, buffer, state } of await Promise.all(jobs)) {
      out.set(new Float32Array(buffer), start * width);
      // Hand the band's memory back for the worker's next band (no fresh allocation).
      if (!closed) state.worker.postMessage({ type: 'recycle', buffer }, [buffer]);
    }
    return out;
  }

  return {
    size: n,
    /** Jobs done and milliseconds the workers spent filling (for benchmarks). */
    stats,
    /**
     * 2D fill of `spec` over `region` ({width, height, scale, x0, y0}): Promise of a
     * Float32Array, `out` itself if given (length width × height), else a new one.
     */
    fill2d: (spec, region, out) => fill(2, spec, region, out),
    /** 3D slice fill at `region.z`. */
    fill3d: (spec, region, out) => fill(3, spec, region, out),
    /** Terminates the workers; pending fills reject. */
    close() {
      closed = true;
      for (const s of workers) s.worker.terminate();
      for (const p of pending.values()) p.reject(new Error('landform pool closed'));
      pending.clear();
    },
  };
}
