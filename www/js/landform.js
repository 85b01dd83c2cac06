// Loads the landform wasm package once per page and shares the instance among all
// figures. The .wasm is found relative to this file, so the site (or an embed) works
// from any folder of any static host.
import init, * as api from '../pkg/landform.js';
import { createPool } from './pool.js';

let ready = null;
let shared = null;

/** Resolves to the landform module (`Field`, `Grid`, terrain functions, …). */
export function landform() {
  ready ??= init({ module_or_path: new URL('../pkg/landform_bg.wasm', import.meta.url) }).then(() => api);
  return ready;
}

/**
 * The page's worker pool (js/pool.js), shared by every figure: created on first use,
 * `navigator.hardwareConcurrency` workers, never closed (the workers end with the page).
 * Figures use it for work that would hold the main thread for more than a frame.
 */
export function pool() {
  shared ??= createPool();
  return shared;
}
