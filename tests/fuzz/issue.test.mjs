// Every example of issue 11 (parts 2 and 3), as first written: each failed before the
// boundary (src/wasm/args.rs, src/wasm/plain.js) and the one set of limits
// (src/limits.rs). Names are cited by the README's "Reliability" section.
import test from 'node:test';
import assert from 'node:assert/strict';
import { landform } from './load.mjs';

const lf = await landform();
const { Field, Eroder } = lf;

const fill = (f, scale = 3) => { const o = new Float32Array(16); f.fill2d(o, { width: 4, height: 4, scale }); return o; };
const reference = fill(new Field({ seed: 1 }));
const alive = () => assert.deepEqual(fill(new Field({ seed: 1 })), reference, 'the instance is broken');
const throwsNamed = (fn, Class, param) => assert.throws(fn, (e) => e instanceof Class && e.message.includes(`\`${param}`), `${Class.name} naming ${param}`);

test('throwing getters in a spec are a TypeError, 1000 times, and the instance lives', () => {
  for (let i = 0; i < 1000; i++) throwsNamed(() => new Field({ get seed() { throw 0; } }), TypeError, 'spec');
  alive();
});

test('normalize(null) 15000 times is a TypeError each time and the instance lives', () => {
  for (let i = 0; i < 15000; i++) throwsNamed(() => lf.normalize(null), TypeError, 'values');
  alive();
});

test('fill2d(null) does not poison the Field; run([...]) does not poison the Eroder', () => {
  const f = new Field({ seed: 1 });
  throwsNamed(() => f.fill2d(null, { width: 4, height: 4 }), TypeError, 'out');
  assert.deepEqual(fill(f), reference);
  const e = new Eroder(4, 4);
  throwsNamed(() => e.run([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], 1), TypeError, 'heights');
  const h = new Float32Array(16).fill(0.5);
  e.run(h, 1);
  assert.equal(e.dropletsDone, 1);
});

test('Proxies, cycles, deep nesting, inherited keys and class instances are TypeErrors', () => {
  const cyc = { fractal: {} }; cyc.fractal.back = cyc;
  let deep = {}; for (let i = 0; i < 100000; i++) deep = { fractal: deep };
  for (const spec of [new Proxy({ seed: 1 }, {}), cyc, deep, Object.create({ seed: 5 }), new (class S { seed = 1; })()]) {
    throwsNamed(() => new Field(spec), TypeError, 'spec');
  }
  throwsNamed(() => fill(new Field({ seed: 1 })) && new Field({ seed: 1 }).fill2d(new Float32Array(16), Object.create({ width: 4, height: 4 })), TypeError, 'region');
  alive();
});

test('typed arrays must be exactly Float32Array, attached, of the right length', () => {
  const f = new Field({ seed: 1 });
  throwsNamed(() => f.fill2d(new Uint8Array(16), { width: 4, height: 4 }), TypeError, 'out');
  throwsNamed(() => f.fill2d(new Array(16).fill(0), { width: 4, height: 4 }), TypeError, 'out');
  throwsNamed(() => lf.islandFalloff({ length: 2 ** 31 }, 4, 4), TypeError, 'heights');
  throwsNamed(() => lf.caveThreshold({ length: 2 ** 31 }, 0.5), TypeError, 'values');
  throwsNamed(() => lf.caveSmooth(new Uint8ClampedArray(16), 4, 4, 1, 5, 4), TypeError, 'grid');
  const gone = new Float32Array(16); structuredClone(gone.buffer, { transfer: [gone.buffer] });
  throwsNamed(() => f.fill2d(gone, { width: 4, height: 4 }), RangeError, 'out');
  alive();
});

test('a view on wasm memory detached by the fill itself is a RangeError, not a panic', () => {
  const f = new Field({ seed: 1 });
  for (const [name, call] of [
    ['fill2d', (out) => f.fill2d(out, { width: 4096, height: 4096 })],
    ['samplePoints2d', (out) => f.samplePoints2d(new Float32Array(2 * out.length), out)],
  ]) {
    const g = new lf.Grid(4096, 4096);
    // grid.data is a view on wasm memory; a big fill grows memory and detaches it.
    assert.throws(() => call(g.data), (e) => e instanceof RangeError && /detached/.test(e.message), name);
    g.free();
  }
  alive();
});

test('gradients(0, 0, 65536, 65536) is a RangeError at once', () => {
  const t = performance.now();
  throwsNamed(() => new Field({ seed: 1 }).gradients(0, 0, 65536, 65536), RangeError, 'cols');
  assert.ok(performance.now() - t < 1000);
  throwsNamed(() => new Field().gradients(2 ** 31 - 2, 0, 4, 1), RangeError, 'x0');
  alive();
});

test('run(h, -1), run(h, 1e10), run(h, NaN) are RangeErrors and run nothing', () => {
  const e = new Eroder(16, 16);
  const h = new Float32Array(256).fill(0.5);
  for (const n of [-1, 1e10, NaN, 4.5, 2 ** 32 + 1]) throwsNamed(() => e.run(h, n), RangeError, 'droplets');
  throwsNamed(() => e.run(h, '4'), TypeError, 'droplets');
  assert.equal(e.dropletsDone, 0);
});

