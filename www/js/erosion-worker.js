// Droplet erosion off the main thread, for erosion.js's CPU backend. A module worker:
// it loads its own copy of the landform wasm (found relative to this file, so any static
// host works) and runs the Eroder in chunks (erosion-cpu.js). Speaks worker-protocol.js:
//
//   'erode' { width, height, heights: ArrayBuffer (transferred), params, droplets, chunk }
//     progress { done, total, ms } after each chunk but the last;
//     result   { type: 'done' | 'cancelled', done, total, heights: ArrayBuffer, budget, ms }
import init, { Eroder } from '../pkg/landform.js';
import { serve } from './worker-protocol.js';
import { erodeInChunks } from './erosion-cpu.js';

const ready = init({ module_or_path: new URL('../pkg/landform_bg.wasm', import.meta.url) });

async function erode({ width, height, heights, params, droplets, chunk = 20000 }, job) {
  const map = new Float32Array(heights);
  const eroder = new Eroder(width, height, params);
  const t0 = performance.now();
  try {
    const done = await erodeInChunks(eroder, map, droplets, {
      chunk, cancelled: () => !!job.cancelled, progress: (d, ms) => job.progress({ done: d, total: droplets, ms }),
    });
    return { type: done < droplets ? 'cancelled' : 'done', done, total: droplets, heights: map.buffer, budget: eroder.budget, ms: performance.now() - t0 };
  } finally {
    eroder.free();
  }
}

serve({ erode }, ready);
