// Loads the landform wasm package once per page and shares the instance among all
// figures. The .wasm is found relative to this file, so the site (or an embed) works
// from any folder of any static host.
import init, * as api from '../pkg/landform.js';
import { createPool } from './pool.js';

let ready = null;
let shared = null;
let compiled = null;

// The .wasm, fetched and compiled once for the page and its workers (a host that sends
// the wrong MIME type for .wasm defeats compileStreaming; then compile the bytes).
function wasmModule() {
  const url = new URL('../pkg/landform_bg.wasm', import.meta.url);
  const bytes = () => fetch(url).then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b));
  compiled ??= WebAssembly.compileStreaming ? WebAssembly.compileStreaming(fetch(url)).catch(bytes) : bytes();
  return compiled;
}

/** Resolves to the landform module (`Field`, `Grid`, terrain functions, …). */
export function landform() {
  ready ??= wasmModule().then((module) => init({ module_or_path: module })).then(() => api);
  return ready;
}

// Compiled Fields by spec (JSON), most recently used last, shared by every figure.
const fields = new Map();
const FIELDS = 32;

/**
 * The compiled `Field` for `spec`, from a page-wide cache (call after `landform()` has
 * resolved). Figures ask for it where they use it instead of keeping their own copy and
 * freeing the old one; the least recently used of more than 32 is freed, so use the
 * field at once and ask again next time rather than holding it across an `await`.
 */
export function fieldFor(spec) {
  const key = JSON.stringify(spec);
  let f = fields.get(key);
  if (f) fields.delete(key);
  else {
    f = new api.Field(spec);
    if (fields.size >= FIELDS) {
      const [oldest, old] = fields.entries().next().value;
      fields.delete(oldest);
      old.free();
    }
  }
  fields.set(key, f);
  return f;
}

/**
 * The page's worker pool (js/pool.js), shared by every figure: created on first use,
 * `navigator.hardwareConcurrency` workers, never closed (the workers end with the page).
 * Figures use it for work that would hold the main thread for more than a frame.
 */
export function pool() {
  shared ??= createPool({ module: wasmModule() });
  return shared;
}

/**
 * Wraps an async `draw(...args)` so that one runs at a time: calls made meanwhile
 * coalesce into one more run with the latest arguments (a dragged slider ends on its
 * own picture, without a queue of stale ones). `stage.dataset.busy` is set while work
 * is in flight (tests wait for it to clear). Returns `(...args) => Promise`.
 */
export function latest(stage, draw) {
  let running = null, next = null;
  return (...args) => {
    next = args;
    if (running) return running;
    stage.dataset.busy = 'pool';
    running = (async () => {
      while (next) {
        const a = next;
        next = null;
        await draw(...a);
      }
    })().finally(() => {
      running = null;
      delete stage.dataset.busy;
    });
    return running;
  };
}
