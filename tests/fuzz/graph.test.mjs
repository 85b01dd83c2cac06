// Field graphs through the built package: bad graphs are named errors (node paths, the
// limits of src/limits.rs and plain.js) that leave the instance working; a graph's fill
// equals its point samples and its spec's fill; the presets build and stay in range.
import test from 'node:test';
import assert from 'node:assert/strict';
import { landform } from './load.mjs';
import { badGraphs, graphSpec } from './cases.mjs';

const lf = await landform();
const { Field } = lf;
const region = { width: 24, height: 16, scale: 7, x0: -5, y0: 3 };
const fill = (f, dims = 2) => {
  const out = new Float32Array(region.width * region.height);
  f[dims === 2 ? 'fill2d' : 'fill3d'](out, { ...region, z: 0.5 });
  return out;
};

test('bad graphs throw named errors and the instance keeps working', () => {
  const g = new Field(graphSpec());
  const before = fill(g);
  for (const [spec, Class, words] of badGraphs()) {
    assert.throws(() => new Field(spec), (e) => e instanceof Class && e.message.includes(words), `${words}: ${JSON.stringify(spec).slice(0, 80)}`);
  }
  assert.deepEqual(fill(g), before);
  assert.deepEqual(fill(new Field(graphSpec())), before);
  // The deepest graph allowed (16 levels, a leaf with a fractal at the bottom) passes plain.js.
  let deep = { noise: 'simplex', fractal: { octaves: 2 } };
  for (let i = 0; i < 14; i++) deep = { op: 'abs', inputs: [deep] };
  deep = { op: 'curve', points: [[-1, 0], [1, 1]], inputs: [deep] };
  assert.ok(fill(new Field(deep)).every((v) => v >= 0 && v <= 1));
});

test('a graph fill equals its point samples, and its spec gives the same bits', () => {
  const g = new Field(graphSpec());
  for (const dims of [2, 3]) {
    const out = fill(g, dims);
    for (let j = 0; j < region.height; j++) {
      for (let i = 0; i < region.width; i++) {
        const x = (region.x0 + i) / region.scale;
        const y = (region.y0 + j) / region.scale;
        const want = dims === 2 ? g.sample2d(x, y) : g.sample3d(x, y, 0.5);
        assert.equal(out[j * region.width + i], want, `${dims}D (${i}, ${j})`);
      }
    }
    // samplePoints takes f32 positions: the same as sample at exactly those.
    const pt = new Float32Array(1);
    const [x, y] = [Math.fround(0.3), Math.fround(-1.7)];
    if (dims === 2) g.samplePoints2d(Float32Array.of(x, y), pt);
    else g.samplePoints3d(Float32Array.of(x, y, 0.5), pt);
    assert.equal(pt[0], dims === 2 ? g.sample2d(x, y) : g.sample3d(x, y, 0.5));
    assert.deepEqual(fill(new Field(g.spec), dims), out);
    const [lo, hi] = g.rangeFor(dims);
    assert.ok(out.every((v) => v >= lo && v <= hi), `${dims}D fill within [${lo}, ${hi}]`);
  }
  assert.equal(g.spec.op, 'add');
  assert.deepEqual(g.spec.inputs[0].inputs[0].fractal, { kind: 'fbm', octaves: 1, persistence: 0.5, lacunarity: 2 });
});

test('leaf-only methods say that graphs lack them', () => {
  const g = new Field(graphSpec());
  assert.throws(() => g.fill1d(new Float32Array(4), { width: 4 }), (e) => e instanceof TypeError && /field graph, which has no fill1d/.test(e.message));
  assert.throws(() => g.sample4d(0, 0, 0, 0), (e) => e instanceof TypeError && /field graph, which has no sample4d/.test(e.message));
});

test('derivative fills run through graphs: values as fill2d, a moved leaf as the leaf', () => {
  const leaf = { noise: 'simplex', seed: 6, fractal: { octaves: 3 } };
  const g = new Field({ op: 'mul', inputs: [leaf, { op: 'rotate', angle: 20, inputs: [{ ...leaf, seed: 7 }] }] });
  const n = region.width * region.height;
  for (const dims of [2, 3]) {
    const out = new Float32Array((dims + 1) * n);
    g[dims === 2 ? 'fill2dDeriv' : 'fill3dDeriv'](out, { ...region, z: 0.5 });
    assert.deepEqual(out.subarray(0, n), fill(g, dims), `${dims}D value plane`);
    assert.ok(out.every(Number.isFinite) && out.subarray(n).some((v) => v !== 0), `${dims}D gradient planes`);
    const moved = new Float32Array((dims + 1) * n);
    const own = new Float32Array((dims + 1) * n);
    const call = dims === 2 ? 'fill2dDeriv' : 'fill3dDeriv';
    new Field({ op: 'translate', inputs: [leaf] })[call](moved, { ...region, z: 0.5 });
    new Field(leaf)[call](own, { ...region, z: 0.5 });
    assert.deepEqual(moved, own, `${dims}D translate by 0`);
    // A point sample is the fill's cell there, all planes, bit for bit.
    for (const k of [0, 77, n - 1]) {
      const [i, j] = [k % region.width, Math.floor(k / region.width)];
      const [x, y] = [(region.x0 + i) / region.scale, (region.y0 + j) / region.scale];
      const pt = dims === 2 ? g.sample2dDeriv(x, y) : g.sample3dDeriv(x, y, 0.5);
      assert.deepEqual(Array.from(pt), Array.from({ length: dims + 1 }, (_, c) => out[c * n + k]), `${dims}D cell ${k}`);
    }
  }
  // graphSpec() holds a terrace: the error names its node.
  const t = new Field(graphSpec());
  assert.throws(() => t.fill2dDeriv(new Float32Array(48), { width: 4, height: 4 }), (e) => e instanceof TypeError && /`inputs\[1\]\.op` 'terrace' has no derivative/.test(e.message));
  assert.throws(() => t.sample3dDeriv(0, 0, 0), (e) => e instanceof TypeError && /`inputs\[1\]\.op` 'terrace'/.test(e.message));
  assert.throws(() => g.fill2dDeriv(new Float32Array(47), { width: 4, height: 4 }), (e) => e instanceof RangeError && /out/.test(e.message));
});

test('the presets build, fill within their range and round-trip', () => {
  const presets = lf.presets();
  assert.deepEqual(Object.keys(presets), ['island', 'ridgedMountains', 'canyons', 'marble']);
  for (const [name, spec] of Object.entries(presets)) {
    const f = new Field(spec);
    const out = new Float32Array(64 * 64);
    f.fill2d(out, { width: 64, height: 64, scale: 8 });
    const [lo, hi] = f.range;
    assert.ok(out.every((v) => v >= lo && v <= hi), name);
    assert.ok(Math.max(...out) - Math.min(...out) > 0.2 * (hi - lo), `${name} uses its range`);
    assert.deepEqual(JSON.parse(JSON.stringify(new Field(spec).spec)), JSON.parse(JSON.stringify(spec)), name);
  }
});
