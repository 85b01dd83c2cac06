// The CPU Eroder in chunks, for a worker: `chunk` droplets at a time with a yield to
// the worker's event loop between chunks (a MessageChannel hop), so a cancel message
// lands within one chunk. The Eroder is deterministic however a run is split, so the
// result has the bits of one `run(map, droplets)`.
import { yieldToEvents } from './worker-protocol.js';

/**
 * Runs `eroder` over `map` (changed in place) until `droplets` have run or `cancelled()`
 * is true, calling `progress(done, ms)` after every chunk but the last. Returns the
 * droplets run.
 */
export async function erodeInChunks(eroder, map, droplets, { chunk = 20000, cancelled = () => false, progress = () => {} } = {}) {
  const t0 = performance.now();
  let done = 0;
  while (done < droplets) {
    await yieldToEvents();
    if (cancelled()) break;
    const k = Math.min(chunk, droplets - done);
    eroder.run(map, k);
    done += k;
    if (done < droplets) progress(done, performance.now() - t0);
  }
  return done;
}
