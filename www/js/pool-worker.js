// One worker of the landform pool (pool.js): loads the wasm package once, keeps a few
// compiled Fields by spec, runs the band it is asked for and transfers the result back.
let api = null;
let ready = null;
const fields = new Map(); // JSON of spec → Field (a few, most recent last)
// Band buffers handed back by the pool, reused instead of fresh allocations, most recent
// last. Fresh memory is expensive: the first write to each 4 kB page faults (on a small
// VM ~1 ms per 2 MB band, half the time of a one-octave fill of it). The oldest buffers
// go when more than 16 or 24 MB are kept, so buffers of sizes no longer asked for cannot
// block the recycling (as they did when a fixed list of four filled up with other
// sizes), and a few jobs in flight of each of a few sizes find theirs.
const spare = [];
const SPARE_COUNT = 16, SPARE_BYTES = 24 << 20;
let fresh = 0; // allocations since the last reply (reported to the pool's stats)
const now = () => performance.timeOrigin + performance.now();

async function load(glue, module, warm) {
  const m = await import(glue);
  await m.default({ module_or_path: module ?? new URL('landform_bg.wasm', glue) });
  api = m;
  if (warm) warmUp();
}

// A fresh engine runs new wasm code in its baseline tier first and compiles the
// optimised code in the background once a function has run for a while; until then a
// fill runs 1.5–3× slower. A few small fills of the common kernels at start move that
// before the first real job (~10 ms of work per worker, once per page).
function warmUp() {
  const out = new Float32Array(256 * 16);
  for (const noise of ['perlin', 'simplex', 'value']) {
    for (const octaves of [1, 3]) {
      const f = new api.Field({ noise, seed: 1, fractal: { octaves } });
      for (let i = 0; i < 4; i++) {
        f.fill2d(out, { width: 256, height: 16, scale: 8 + i });
        f.fill3d(out, { width: 256, height: 16, scale: 8 + i, z: i / 4 });
      }
      f.free();
    }
  }
}

function field(spec) {
  const key = JSON.stringify(spec ?? {});
  let f = fields.get(key);
  if (f) {
    fields.delete(key);
  } else {
    f = new api.Field(spec);
    if (fields.size >= 4) {
      const [oldKey, old] = fields.entries().next().value;
      fields.delete(oldKey);
      old.free();
    }
  }
  fields.set(key, f);
  return f;
}

// Whole-fill arrays (see TASKS.fill) go to the caller and never come back, so each fill
// needs fresh memory, and the first write to fresh memory costs a page fault per 4 kB
// (on a small VM ~5 ms for 2 MB, far more than the copy itself). After handing one out
// the worker prepares the next of the same length in its idle time, pages touched,
// once the same length came twice in a row (a figure redrawing, a streamer's tiles).
let ahead = null;
let aheadTimer = 0;
let lastWhole = 0;
function prepareAhead(length) {
  clearTimeout(aheadTimer);
  const again = length === lastWhole;
  lastWhole = length;
  if (!again) return;
  aheadTimer = setTimeout(() => {
    if (ahead?.length === length) return;
    const a = new Float32Array(length);
    for (let i = 0; i < length; i += 1024) a[i] = 0;
    ahead = a;
  }, 0);
}

function wholeArray(length) {
  if (ahead?.length === length) {
    const a = ahead;
    ahead = null;
    return a;
  }
  fresh++;
  return new Float32Array(length);
}

function buffer(length) {
  const k = spare.findLastIndex((b) => b.byteLength === length * 4);
  if (k >= 0) return new Float32Array(spare.splice(k, 1)[0]);
  fresh++;
  return new Float32Array(length);
}

const TASKS = {
  // A band of a fill; `whole` > 0: into the start of a new array of that length.
  fill({ dims, spec, region, whole }) {
    const f = field(spec);
    const len = region.width * region.height;
    const out = whole ? wholeArray(whole) : buffer(len);
    if (whole) prepareAhead(whole);
    const view = whole ? out.subarray(0, len) : out;
    const t = performance.now();
    if (dims === 3) f.fill3d(view, region);
    else if (dims === 4) f.fill4d(view, region);
    else f.fill2d(view, region);
    return [out, performance.now() - t];
  },
  // A band of a derivative fill (`dims` 2: value, ∂x, ∂y planes; 3: and ∂z).
  deriv({ dims, spec, region }) {
    const f = field(spec);
    const out = buffer((dims + 1) * region.width * region.height);
    const t = performance.now();
    if (dims === 3) f.fill3dDeriv(out, region);
    else f.fill2dDeriv(out, region);
    return [out, performance.now() - t];
  },
  // Consecutive 3D slices at depths `zs`, one after another in one buffer.
  stack({ spec, region, zs }) {
    const f = field(spec);
    const slice = region.width * region.height;
    const out = buffer(slice * zs.length);
    const t = performance.now();
    zs.forEach((z, k) => f.fill3d(out.subarray(k * slice, (k + 1) * slice), { ...region, z }));
    return [out, performance.now() - t];
  },
  redistribute({ values, args }) {
    const t = performance.now();
    api.redistribute(values, args.exponent);
    return [values, performance.now() - t];
  },
  // Depression filling (unless `fill` is null) and D8 flow accumulation of a whole map:
  // global steps, so one worker does both. Returns [filled, accumulation].
  hydrology({ values, args }) {
    const t = performance.now();
    if (args.fill) api.fillDepressions(values, args.width, args.height, args.fill);
    const acc = api.flowAccumulation(values, args.width, args.height, args.seaLevel);
    return [[values, acc], performance.now() - t];
  },
  // `field.range`, or `field.rangeFor(dims)`: a Float32Array [lo, hi] of its own.
  range({ spec, dims }) {
    const f = field(spec);
    return [dims === undefined ? f.range : f.rangeFor(dims), 0];
  },
  ping: () => [null, 0],
};

self.onmessage = async (e) => {
  const msg = e.data;
  if (msg.type === 'init') {
    ready = load(msg.glue, msg.module, msg.warm);
    ready.then(() => self.postMessage({ type: 'ready', limits: api.limits() }),
      (err) => self.postMessage({ type: 'ready', error: err?.message ?? String(err) }));
    return;
  }
  if (msg.type === 'recycle') {
    spare.push(msg.buffer);
    let bytes = spare.reduce((sum, b) => sum + b.byteLength, 0);
    while (spare.length > SPARE_COUNT || bytes > SPARE_BYTES) bytes -= spare.shift().byteLength;
    return;
  }
  const recv = now();
  try {
    await ready;
    const task = TASKS[msg.type];
    if (!task) throw new TypeError(`unknown pool task '${msg.type}'`);
    const start = now();
    fresh = 0;
    const [out, ms] = task(msg);
    const t = [recv, start, now(), fresh];
    if (Array.isArray(out)) {
      const buffers = out.map((a) => a.buffer);
      self.postMessage({ id: msg.id, ok: true, buffers, ms, t }, buffers);
    } else if (out) self.postMessage({ id: msg.id, ok: true, buffer: out.buffer, ms, t }, [out.buffer]);
    else self.postMessage({ id: msg.id, ok: true, ms, t });
  } catch (err) {
    self.postMessage({ id: msg.id, ok: false, error: { name: err?.name, message: err?.message ?? String(err) } });
  }
};
