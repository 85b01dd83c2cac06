// www/js/worker-protocol.js, the message protocol of the site's workers: progress comes
// before the one result, errors keep their class and message, a cancel reaches a job
// between its chunks, a dropped job never settles, typed arrays travel transferred,
// and a worker that fails to load rejects every open call with the page's message.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

test('worker protocol: progress, result, errors by class, cancel, drop, transfer, a failed worker', async () => {
  const { page, problems } = await env.open('/index.html');
  const r = await page.evaluate(async (origin) => {
    const { connect } = await import('/js/worker-protocol.js');
    const src = `import { serve, yieldToEvents } from '${origin}/js/worker-protocol.js';
      serve({
        count: async ({ n }, job) => { let i = 0; for (; i < n; i++) { await yieldToEvents(); if (job.cancelled) break; job.progress({ i }); } return { i, why: job.cancelled }; },
        range: () => { throw new RangeError('n must be in [0, 9], got 12'); },
        double: ({ values }) => ({ values: values.map((v) => 2 * v) }),
      }, Promise.resolve());`;
    const url = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
    const w = connect(new Worker(url, { type: 'module' }), 'it failed');
    await w.ready;
    const out = {};
    const seen = [];
    out.count = await w.call('count', { n: 5 }, (p) => seen.push(p.i));
    out.seen = seen;
    out.range = await w.call('range', {}).catch((e) => [e.constructor.name, e.message]);
    out.unknown = await w.call('nope', {}).catch((e) => [e.constructor.name, e.message]);
    const values = new Float32Array([1, 2, 3]);
    out.double = [...(await w.call('double', { values })).values];
    out.transferred = values.length; // 0: the sender's array went to the worker
    const long = w.call('count', { n: 1e6 }, (p) => { if (p.i === 10) w.cancel(long.id, 'enough'); });
    out.cancelled = await long;
    let settled = false;
    const dropped = w.call('count', { n: 200 }, (p) => { if (p.i === 5) w.drop(dropped.id); });
    dropped.then(() => { settled = true; }, () => { settled = true; });
    await w.call('count', { n: 300 }); // the worker has long finished the dropped job
    out.droppedSettled = settled;
    w.terminate();
    const bad = connect(new Worker(URL.createObjectURL(new Blob(['throw new Error("no")'], { type: 'text/javascript' }))), 'The browser would not start it.');
    out.failed = await bad.call('count', { n: 1 }).catch((e) => e.message);
    return out;
  }, env.origin);
  assert.deepEqual(r.count, { i: 5, why: null });
  assert.deepEqual(r.seen, [0, 1, 2, 3, 4], 'every progress message came before the result, in order');
  assert.deepEqual(r.range, ['RangeError', 'n must be in [0, 9], got 12']);
  assert.equal(r.unknown[0], 'TypeError');
  assert.match(r.unknown[1], /unknown request type 'nope'; known: count, range, double/);
  assert.deepEqual(r.double, [2, 4, 6]);
  assert.equal(r.transferred, 0);
  assert.equal(r.cancelled.why, 'enough');
  assert.ok(r.cancelled.i >= 11 && r.cancelled.i < 1e6, `the cancel landed between chunks (at ${r.cancelled.i})`);
  assert.equal(r.droppedSettled, false, 'a dropped job never settles');
  assert.equal(r.failed, 'The browser would not start it.');
  assert.deepEqual(problems, []);
  await page.close();
});
