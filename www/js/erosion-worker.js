// Droplet erosion off the main thread. A module worker: it loads its own copy of the
// landform wasm (found relative to this file, so any static host works) and runs the
// Eroder in chunks, posting progress and a preview copy of the heights after each
// chunk, and yielding between chunks so that a 'cancel' message is seen promptly.
//
// Messages in:
//   { type: 'run', id, width, height, heights: ArrayBuffer (transferred), params, droplets, chunk, preview = true }
//   { type: 'cancel', id }
// Messages out:
//   { type: 'ready' }
//   { type: 'progress', id, done, total, preview: ArrayBuffer (transferred; absent when preview is false), ms }
//   { type: 'done', id, done, total, heights: ArrayBuffer (transferred), budget, ms }
//   { type: 'cancelled', id, done, total, heights: ArrayBuffer (transferred), budget, ms }
//   { type: 'error', id, message }
import init, { Eroder } from '../pkg/landform.js';

const ready = init({ module_or_path: new URL('../pkg/landform_bg.wasm', import.meta.url) });
const cancelled = new Set();

// A zero-delay yield: lets queued messages (a cancel) run before the next chunk.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();
const yieldToEvents = () => new Promise((r) => { waiting.push(r); channel.port2.postMessage(0); });

async function run({ id, width, height, heights, params, droplets, chunk = 20000, preview = true }) {
  await ready;
  const map = new Float32Array(heights);
  let eroder;
  try {
    eroder = new Eroder(width, height, params);
  } catch (e) {
    postMessage({ type: 'error', id, message: `${e.name}: ${e.message}` });
    return;
  }
  const t0 = performance.now();
  let done = 0;
  try {
    while (done < droplets) {
      await yieldToEvents();
      if (cancelled.has(id)) break;
      const n = Math.min(chunk, droplets - done);
      eroder.run(map, n);
      done += n;
      if (done < droplets && preview) {
        const copy = map.slice();
        postMessage({ type: 'progress', id, done, total: droplets, preview: copy.buffer, ms: performance.now() - t0 }, [copy.buffer]);
      } else if (done < droplets) {
        postMessage({ type: 'progress', id, done, total: droplets, ms: performance.now() - t0 });
      }
    }
    const budget = eroder.budget;
    const type = done < droplets ? 'cancelled' : 'done';
    postMessage({ type, id, done, total: droplets, heights: map.buffer, budget, ms: performance.now() - t0 }, [map.buffer]);
  } catch (e) {
    postMessage({ type: 'error', id, message: `${e.name}: ${e.message}` });
  } finally {
    eroder.free();
    cancelled.delete(id);
  }
}

onmessage = ({ data }) => {
  if (data.type === 'run') run(data);
  else if (data.type === 'cancel') cancelled.add(data.id);
};

ready.then(() => postMessage({ type: 'ready' }), (e) => postMessage({ type: 'error', id: null, message: String(e) }));
