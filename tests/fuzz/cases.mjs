// What the fuzz tests throw at landform: one good call of every export (`calls`), the
// bad values a caller can pass (`badValues`), and the check that an instance is still
// whole (`snapshot`: a few objects made up front, and the bits they give).

/** A seeded Mulberry32 stream in [0, 1): the property tests' only randomness. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const map = (n, f) => Float32Array.from({ length: n }, (_, i) => f(i));
const hills = (w, h) => map(w * h, (i) => 0.5 + 0.4 * Math.sin(i % w / 3) * Math.cos(Math.floor(i / w) / 4));
const cave = (w, h) => Uint8Array.from({ length: w * h }, (_, i) => (i * 7919) % 5 < 2 ? 1 : 0);

/**
 * Every export, as `[name, (args) => call, goodArgs, gridArgs]`: `call(goodArgs)` must
 * succeed; `gridArgs` lists argument positions that take a `Grid` (checked by the glue,
 * which throws a plain Error before entering wasm).
 */
export function calls(lf) {
  const f = new lf.Field({ seed: 3, fractal: { octaves: 2 } });
  const s = new lf.Field({ noise: 'simplex', seed: 3 });
  const gf = new lf.Field(graphSpec());
  const gd = new lf.Field({ op: 'displace', inputs: [{ seed: 1 }, { op: 'x' }, { noise: 'simplex', seed: 2 }] });
  const g = new lf.Grid(8, 4);
  const e = new lf.Eroder(8, 8, { seed: 2 });
  const ls = new lf.Landscape(8, 8);
  const receivers = lf.flowReceivers(hills(8, 8), 8, 8);
  const region = () => ({ width: 4, height: 4, scale: 8 });
  return [
    ['new Field', (a) => new lf.Field(...a), [{ noise: 'value', seed: 1, fractal: { octaves: 2 }, period: [4, 4], offset: [0, 0, 0] }]],
    ['new Field (graph)', (a) => new lf.Field(...a), [graphSpec()]],
    ['Field.fill2d (graph)', (a) => gf.fill2d(...a), [new Float32Array(16), region()]],
    ['Field.fill3d (graph)', (a) => gf.fill3d(...a), [new Float32Array(16), { ...region(), z: 0.5 }]],
    ['Field.fill2dDeriv (graph)', (a) => gd.fill2dDeriv(...a), [new Float32Array(48), region()]],
    ['Field.fill3dDeriv (graph)', (a) => gd.fill3dDeriv(...a), [new Float32Array(64), { ...region(), z: 0.5 }]],
    ['Field.fillGrid (graph)', (a) => gf.fillGrid(...a), [g, { scale: 8 }], [0]],
    ['Field.sample3d (graph)', (a) => gf.sample3d(...a), [0.5, 0.25, 2]],
    ['Field.rangeFor (graph)', (a) => gf.rangeFor(...a), [3]],
    ['presets', (a) => lf.presets(...a), []],
    ['Field.fill1d', (a) => f.fill1d(...a), [new Float32Array(4), { width: 4, scale: 8 }]],
    ['Field.fill2d', (a) => f.fill2d(...a), [new Float32Array(16), region()]],
    ['Field.fill3d', (a) => f.fill3d(...a), [new Float32Array(16), { ...region(), z: 0.5 }]],
    ['Field.fill4d', (a) => s.fill4d(...a), [new Float32Array(16), { ...region(), z: 0.5, w: 0.25 }]],
    ['Field.fill2dDeriv', (a) => f.fill2dDeriv(...a), [new Float32Array(48), region()]],
    ['Field.fill3dDeriv', (a) => f.fill3dDeriv(...a), [new Float32Array(64), { ...region(), z: 0.5 }]],
    ['Field.fillGrid', (a) => f.fillGrid(...a), [g, { scale: 8 }], [0]],
    ['Field.fillGrid3d', (a) => f.fillGrid3d(...a), [g, { scale: 8, z: 1 }], [0]],
    ['Field.rangeFor', (a) => f.rangeFor(...a), [2]],
    ['Field.sample1d', (a) => f.sample1d(...a), [0.5]],
    ['Field.sample2d', (a) => f.sample2d(...a), [0.5, 0.25]],
    ['Field.sample3d', (a) => f.sample3d(...a), [0.5, 0.25, 2]],
    ['Field.sample4d', (a) => s.sample4d(...a), [0.5, 0.25, 2, 1]],
    ['Field.sample2dDeriv', (a) => f.sample2dDeriv(...a), [0.5, 0.25]],
    ['Field.sample3dDeriv', (a) => f.sample3dDeriv(...a), [0.5, 0.25, 2]],
    ['Field.samplePoints2d', (a) => f.samplePoints2d(...a), [Float32Array.of(0.5, 1, 2, 3), new Float32Array(2)]],
    ['Field.samplePoints3d', (a) => f.samplePoints3d(...a), [Float32Array.of(0.5, 1, 2), new Float32Array(1)]],
    ['Field.gradients', (a) => f.gradients(...a), [0, 0, 2, 2]],
    ['new Grid', (a) => new lf.Grid(...a), [4, 4]],
    ['Grid.copyTo', (a) => g.copyTo(...a), [new Float32Array(32)]],
    ['new Eroder', (a) => new lf.Eroder(...a), [8, 8, { seed: 1, lifetime: 10 }]],
    ['Eroder.run', (a) => e.run(...a), [hills(8, 8), 5]],
    ['redistribute', (a) => lf.redistribute(...a), [map(8, (i) => i / 8), 1.5]],
    ['normalize', (a) => lf.normalize(...a), [map(8, (i) => i * 3)]],
    ['islandFalloff', (a) => lf.islandFalloff(...a), [hills(8, 8), 8, 8, { shape: 'square', blend: 0.5 }]],
    ['fillDepressions', (a) => lf.fillDepressions(...a), [hills(8, 8), 8, 8, { epsilon: 0.001, seaLevel: 0.2 }]],
    ['normalMap', (a) => lf.normalMap(...a), [new Float32Array(192), hills(8, 8), 8, 8, 2]],
    ['normalMapFromDeriv', (a) => lf.normalMapFromDeriv(...a), [new Float32Array(48), map(48, (i) => Math.sin(i)), 4, 4, 0.5]],
    ['undrainedCount', (a) => lf.undrainedCount(...a), [hills(8, 8), 8, 8, 0.2]],
    ['flowDirections', (a) => lf.flowDirections(...a), [hills(8, 8), 8, 8]],
    ['flowAccumulation', (a) => lf.flowAccumulation(...a), [hills(8, 8), 8, 8, 0.2]],
    ['riverMask', (a) => lf.riverMask(...a), [map(8, (i) => i), 3]],
    ['biomes', (a) => lf.biomes(...a), [hills(8, 8), hills(8, 8), 8, 8, { seaLevel: 0.2 }]],
    ['biomeLegend', (a) => lf.biomeLegend(...a), []],
    ['caveThreshold', (a) => lf.caveThreshold(...a), [map(16, (i) => i / 16), 0.5]],
    ['caveSmooth', (a) => lf.caveSmooth(...a), [cave(4, 4), 4, 4, 2, 5, 4]],
    ['caveRegions', (a) => lf.caveRegions(...a), [cave(4, 4), 4, 4]],
    ['cavePockets', (a) => lf.cavePockets(...a), [cave(4, 4), 4, 4, 2]],
    ['caveConnect', (a) => lf.caveConnect(...a), [cave(4, 4), 4, 4]],
    ['placeTrees', (a) => lf.placeTrees(...a), [map(64, (i) => i / 64), 8, 8, 0.3, 1.5, 7]],
    ['new Landscape', (a) => new lf.Landscape(...a), [8, 8, {}]],
    ['Landscape.setHeights', (a) => ls.setHeights(...a), [hills(8, 8)]],
    ['Landscape.setUplift', (a) => ls.setUplift(...a), [1e-3]],
    ['Landscape.setErodibility', (a) => ls.setErodibility(...a), [map(64, () => 1e-5)]],
    ['Landscape.setOptions', (a) => ls.setOptions(...a), [{}]],
    ['Landscape.step', (a) => ls.step(...a), [100, 2]],
    ['Landscape.copyHeightsTo', (a) => ls.copyHeightsTo(...a), [new Float32Array(64)]],
    ['Landscape.copyDrainageAreaTo', (a) => ls.copyDrainageAreaTo(...a), [new Float32Array(64)]],
    ['Landscape.copyReceiversTo', (a) => ls.copyReceiversTo(...a), [new Uint32Array(64)]],
    ['flowReceivers', (a) => lf.flowReceivers(...a), [hills(8, 8), 8, 8, 0.2]],
    ['stackOrder', (a) => lf.stackOrder(...a), [receivers, 8, 8]],
    ['drainageArea', (a) => lf.drainageArea(...a), [receivers, 8, 8, 2]],
    ['erosionShader', (a) => lf.erosionShader(...a), []],
    ['limits', (a) => lf.limits(...a), []],
    ['simd', (a) => lf.simd(...a), []],
  ];
}

