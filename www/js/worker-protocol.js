// One message protocol for the site's workers (the island, erosion and evolve workers;
// the pool keeps its own, see pool-worker.js). Every job has an id; a worker answers it
// with any number of progress messages and then one result or one error:
//
//   page → worker  { kind: 'request', id, type, body }
//   page → worker  { kind: 'cancel', id, reason }       (reason: any string, default 'cancel')
//   worker → page  { kind: 'ready' }                     once its wasm has loaded
//   worker → page  { kind: 'progress', id, body }
//   worker → page  { kind: 'result', id, body }
//   worker → page  { kind: 'error', id, name, message }  (id null: the worker failed to load)
//
// ArrayBuffers and typed arrays at the top level of a body are transferred, not copied:
// the sender loses them (send a copy to keep one).

/** The buffers of a body's top-level values, for postMessage's transfer list. */
function transferables(body) {
  if (!body || typeof body !== 'object') return [];
  const out = new Set();
  for (const v of Object.values(body)) {
    if (v instanceof ArrayBuffer) out.add(v);
    else if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer) out.add(v.buffer);
  }
  return [...out];
}

const post = (target, msg, body) => target.postMessage(msg, transferables(body));

/**
 * The page's side: `call(type, body, onProgress)` posts a request and returns a promise
 * of its result (with `.id`, to `cancel(id, reason)` it); errors come back as the
 * error class the worker threw (RangeError, TypeError, else Error). `ready` resolves
 * when the worker has loaded; a worker that fails rejects every open call with `failed`.
 */
export function connect(worker, failed = 'the worker failed') {
  const open = new Map(); // id → { resolve, reject, onProgress }
  let nextId = 1;
  let markReady;
  const ready = new Promise((resolve) => { markReady = resolve; });
  const fail = (message, name = 'Error') => {
    for (const [id, job] of open) { open.delete(id); job.reject(toError(name, message)); }
  };
  worker.onmessage = ({ data }) => {
    if (data.kind === 'ready') return markReady();
    if (data.kind === 'error' && data.id === null) return fail(data.message, data.name);
    const job = open.get(data.id);
    if (!job) return; // a job already given up
    if (data.kind === 'progress') job.onProgress?.(data.body);
    else {
      open.delete(data.id);
      if (data.kind === 'result') job.resolve(data.body);
      else job.reject(toError(data.name, data.message));
    }
  };
  worker.onerror = (e) => { e.preventDefault?.(); fail(failed); };
  return {
    ready,
    call(type, body, onProgress) {
      const id = nextId++;
      const promise = new Promise((resolve, reject) => open.set(id, { resolve, reject, onProgress }));
      post(worker, { kind: 'request', id, type, body }, body);
      return Object.assign(promise, { id });
    },
    /** Asks the worker to stop job `id`; its promise still settles with what the worker answers. */
    cancel(id, reason = 'cancel') { if (open.has(id)) worker.postMessage({ kind: 'cancel', id, reason }); },
    /** Forgets job `id`: its promise never settles; the worker is asked to stop it. */
    drop(id) { this.cancel(id, 'drop'); open.delete(id); },
    terminate() { fail('the worker was stopped'); worker.terminate(); },
  };
}

function toError(name, message) {
  const C = { RangeError, TypeError }[name] ?? Error;
  const e = new C(message);
  if (!(name in { RangeError: 1, TypeError: 1, Error: 1 })) e.name = name;
  return e;
}

// A zero-delay yield (a MessageChannel hop, not a clamped timer): lets queued messages,
// such as a cancel, run before the next chunk of work.
const channel = globalThis.MessageChannel ? new MessageChannel() : null;
const waiting = [];
if (channel) channel.port1.onmessage = () => waiting.shift()?.();
export const yieldToEvents = () => new Promise((r) => { waiting.push(r); channel.port2.postMessage(0); });

/**
 * The worker's side. `handlers[type](body, job)` may be async; it returns the result body.
 * `job` = { id, progress(body), cancelled (null, or the reason of a cancel that arrived),
 * onCancel (set it to hear of a cancel at once) }.
 * `ready` (a promise) is awaited before any handler runs; it posts 'ready' or the error.
 */
export function serve(handlers, ready) {
  const jobs = new Map();
  ready.then(() => postMessage({ kind: 'ready' }), (e) => postMessage({ kind: 'error', id: null, name: e?.name ?? 'Error', message: String(e?.message ?? e) }));
  onmessage = async ({ data }) => {
    if (data.kind === 'cancel') {
      const job = jobs.get(data.id);
      if (job) { job.cancelled = data.reason ?? 'cancel'; job.onCancel?.(job.cancelled); }
      return;
    }
    if (data.kind !== 'request') return;
    const job = { id: data.id, cancelled: null, progress: (body) => post(globalThis, { kind: 'progress', id: data.id, body }, body) };
    jobs.set(data.id, job);
    try {
      await ready;
      const handler = handlers[data.type];
      if (!handler) throw new TypeError(`unknown request type '${data.type}'; known: ${Object.keys(handlers).join(', ')}`);
      const body = await handler(data.body, job);
      post(globalThis, { kind: 'result', id: data.id, body }, body);
    } catch (e) {
      postMessage({ kind: 'error', id: data.id, name: e?.name ?? 'Error', message: String(e?.message ?? e) });
    } finally {
      jobs.delete(data.id);
    }
  };
}