test('integers are never coerced: 2**32 + 4, 4.5, "4", [4] are errors', () => {
  const h = new Float32Array(16);
  throwsNamed(() => lf.islandFalloff(h, 2 ** 32 + 4, 4), RangeError, 'width');
  throwsNamed(() => lf.islandFalloff(h, 4.5, 4), RangeError, 'width');
  throwsNamed(() => lf.islandFalloff(h, '4', 4), TypeError, 'width');
  throwsNamed(() => lf.islandFalloff(h, [4], 4), TypeError, 'width');
  throwsNamed(() => new lf.Grid(4.5, 4), RangeError, 'width');
  throwsNamed(() => lf.caveRegions(new Uint8Array(16), 4, '4'), TypeError, 'height');
  throwsNamed(() => new Field().fill2d(new Float32Array(16), { width: '4', height: 4 }), TypeError, 'region');
  throwsNamed(() => new Field().sample2d('1', 2), TypeError, 'x');
  throwsNamed(() => new Field().gradients(0, 0, 2 ** 32 + 2, 1), RangeError, 'cols');
});

test('period [1, 2, 3] is refused; scale 1e-6 and { seed: undefined } are accepted', () => {
  throwsNamed(() => new Field({ period: [1, 2, 3] }), TypeError, 'spec.period');
  throwsNamed(() => new Field({ offset: [1, 2] }), TypeError, 'spec.offset');
  const out = new Float32Array(4);
  new Field({ seed: 2 }).fill2d(out, { width: 2, height: 2, scale: 1e-6 });
  assert.deepEqual(fill(new Field({ seed: undefined, noise: 'perlin' })), fill(new Field({})));
  new lf.Eroder(4, 4, { seed: undefined });
});

test('redistribute(Float32Array.of(1e3), 16) is a RangeError, never Infinity', () => {
  const a = Float32Array.of(1e3, 0.5);
  throwsNamed(() => lf.redistribute(a, 16), RangeError, 'heights');
  assert.deepEqual([...a], [1e3, 0.5], 'left as it was');
  const b = Float32Array.of(10, -2);
  lf.redistribute(b, 16);
  assert.ok(b.every(Number.isFinite));
});

test('fillDepressions never writes outside what flowAccumulation accepts', () => {
  // A pit ringed by cells near the top of the domain: filling raises it above 1e6.
  const w = 64, h = 64;
  const a = new Float32Array(w * h).fill(1e6);
  for (let i = 0; i < w; i++) a[i] = 999999; // the only outlet: one row
  const before = a.slice();
  throwsNamed(() => lf.fillDepressions(a, w, h, { epsilon: 1 }), RangeError, 'heights');
  assert.deepEqual(a, before, 'left as it was');
  const ok = new Float32Array(w * h).fill(0.5); ok[w + 1] = 0.1;
  lf.fillDepressions(ok, w, h, { epsilon: 1e-3 });
  lf.flowAccumulation(ok, w, h);
});

test('a 100 MB unknown noise name gives a short error message', () => {
  const name = 'x'.repeat(100 << 20);
  assert.throws(() => new Field({ noise: name }), (e) => e instanceof TypeError && e.message.length < 1000);
});

test('undrainedCount and riverMask reject what flowAccumulation rejects', () => {
  const nan = Float32Array.of(0, NaN, 0, 0);
  for (const fn of [lf.flowAccumulation, lf.undrainedCount]) {
    throwsNamed(() => fn(nan, 2, 2), RangeError, 'heights');
    throwsNamed(() => fn(new Float32Array(4), 2, 2, NaN), RangeError, 'seaLevel');
    throwsNamed(() => fn(new Float32Array(4), 2, 2, '0'), TypeError, 'seaLevel');
    throwsNamed(() => fn({ length: 4 }, 2, 2), TypeError, 'heights');
  }
  throwsNamed(() => lf.riverMask(Float32Array.of(1, NaN), 0.5), RangeError, 'accumulation');
  throwsNamed(() => lf.riverMask({ length: 4 }, 0.5), TypeError, 'accumulation');
});

test('one set of limits: every step takes 16384 sides and 2^26 cells, and no more', () => {
  const { maxSide, maxCells, maxDroplets } = lf.limits();
  assert.deepEqual([maxSide, maxCells, maxDroplets], [16384, 2 ** 26, 2 ** 24]);
  const big = maxSide + 1;
  throwsNamed(() => new Field().fill2d(new Float32Array(big), { width: big }), RangeError, 'region.width');
  throwsNamed(() => new lf.Grid(big, 1), RangeError, 'width');
  throwsNamed(() => new Eroder(big, 2), RangeError, 'width');
  throwsNamed(() => lf.islandFalloff(new Float32Array(big), big, 1), RangeError, 'width');
  throwsNamed(() => lf.caveRegions(new Uint8Array(big), big, 1), RangeError, 'width');
  throwsNamed(() => lf.placeTrees(new Float32Array(big), big, 1, 0.5, 1, 1), RangeError, 'width');
  // The most cells: 16384 × 4096 is fine for a grid; 16384 × 4097 is not, anywhere.
  throwsNamed(() => new lf.Grid(maxSide, maxCells / maxSide + 1), RangeError, 'width');
  throwsNamed(() => new Eroder(maxSide, maxCells / maxSide + 1), RangeError, 'width');
  alive();
});

test('a method called on the wrong object or a freed one is a TypeError, not a panic', () => {
  const g = new lf.Grid(4, 4);
  const out = new Float32Array(16);
  for (const self of [g, {}, null, Object.create(Field.prototype), new Eroder(4, 4)]) {
    throwsNamed(() => Field.prototype.fill2d.call(self, out, { width: 4, height: 4 }), TypeError, 'this');
  }
  throwsNamed(() => Field.prototype.free.call(g), TypeError, 'this');
  const f = new Field({ seed: 1 });
  f.free();
  throwsNamed(() => f.fill2d(out, { width: 4, height: 4 }), TypeError, 'this');
  throwsNamed(() => f.range, TypeError, 'this');
  f.free(); // freeing twice stays harmless
  g.copyTo(out);
  alive();
});