/** A small graph of every kind of node: leaves, arithmetic, shaping, domain ops. */
export function graphSpec() {
  return {
    op: 'add',
    inputs: [
      { op: 'select', threshold: 0, falloff: 0.1, inputs: [{ seed: 1 }, { noise: 'simplex', seed: 2 }, { op: 'x' }] },
      { op: 'terrace', points: [-1, 0, 1], inputs: [{ op: 'rotate', angle: 30, inputs: [{ noise: 'worley' }] }] },
      { op: 'clamp', inputs: [{ op: 'distance', to: [1, 1] }] },
    ],
  };
}

/** Bad graph specs, each with the error class and words its message must hold. */
export function badGraphs() {
  const leaf = { seed: 1 };
  // Shared references: 2^15 paths to one leaf, though the object is small.
  let dag = leaf;
  for (let i = 0; i < 15; i++) dag = { op: 'add', inputs: [dag, dag] };
  let deep = leaf;
  for (let i = 0; i < 15; i++) deep = { op: 'abs', inputs: [deep] }; // graph depth 16: the deepest allowed
  const fan = (levels) => (levels === 0 ? { seed: 2 } : { op: 'add', inputs: Array.from({ length: 8 }, () => fan(levels - 1)) });
  return [
    [{ op: 'nope', inputs: [{}] }, TypeError, '`op` must be one of'],
    [{ op: 'add', inputs: [{}] }, TypeError, '`inputs` must hold 2 to 8 specs'],
    [{ op: 'neg', inputs: {} }, TypeError, '`inputs` must be an array'],
    [{ op: 'add', inputs: [{}, { op: 'neg', inputs: [{ fractal: { octaves: 99 } }] }] }, RangeError, '`inputs[1].inputs[0].fractal.octaves`'],
    [{ op: 'add', inputs: [{}, { noise: 'nope' }] }, TypeError, '`inputs[1].noise`'],
    [{ op: 'add', inputs: [{}, { nosie: 'perlin' }] }, TypeError, '`inputs[1]` unknown field `nosie`'],
    [{ op: 'smoothMin', k: -1, inputs: [{}, {}] }, RangeError, '`k`'],
    [{ op: 'curve', points: [[0, 0], [0, 1]], inputs: [{}] }, RangeError, '`points` must have strictly increasing x'],
    [{ op: 'x', extra: 1 }, TypeError, "`spec` has unknown key 'extra'"],
    [{ op: 'mul', inputs: [{ op: 'x' }, { op: 'x' }, { op: 'x' }] }, RangeError, '`spec` can reach values beyond'],
    [{ op: 'neg', inputs: [deep] }, TypeError, 'deeper than 16 graph levels'],
    [{ op: 'abs', inputs: [{ op: 'neg', inputs: [deep] }] }, TypeError, 'nests deeper than any landform option'],
    [dag, TypeError, 'more than 16384 values'],
    [fan(3), TypeError, 'larger than 256 nodes'],
  ];
}

