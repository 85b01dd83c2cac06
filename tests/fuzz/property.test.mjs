// Property tests over random input (seeded, so a failure reproduces): valid specs and
// regions drawn from their documented ranges give deterministic, tileable fills inside
// `field.range`; numbers drawn from far outside those ranges give a landform error or
// a result, never anything else; and the hydrology chain stays in its own domain.
import test from 'node:test';
import assert from 'node:assert/strict';
import { landform } from './load.mjs';
import { random } from './cases.mjs';

const lf = await landform();
const RUNS = Number(process.env.LANDFORM_PROPERTY_RUNS ?? 300);

const pickFrom = (r, list) => list[Math.floor(r() * list.length)];
const between = (r, lo, hi) => lo + (hi - lo) * r();
const whole = (r, lo, hi) => Math.floor(between(r, lo, hi + 1));

function validSpec(r) {
  const noise = pickFrom(r, ['value', 'perlin', 'perlin-improved', 'simplex', 'worley', 'perlin-linear', 'perlin-smoothstep', 'perlin-corner-sw']);
  const spec = {
    noise, seed: whole(r, 0, 2 ** 32 - 1),
    fractal: { kind: pickFrom(r, ['fbm', 'ridged', 'billow', 'turbulence']), octaves: whole(r, 1, 6), persistence: between(r, 0.05, 1), lacunarity: whole(r, 2, 4) },
    offset: [between(r, -100, 100), between(r, -100, 100), 0],
  };
  if (r() < 0.3) spec.warp = { strength: between(r, 0, 4), seed: whole(r, 0, 1000), octaves: whole(r, 1, 3), frequency: between(r, 0.1, 4) };
  if (noise === 'worley') spec.worley = { distance: pickFrom(r, ['euclidean', 'manhattan', 'chebyshev']), return: pickFrom(r, ['f1', 'f2', 'f2-f1']), jitter: r() };
  if (r() < 0.2 && ['value', 'perlin', 'perlin-improved', 'worley'].includes(noise) && !spec.warp) spec.period = [whole(r, 1, 8), whole(r, 1, 8)];
  return spec;
}

const bitsOf = (a) => new Uint32Array(a.buffer, a.byteOffset, a.length);

test(`${RUNS} random valid specs: same bits twice, tiles equal the whole, values within field.range`, () => {
  const r = random(2026);
  for (let run = 0; run < RUNS; run++) {
    const spec = validSpec(r);
    const region = { width: whole(r, 1, 24), height: whole(r, 1, 24), scale: 2 ** between(r, -3, 6), x0: whole(r, -5000, 5000), y0: whole(r, -5000, 5000) };
    const f = new lf.Field(spec);
    const a = new Float32Array(region.width * region.height);
    const b = a.slice();
    f.fill2d(a, region);
    new lf.Field(JSON.parse(JSON.stringify(f.spec))).fill2d(b, region);
    assert.deepEqual(bitsOf(a), bitsOf(b), `run ${run}: ${JSON.stringify(spec)}`);
    const [lo, hi] = f.range;
    for (const v of a) assert.ok(v >= lo && v <= hi, `run ${run}: ${v} outside [${lo}, ${hi}] for ${JSON.stringify(spec)}`);
    // A tile at (i, j) of the whole region gives the same bits.
    const i = whole(r, 0, region.width - 1), j = whole(r, 0, region.height - 1);
    const tile = { ...region, width: region.width - i, height: region.height - j, x0: region.x0 + i, y0: region.y0 + j };
    const t = new Float32Array(tile.width * tile.height);
    f.fill2d(t, tile);
    for (let y = 0; y < tile.height; y++) {
      for (let x = 0; x < tile.width; x++) {
        assert.ok(Object.is(t[y * tile.width + x], a[(y + j) * region.width + x + i]), `run ${run}: tile differs at ${x}, ${y}`);
      }
    }
    f.free();
  }
});

