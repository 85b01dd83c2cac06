// Landscape evolution off the main thread (the evolve figure). A module worker with
// its own copy of the landform wasm and one `Landscape`. The page asks for one chunk
// of steps at a time and gets the new heights, drainage area and receivers back;
// pausing is simply not asking for the next chunk, so the worker never spins.
// Requests (worker-protocol.js):
//
//   'reset'   { width, height, options, seed, uplift: Float32Array (m/yr) } → frame
//   'uplift'  { uplift: Float32Array }    (the reader painted)         → null
//   'options' { options }                 (K, m, kappa: merged)        → null
//   'run'     { dt, steps }                                            → frame
//   frame = { time, stepsDone, maxChange, heights, area (Float32Array), receivers (Uint32Array) }
import init, { Landscape } from '../pkg/landform.js';
import { serve } from './worker-protocol.js';

const ready = init({ module_or_path: new URL('../pkg/landform_bg.wasm', import.meta.url) });
let ls = null;

// The starting surface: flat, roughened by seeded white noise of up to `ROUGH` metres
// so that the first channels start in different places instead of in parallel lines
// (a mulberry32 sequence: the same seed gives the same landscape everywhere).
const ROUGH = 20;
function roughness(n, seed) {
  const h = new Float32Array(n);
  let a = seed >>> 0;
  for (let i = 0; i < n; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    h[i] = ROUGH * (((t ^ (t >>> 14)) >>> 0) / 4294967296);
  }
  return h;
}

function frame(maxChange) {
  const n = ls.width * ls.height;
  const heights = new Float32Array(n), area = new Float32Array(n), receivers = new Uint32Array(n);
  ls.copyHeightsTo(heights);
  ls.copyDrainageAreaTo(area);
  ls.copyReceiversTo(receivers);
  return { time: ls.time, stepsDone: ls.stepsDone, maxChange, heights, area, receivers };
}

serve({
  reset({ width, height, options, seed, uplift }) {
    ls?.free();
    ls = new Landscape(width, height, options);
    ls.setUplift(uplift);
    ls.setHeights(roughness(width * height, seed ?? 1));
    // One tiny step so that the first frame has receivers and drainage area.
    ls.step(1e-3, 1);
    return frame(0);
  },
  uplift({ uplift }) { ls.setUplift(uplift); return null; },
  options({ options }) { ls.setOptions(options); return null; },
  run({ dt, steps }) { return frame(ls.step(dt, steps).maxChange); },
}, ready);