/** Names of every function and class method the package exports (for coverage). */
export function exportedNames(lf) {
  const names = [];
  for (const [k, v] of Object.entries(lf)) {
    if (k === 'default' || k === 'initSync' || k === 'start' || typeof v !== 'function') continue;
    if (!/^[A-Z]/.test(k)) { names.push(k); continue; }
    names.push(`new ${k}`);
    for (const [m, d] of Object.entries(Object.getOwnPropertyDescriptors(v.prototype))) {
      if (m !== 'constructor' && m !== 'free' && !m.startsWith('__') && typeof d.value === 'function') names.push(`${k}.${m}`);
    }
  }
  return names;
}

/** The bad values, by name: wrong types, wrong shapes, objects that throw when read. */
export function badValues() {
  const detachedArray = () => { const a = new Float32Array(16); structuredClone(a.buffer, { transfer: [a.buffer] }); return a; };
  const revoked = () => { const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy; };
  const cycle = () => { const o = { width: 4 }; o.self = o; return o; };
  const deep = () => { let o = {}; for (let i = 0; i < 10000; i++) o = { fractal: o }; return o; };
  return {
    undefined: () => undefined,
    null: () => null,
    NaN: () => NaN,
    Infinity: () => Infinity,
    '-1': () => -1,
    '4.5': () => 4.5,
    '2**32+4': () => 2 ** 32 + 4,
    '1e10': () => 1e10,
    '-1e308': () => -1e308,
    'string "4"': () => '4',
    'array [4]': () => [4],
    'valueOf throws': () => ({ valueOf() { throw new Error('valueOf'); } }),
    symbol: () => Symbol('x'),
    bigint: () => 4n,
    function: () => () => 4,
    Uint8Array: () => new Uint8Array(16),
    Float64Array: () => new Float64Array(16),
    'detached Float32Array': detachedArray,
    'plain Array of 16': () => new Array(16).fill(0.5),
    'array-like of 2**31': () => ({ length: 2 ** 31 }),
    'Proxy of a Float32Array': () => new Proxy(new Float32Array(16), {}),
    'getter throws': () => ({ get width() { throw new Error('getter'); }, get seed() { throw 0; } }),
    'Proxy whose traps throw': () => new Proxy({}, { get() { throw 1; }, ownKeys() { throw 2; }, getOwnPropertyDescriptor() { throw 3; } }),
    'revoked Proxy': revoked,
    cycle,
    'nested 10000 deep': deep,
    'inherited keys': () => Object.create({ width: 4, height: 4, seed: 5 }),
    'huge string': () => 'x'.repeat(1 << 20),
    'class instance': () => new (class Region { constructor() { this.width = 4; } })(),
    'a Grid': (lf) => new lf.Grid(2, 2),
    'a freed Field': (lf) => { const f = new lf.Field(); f.free(); return f; },
  };
}

