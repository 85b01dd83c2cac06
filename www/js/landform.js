// Loads the landform wasm package once per page and shares the instance among all
// figures. The .wasm is found relative to this file, so the site (or an embed) works
// from any folder of any static host.
import init, * as api from '../pkg/landform.js';

let ready = null;

/** Resolves to the landform module (`Field`, `Grid`, terrain functions, …). */
export function landform() {
  ready ??= init({ module_or_path: new URL('../pkg/landform_bg.wasm', import.meta.url) }).then(() => api);
  return ready;
}
