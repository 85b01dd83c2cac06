// One worker of the landform pool (pool.js): loads the wasm package once, keeps a few
// compiled Fields by spec, fills the row band it is asked for and transfers it back.
let api = null;
let ready = null;
const fields = new Map(); // JSON of spec → Field (a few, most recent last)
const spare = []; // band buffers handed back by the pool, reused instead of fresh allocations

async function load(glue, module) {
  const m = await import(glue);
  await m.default({ module_or_path: module ?? new URL('landform_bg.wasm', glue) });
  api = m;
}

function field(spec) {
  const key = JSON.stringify(spec);
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

self.onmessage = async (e) => {
  const msg = e.data;
  if (msg.type === 'init') {
    ready = load(msg.glue, msg.module);
    return;
  }
  if (msg.type === 'recycle') {
    if (spare.length < 4) spare.push(msg.buffer);
    return;
  }
  try {
    await ready;
    const { dims, spec, region } = msg;
    const bytes = region.width * region.height * 4;
    const k = spare.findIndex((b) => b.byteLength === bytes);
    const out = k >= 0 ? new Float32Array(spare.splice(k, 1)[0]) : new Float32Array(bytes / 4);
    const f = field(spec);
    const t0 = performance.now();
    if (dims === 3) f.fill3d(out, region);
    else f.fill2d(out, region);
    const ms = performance.now() - t0;
    self.postMessage({ id: msg.id, ok: true, buffer: out.buffer, ms }, [out.buffer]);
  } catch (err) {
    self.postMessage({ id: msg.id, ok: false, error: { name: err?.name, message: err?.message ?? String(err) } });
  }
};