/** Objects made before a fuzz run, and a function that gives their bits now. */
export function snapshot(lf) {
  const fields = [
    new lf.Field({ seed: 9, fractal: { octaves: 3 } }),
    new lf.Field({ noise: 'simplex', seed: 4, warp: { strength: 0.5 } }),
    new lf.Field({ noise: 'worley', seed: 2, period: [4, 4] }),
  ];
  const grid = new lf.Grid(16, 8);
  const eroder = new lf.Eroder(16, 16, { seed: 5 });
  const base = hills(16, 16);
  return () => {
    const bits = [];
    for (const f of fields) {
      const out = new Float32Array(64);
      f.fill2d(out, { width: 8, height: 8, scale: 5.5, x0: -3 });
      bits.push(...out);
    }
    fields[0].fillGrid(grid, { scale: 3 });
    bits.push(...grid.data);
    // The eroder's state moves on with each run: compare a fresh copy of its map.
    const h = base.slice();
    new lf.Eroder(16, 16, { seed: 5 }).run(h, 50);
    bits.push(...h, eroder.width, eroder.dropletsDone);
    const a = base.slice();
    lf.fillDepressions(a, 16, 16);
    bits.push(...lf.flowAccumulation(a, 16, 16));
    return Float32Array.from(bits);
  };
}