// Any number at all, mostly outside the documented ranges.
const wild = (r) => pickFrom(r, [NaN, Infinity, -Infinity, -1, 0, 0.5, 1, 4.5, 2 ** 31, 2 ** 32 + 4, 1e10, -1e300, 1e-7, 16, 17, 65536]) * (r() < 0.2 ? -1 : 1);

test(`${RUNS} random wild numbers in every numeric option: a landform error or a result, nothing else`, () => {
  const r = random(7);
  const ours = (e) => (e instanceof RangeError || e instanceof TypeError) && /^landform: `/.test(e.message);
  const attempt = (what, fn) => { try { fn(); } catch (e) { assert.ok(ours(e), `${what}: ${e}`); } };
  const h = new Float32Array(64).fill(0.5);
  for (let run = 0; run < RUNS; run++) {
    const spec = { seed: wild(r), fractal: { octaves: wild(r), persistence: wild(r), lacunarity: wild(r) }, warp: { strength: wild(r), seed: wild(r), octaves: wild(r), frequency: wild(r) }, worley: { jitter: wild(r) }, period: [wild(r), wild(r)], offset: [wild(r), wild(r), wild(r)] };
    for (const k of Object.keys(spec)) if (r() < 0.5) delete spec[k];
    attempt(JSON.stringify(spec), () => new lf.Field(spec).fill2d(new Float32Array(4), { width: 2, height: 2, scale: 4 }));
    const region = { width: wild(r), height: wild(r), scale: wild(r), x0: wild(r), y0: wild(r), z: wild(r) };
    attempt(`region ${JSON.stringify(region)}`, () => { const n = region.width * region.height; if (n > 0 && n <= 64) new lf.Field().fill3d(new Float32Array(n), region); else new lf.Field().fill3d(new Float32Array(4), region); });
    const opts = { inertia: wild(r), capacityFactor: wild(r), minCapacity: wild(r), erodeSpeed: wild(r), depositSpeed: wild(r), evaporation: wild(r), gravity: wild(r), lifetime: wild(r), radius: wild(r), initialWater: wild(r), initialSpeed: wild(r), maxSpeed: wild(r), seaLevel: wild(r), seed: wild(r) };
    for (const k of Object.keys(opts)) if (r() < 0.7) delete opts[k];
    attempt(`erosion ${JSON.stringify(opts)}`, () => new lf.Eroder(8, 8, opts).run(h.slice(), wild(r)));
    attempt('fill', () => lf.fillDepressions(h.slice(), 8, 8, { epsilon: wild(r), seaLevel: wild(r) }));
    attempt('biomes', () => lf.biomes(h, h, 8, 8, { seaLevel: wild(r), snowLine: wild(r), rockSlope: wild(r) }));
    attempt('caves', () => lf.caveSmooth(new Uint8Array(64), 8, 8, wild(r), wild(r), wild(r)));
    attempt('trees', () => lf.placeTrees(h, 8, 8, wild(r), wild(r), wild(r)));
  }
});

test(`${RUNS / 10} random maps: fillDepressions drains everything into what flowAccumulation accepts`, () => {
  const r = random(99);
  for (let run = 0; run < RUNS / 10; run++) {
    const w = whole(r, 2, 40), h = whole(r, 2, 40);
    const top = pickFrom(r, [1, 1e3, 1e6]);
    const map = Float32Array.from({ length: w * h }, () => (r() * 2 - 1) * top);
    const epsilon = pickFrom(r, [0, 1e-3, 1]);
    try {
      lf.fillDepressions(map, w, h, { epsilon });
    } catch (e) {
      // Only allowed where the fill would leave the domain.
      assert.ok(e instanceof RangeError && /above 1e6/.test(e.message), String(e));
      continue;
    }
    assert.ok(map.every((v) => Math.abs(v) <= 1e6), `run ${run}`);
    assert.equal(lf.undrainedCount(map, w, h), 0, `run ${run}`);
    const acc = lf.flowAccumulation(map, w, h);
    lf.riverMask(acc, 2);
  }
});
