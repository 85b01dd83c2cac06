// The worker pool at the boundary (issue 11): a spec or region that cannot be read as
// plain data, or a message that cannot be cloned, rejects at once with a TypeError
// (never a promise pending forever, never a spec silently changed by postMessage), and
// the pool and its workers' cached Fields keep giving field.fill2d's bits afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { start } from './helpers.mjs';

test('pool calls with unreadable or uncloneable input reject, and the pool lives on', { timeout: 120000 }, async () => {
  const env = await start();
  try {
    const { page, problems } = await env.open('/bench/empty.html');
    const result = await page.evaluate(async () => {
      const lf = await import('/pkg/landform.js');
      await lf.default({ module_or_path: '/pkg/landform_bg.wasm' });
      const { createPool } = await import('/pkg/pool.js');
      const pool = createPool({ size: 2 });
      const spec = { noise: 'simplex', seed: 4, fractal: { octaves: 3 } };
      const region = { width: 256, height: 300, scale: 24 };
      // Settles within 5 s or reports 'pending': a hang is a failure, not a timeout.
      const verdict = (p) => Promise.race([
        Promise.resolve().then(() => p).then(() => 'resolved', (e) => `${e?.name}: ${e?.message}`),
        new Promise((r) => setTimeout(() => r('pending'), 5000)),
      ]);
      const cases = {
        'function in spec': () => pool.fill2d({ ...spec, fractal: { octaves: () => 3 } }, region),
        'Proxy spec': () => pool.fill2d(new Proxy(spec, {}), region),
        'throwing getter': () => pool.fill2d({ get seed() { throw new Error('boom'); } }, region),
        'inherited spec keys': () => pool.fill2d(Object.create(spec), region),
        'inherited region keys': () => pool.fill2d(spec, Object.create(region)),
        'cyclic spec': () => { const s = { fractal: {} }; s.fractal.s = s; return pool.fill2d(s, region); },
        'symbol exponent': () => pool.redistribute(new Float32Array(8), Symbol('k')),
        'BigInt width': () => pool.hydrology(new Float32Array(16), 4n, 4, {}),
        'Proxy fill options': () => pool.hydrology(new Float32Array(16), 4, 4, { fill: new Proxy({}, {}) }),
        'region too large': () => pool.fill2d(spec, { width: 16385, height: 2 }),
        // This one reaches the workers' cached Field for `spec`, which must stay usable.
        'bad scale in the workers': () => pool.fill2d(spec, { ...region, scale: NaN }),
        'typed array as region.x0': () => pool.fill2d(spec, { ...region, x0: new Uint8Array(2) }),
      };
      const out = { verdicts: {} };
      for (const [name, call] of Object.entries(cases)) out.verdicts[name] = await verdict(call());
      const f = new lf.Field(spec);
      const one = new Float32Array(region.width * region.height);
      f.fill2d(one, region);
      const got = await pool.fill2d(spec, region);
      out.same = got.every((v, i) => Object.is(v, one[i]));
      out.hydrology = await verdict(pool.hydrology(new Float32Array(16).fill(0.5), 4, 4, { seaLevel: 0.1 }));
      pool.close();
      out.closed = await verdict(pool.fill2d(spec, region));
      return out;
    });
    for (const [name, v] of Object.entries(result.verdicts)) {
      const want = name === 'region too large' ? /^RangeError: landform: `region\.width`/
        : name === 'bad scale in the workers' ? /^RangeError: landform: `region\.scale`/ : /^(TypeError|DataCloneError): /;
      assert.match(v, want, name);
    }
    assert.match(result.verdicts['Proxy spec'], /^TypeError: landform: `spec` must be plain data/);
    assert.match(result.verdicts['inherited spec keys'], /^TypeError: landform: `spec` must be a plain object/);
    assert.equal(result.same, true, 'the pool still equals field.fill2d');
    assert.equal(result.hydrology, 'resolved');
    assert.match(result.closed, /^Error: landform pool is closed/);
    assert.deepEqual(problems, []);
  } finally {
    await env.close();
  }
});
