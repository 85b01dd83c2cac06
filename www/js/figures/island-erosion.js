// The page's side of erosion: at most one run at a time in the island worker, keyed by
// what the worker says decides its result (the map it starts from, the erosion
// parameters, the backend). The worker keeps the result; this only starts runs (after
// a delay that each new request restarts, so dragged sliders start one run when they
// rest), cancels them, and reports progress and the end through callbacks. Previews
// are asked for at most every `previewMs`, so a fast worker cannot keep the main thread
// busy redrawing.
export class ErosionRunner {
  /**
   * `client`: the island worker (worker-protocol.js `connect`). `onProgress(done, total,
   * ms)` after each chunk; `onPreview()` when a newer preview is worth drawing;
   * `onEnd({ type: 'done' | 'cancelled' | 'error', done, total, ms, budget, backend,
   * fallbackReason, message })` when a run stops.
   */
  constructor(client, { onProgress = () => {}, onPreview = () => {}, onEnd = () => {}, previewMs = 120 } = {}) {
    Object.assign(this, { client, onProgress, onPreview, onEnd, previewMs });
    this.key = '';     // the key of the pending or running run
    this.job = null;   // the running request
    this.startTimer = 0;
    this.previewTimer = 0;
    this.lastPreview = 0;
  }

  /** 'idle', 'pending' (waiting to start) or 'running'. */
  get state() { return this.job ? 'running' : this.startTimer ? 'pending' : 'idle'; }

  /** Starts a run of `state` (its key: `key`) after `delay` ms, dropping any other. */
  request(key, state, delay = 0, again = false) {
    this.drop();
    this.key = key;
    const start = () => {
      this.startTimer = 0;
      const job = this.job = this.client.call('erode', { state, again }, (p) => this.progress(job, p));
      this.onProgress(0, state.droplets, 0);
      job.then((r) => this.end(job, r), (e) => this.end(job, { type: 'error', message: e.message }));
    };
    if (delay <= 0) start();
    else this.startTimer = setTimeout(start, delay);
  }

  progress(job, { done, total, ms }) {
    if (job !== this.job) return;
    this.onProgress(done, total, ms);
    if (this.previewTimer) return;
    const wait = Math.max(0, this.lastPreview + this.previewMs - performance.now());
    this.previewTimer = setTimeout(() => { this.previewTimer = 0; this.lastPreview = performance.now(); this.onPreview(); }, wait);
  }

  end(job, r) {
    if (job !== this.job) return;
    this.settle();
    this.onEnd(r);
  }

  /** Stops the running run; it ends 'cancelled', its partial map kept by the worker. */
  cancel() { if (this.job) this.client.cancel(this.job.id); }

  /** Cancels and forgets the pending or running run at once (its result is ignored). */
  drop() {
    clearTimeout(this.startTimer);
    this.startTimer = 0;
    if (this.job) this.client.drop(this.job.id);
    this.settle();
  }

  settle() {
    clearTimeout(this.previewTimer);
    this.previewTimer = 0;
    this.job = null;
    this.key = '';
  }
}
