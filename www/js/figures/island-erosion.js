// The page's side of erosion: at most one run at a time, keyed by everything that
// decides its result (the input map, the erosion parameters, the backend), with the last
// finished (or cancelled) result kept for its key. The CPU runs in js/erosion-worker.js
// with live previews; the GPU through js/erosion.js (WebGPU, progress between dispatches,
// no previews: reading the map back each dispatch would cost more than the dispatch).
// 'auto' takes the GPU where js/erosion.js would, else the worker. Progress and previews
// come back through callbacks; previews at most every `previewMs`, so a fast worker
// cannot keep the main thread busy redrawing.
import { erode, gpuStatus } from '../erosion.js';
import { startWorker, WORKER_FAILED } from '../pool.js';

export class ErosionRunner {
  /**
   * `onProgress(done, total, ms)` after each chunk; `onPreview()` when a newer preview
   * is worth drawing; `onEnd({ type: 'done' | 'cancelled' | 'error', done, total, ms,
   * budget, message })` when a run stops.
   */
  constructor({ onProgress = () => {}, onPreview = () => {}, onEnd = () => {}, previewMs = 120 } = {}) {
    Object.assign(this, { onProgress, onPreview, onEnd, previewMs });
    this.worker = null;
    this.run = null; // { id, key, total }
    this.live = null; // latest preview of the run
    this.cache = { key: '', heights: null, partial: false };
    this.nextId = 1;
    this.startTimer = 0;
    this.previewTimer = 0;
    this.lastPreview = 0;
  }

  /** 'idle', 'pending' (waiting to start) or 'running'. */
  get state() { return this.run ? 'running' : this.startTimer ? 'pending' : 'idle'; }

  /** The finished (or cancelled) result for `key`, or null. */
  result(key) { return this.cache.key === key ? this.cache.heights : null; }
  /** Whether the kept result for `key` is a cancelled, partial one. */
  partial(key) { return this.cache.key === key && this.cache.partial; }
  /** Whether a run for `key` is going; its latest preview (or null) in `live`. */
  running(key) { return !!this.run && this.run.key === key; }

  /**
   * Starts a run for `key` after `delay` ms (restarted by each new request), dropping
   * any other. `job()` is called at start: { width, height, heights (copied), params, droplets }.
   */
  request(key, job, delay = 0) {
    this.cancel();
    if (delay <= 0) return this.start(key, job());
    this.startTimer = setTimeout(() => { this.startTimer = 0; this.start(key, job()); }, delay);
  }

  start(key, job) {
    this.cancel();
    const run = { id: this.nextId++, key, total: job.droplets, backend: 'cpu', done: 0 };
    this.run = run;
    this.onProgress(0, job.droplets, 0);
    const backend = job.backend ?? 'cpu';
    if (backend === 'cpu') return this.startCpu(run, job);
    (backend === 'auto' ? gpuStatus(job.width, job.height) : Promise.resolve({ gpu: true })).then((s) => {
      if (this.run !== run) return;
      if (run.cancelled) return this.end(run, job.heights.slice(), { type: 'cancelled', done: 0, total: run.total });
      if (!s.gpu) { run.fallbackReason = s.reason; return this.startCpu(run, job); }
      this.startGpu(run, job);
    }, (e) => this.run === run && this.end(run, null, { type: 'error', message: e.message }));
  }

  startCpu(run, { width, height, heights, params, droplets, chunk = 20000 }) {
    const copy = heights.slice();
    run.posted = true;
    this.ensureWorker().postMessage({ type: 'run', id: run.id, width, height, heights: copy.buffer, params, droplets, chunk }, [copy.buffer]);
  }

  startGpu(run, { width, height, heights, params, droplets }) {
    run.backend = 'gpu';
    run.abort = new AbortController();
    const t0 = performance.now();
    const onProgress = (done, total) => { if (this.run === run) { run.done = done; this.onProgress(done, total, performance.now() - t0); } };
    erode(heights, width, height, { ...params, droplets }, { backend: 'gpu', signal: run.abort.signal, onProgress }).then(
      (r) => this.run === run && this.end(run, r.heights, { type: 'done', done: droplets, total: droplets, ms: r.ms, budget: r.budget }),
      (e) => this.run === run && (e.name === 'AbortError'
        ? this.end(run, heights.slice(), { type: 'cancelled', done: run.done, total: droplets, ms: performance.now() - t0 })
        : this.end(run, null, { type: 'error', message: e.message })));
  }

  // A run ends: keep its map (if any) for its key and report, with the backend that ran.
  end(run, heights, data) {
    if (heights) this.cache = { key: run.key, heights, partial: data.type === 'cancelled' };
    this.settle();
    this.onEnd({ ...data, backend: run.backend, fallbackReason: run.fallbackReason });
  }

  /** Stops the pending or running run; a running one reports 'cancelled' (the CPU with its partial map). */
  cancel() {
    clearTimeout(this.startTimer);
    this.startTimer = 0;
    if (!this.run) return;
    this.run.cancelled = true;
    this.run.abort?.abort();
    if (this.run.posted) this.worker.postMessage({ type: 'cancel', id: this.run.id });
  }

  /** Cancels and forgets the current run at once (its result will be ignored). */
  drop() {
    this.cancel();
    this.settle();
  }

  /** Forgets the kept result, so the next request runs again. */
  invalidate() { this.cache.key = ''; }

  destroy() {
    this.drop();
    this.worker?.terminate();
  }

  settle() {
    clearTimeout(this.previewTimer);
    this.previewTimer = 0;
    this.run = null;
    this.live = null;
  }

  ensureWorker() {
    if (this.worker) return this.worker;
    this.worker = startWorker(new URL('../erosion-worker.js', import.meta.url), 'landform-erosion');
    this.worker.onmessage = ({ data }) => this.receive(data);
    this.worker.onerror = (e) => { this.settle(); this.onEnd({ type: 'error', message: WORKER_FAILED }); };
    return this.worker;
  }

  receive(data) {
    if (data.type === 'ready') return;
    if (data.type === 'error' && data.id === null) { this.settle(); this.onEnd({ type: 'error', message: data.message }); return; }
    if (!this.run || data.id !== this.run.id) return; // a run already left behind
    if (data.type === 'progress') {
      this.live = new Float32Array(data.preview);
      this.onProgress(data.done, data.total, data.ms);
      if (!this.previewTimer) {
        const wait = Math.max(0, this.lastPreview + this.previewMs - performance.now());
        this.previewTimer = setTimeout(() => { this.previewTimer = 0; this.lastPreview = performance.now(); this.onPreview(); }, wait);
      }
    } else if (data.type === 'done' || data.type === 'cancelled') {
      this.end(this.run, new Float32Array(data.heights), data);
    } else if (data.type === 'error') {
      this.end(this.run, null, data);
    }
  }
}
