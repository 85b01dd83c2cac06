// Landscape evolution off the main thread (the evolve figure). A module worker with
// its own copy of the landform wasm and one `Landscape`. The page asks for one chunk
// of steps at a time and gets the new heights, drainage area and receivers back;
// pausing is simply not asking for the next chunk, so the worker never spins.
//
// Messages in:
//   { type: 'reset', width, height, options, seed, uplift: ArrayBuffer (Float32, m/yr) }
//   { type: 'uplift', uplift: ArrayBuffer }          (the reader painted)
//   { type: 'options', options }                     (K, m, kappa: merged)
//   { type: 'run', id, dt, steps }
// Messages out:
//   { type: 'ready' }
//   { type: 'frame', id, time, stepsDone, maxChange, heights, area, receivers (ArrayBuffers, transferred) }
//   { type: 'error', id, message }
import init, { Landscape } from '../pkg/landform.js';

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

function frame(id, maxChange) {
  const n = ls.width * ls.height;
  const heights = new Float32Array(n), area = new Float32Array(n), receivers = new Uint32Array(n);
  ls.copyHeightsTo(heights);
  ls.copyDrainageAreaTo(area);
  ls.copyReceiversTo(receivers);
  postMessage({ type: 'frame', id, time: ls.time, stepsDone: ls.stepsDone, maxChange, heights: heights.buffer, area: area.buffer, receivers: receivers.buffer },
    [heights.buffer, area.buffer, receivers.buffer]);
}

onmessage = async ({ data }) => {
  await ready;
  try {
    if (data.type === 'reset') {
      ls?.free();
      ls = new Landscape(data.width, data.height, data.options);
      ls.setUplift(new Float32Array(data.uplift));
      ls.setHeights(roughness(data.width * data.height, data.seed ?? 1));
      // One tiny step so that the first frame has receivers and drainage area.
      ls.step(1e-3, 1);
      frame(data.id ?? 0, 0);
    } else if (data.type === 'uplift') ls.setUplift(new Float32Array(data.uplift));
    else if (data.type === 'options') ls.setOptions(data.options);
    else if (data.type === 'run') frame(data.id, ls.step(data.dt, data.steps).maxChange);
  } catch (e) {
    postMessage({ type: 'error', id: data.id ?? null, message: `${e.name}: ${e.message}` });
  }
};

ready.then(() => postMessage({ type: 'ready' }), (e) => postMessage({ type: 'error', id: null, message: String(e) }));
