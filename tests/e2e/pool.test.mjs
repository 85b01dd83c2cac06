// The worker pool (www/js/pool.js and its package copy www/pkg/pool.js) on a page served
// by the plain static server: pool.fill2d / fill3d and the derivative fills equal
// Field.fill2d / fill3d / fill2dDeriv / fill3dDeriv of one thread bit for bit, bad
// input rejects with the core's error classes, and the package copy works from
// www/pkg/ with its sibling glue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { start } from './helpers.mjs';

test('worker pool fills equal one-thread fills bit for bit', { timeout: 120000 }, async () => {
  const env = await start();
  try {
    const { page, problems } = await env.open('/bench/empty.html');
    const result = await page.evaluate(async () => {
      const lf = await import('/pkg/landform.js');
      await lf.default({ module_or_path: '/pkg/landform_bg.wasm' });
      const { createPool } = await import('/js/pool.js');
      const pkgPool = await import('/pkg/pool.js');
      const same = (a, b) => {
        if (a.length !== b.length) return `length ${a.length} vs ${b.length}`;
        const x = new Uint32Array(a.buffer, a.byteOffset, a.length), y = new Uint32Array(b.buffer, b.byteOffset, b.length);
        for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return `differs at ${i}: ${a[i]} vs ${b[i]}`;
        return 'same';
      };
      const specs = [
        { noise: 'perlin', seed: 42, fractal: { kind: 'fbm', octaves: 4, persistence: 0.5, lacunarity: 2 } },
        { noise: 'simplex', seed: 7, fractal: { kind: 'ridged', octaves: 3, persistence: 0.5, lacunarity: 2 } },
        { noise: 'worley', seed: 5, worley: { return: 'f2-f1' } },
        { noise: 'value', seed: 3, warp: { strength: 1.5, seed: 9, octaves: 2, frequency: 1 } },
        // A field graph: the pool passes it as it is, and its bands are the whole's bits.
        { op: 'add', inputs: [
          { op: 'select', threshold: 0, falloff: 0.2, inputs: [{ seed: 1, fractal: { octaves: 3 } }, { op: 'rotate', angle: 25, inputs: [{ noise: 'simplex', seed: 2 }] }, { op: 'scale', by: 0.3, inputs: [{ noise: 'value', seed: 4 }] }] },
          { op: 'turbulence', power: 0.3, inputs: [{ op: 'clamp', inputs: [{ op: 'distance', to: [3, 2] }] }] },
        ] },
      ];
      const region = { width: 301, height: 257, scale: 32, x0: -13, y0: 7 };
      const out = { checks: [], simd: lf.simd() };
      const err = async (p) => p.then(() => 'resolved', (e) => `${e.name}: ${e.message}`);
      for (const [name, pool] of [['www/js/pool.js', createPool({ size: 2 })], ['www/pkg/pool.js', pkgPool.createPool({ size: 3 })]]) {
        for (const spec of specs) {
          const f = new lf.Field(spec);
          const one = new Float32Array(region.width * region.height);
          f.fill2d(one, region);
          out.checks.push([`${name} 2D ${spec.noise ?? spec.op}`, same(await pool.fill2d(spec, region), one)]);
          if (!spec.warp) {
            f.fill3d(one, { ...region, z: 0.375 });
            out.checks.push([`${name} 3D ${spec.noise ?? spec.op}`, same(await pool.fill3d(spec, { ...region, z: 0.375 }), one)]);
          }
          // The bound a figure paints with, from a worker: the Field's own numbers.
          const bounds = JSON.stringify([await pool.range(spec), await pool.range(spec, 2)]);
          out.checks.push([`${name} range ${spec.noise ?? spec.op}`, bounds === JSON.stringify([[...f.range], [...f.rangeFor(2)]]) ? 'same' : bounds]);
          f.free();
        }
        out.badDims = await err(pool.range(specs[0], 9));
        // Many fills in flight at once still land in the right places.
        const spec = specs[0];
        const all = await Promise.all([0, 1, 2, 3, 4].map((k) => pool.fill2d(spec, { width: 64, height: 33, scale: 16, y0: 33 * k })));
        const f = new lf.Field(spec);
        const whole = new Float32Array(64 * 165);
        f.fill2d(whole, { width: 64, height: 165, scale: 16 });
        f.free();
        const joined = new Float32Array(64 * 165);
        all.forEach((a, k) => joined.set(a, k * 64 * 33));
        out.checks.push([`${name} concurrent tiles`, same(joined, whole)]);
        out.badOctaves = await err(pool.fill2d({ fractal: { octaves: 99 } }, region));
        out.badNoise = await err(pool.fill2d({ noise: 'nope' }, region));
        out.badRegion = await err(pool.fill2d({}, { width: 0, height: 4, scale: 1 }));
        out.after = same(await pool.fill2d(specs[0], region), await pool.fill2d(specs[0], region));
        // Filling into the caller's array returns that array.
        const mine = new Float32Array(region.width * region.height);
        const back = await pool.fill2d(specs[1], region, mine);
        const f1 = new lf.Field(specs[1]);
        const one1 = new Float32Array(region.width * region.height);
        f1.fill2d(one1, region);
        f1.free();
        out.checks.push([`${name} into out`, back === mine ? same(mine, one1) : 'returned another array']);
        out.badOut = await err(pool.fill2d(specs[1], region, new Float32Array(5)));
        out.badOutType = await err(pool.fill2d(specs[1], region, new Float64Array(region.width * region.height)));
        out.badRegionType = await err(pool.fill2d(specs[1], null));
        out.badHeight = await err(pool.fill2d(specs[1], { width: 4, height: 2.5 }));
        // 4D slices (simplex), and a fill big enough to be split into bands.
        const s4 = { noise: 'simplex', seed: 11, fractal: { kind: 'fbm', octaves: 3, persistence: 0.5, lacunarity: 2 } };
        const f4 = new lf.Field(s4);
        const big = { width: 512, height: 400, scale: 40, x0: 5, y0: -9, z: 0.25, w: 1.5 };
        const one4 = new Float32Array(512 * 400);
        f4.fill4d(one4, big);
        out.checks.push([`${name} 4D`, same(await pool.fill4d(s4, big), one4)]);
        f4.fill2d(one4, big);
        const banded = await pool.fill2d(s4, big);
        (out.bands ??= []).push([pool.stats.last.bands, pool.size]);
        out.checks.push([`${name} 2D in bands`, same(banded, one4)]);
        // Derivative fills in bands: every plane equals the one-thread fill's.
        for (const [dims, planes] of [[2, 3], [3, 4]]) {
          const d = new Float32Array(planes * 512 * 400);
          if (dims === 2) f4.fill2dDeriv(d, big); else f4.fill3dDeriv(d, big);
          const call = dims === 2 ? pool.fill2dDeriv : pool.fill3dDeriv;
          out.checks.push([`${name} ${dims}D derivatives in bands`, same(await call(s4, big), d)]);
          out.checks.push([`${name} ${dims}D derivatives into out`, same(await call(s4, big, new Float32Array(planes * 512 * 400)), d)]);
          (out.derivBands ??= []).push(pool.stats.last.bands);
        }
        out.badDerivOut = await err(pool.fill2dDeriv(s4, big, new Float32Array(512 * 400)));
        out.badDerivNoise = await err(pool.fill2dDeriv({ noise: 'worley', worley: { return: 'f2' } }, big));
        f4.free();
        // A stack of 3D slices (one job per worker) equals one fill3d per slice.
        const zs = [0, 0.125, 0.5, 0.875, 1.5, -2];
        const sr = { width: 160, height: 120, scale: 24, x0: 3, y0: -7 };
        const sliceLen = sr.width * sr.height;
        const fs = new lf.Field(specs[0]);
        const slices = new Float32Array(sliceLen * zs.length);
        zs.forEach((z, k) => fs.fill3d(slices.subarray(k * sliceLen, (k + 1) * sliceLen), { ...sr, z }));
        fs.free();
        out.checks.push([`${name} 3D stack`, same(await pool.fill3dStack(specs[0], sr, zs), slices)]);
        const into = new Float32Array(sliceLen * zs.length);
        out.checks.push([`${name} 3D stack into out`, same(await pool.fill3dStack(specs[0], sr, zs, into), slices)]);
        out.badZs = await err(pool.fill3dStack(specs[0], sr, 3));
        out.badZ = await err(pool.fill3dStack(specs[0], sr, [0, NaN]));
        // A per-cell terrain step in bands equals the one-thread call.
        const heights = new Float32Array(200000).map((_, i) => Math.sin(i * 0.001) * 0.9);
        const want = heights.slice();
        lf.redistribute(want, 1.7);
        const got = await pool.redistribute(heights, 1.7);
        out.checks.push([`${name} redistribute`, same(got, want)]);
        out.inputKept = heights[1234] === Math.fround(Math.sin(1234 * 0.001) * 0.9);
        // Filling and drainage of a whole map in one worker equal the one-thread calls.
        const hw = 300, hh = 200;
        const terrain = new Float32Array(hw * hh);
        const tf = new lf.Field({ noise: 'perlin', seed: 3, fractal: { kind: 'fbm', octaves: 5, persistence: 0.5, lacunarity: 2 } });
        tf.fill2d(terrain, { width: hw, height: hh, scale: 60 });
        tf.free();
        const wantFilled = terrain.slice();
        lf.fillDepressions(wantFilled, hw, hh, { method: 'priority-flood', seaLevel: -0.2 });
        const wantAcc = lf.flowAccumulation(wantFilled, hw, hh, -0.2);
        const hyd = await pool.hydrology(terrain, hw, hh, { fill: { method: 'priority-flood', seaLevel: -0.2 }, seaLevel: -0.2 });
        out.checks.push([`${name} hydrology filled`, same(hyd.filled, wantFilled)], [`${name} hydrology acc`, same(hyd.acc, wantAcc)]);
        out.badWidth = await err(pool.hydrology(terrain, 7, hh, {}));
        out.badHeights = await err(pool.hydrology(null, 7, 7, {}));
        out.badExponent = await err(pool.redistribute(heights, -1));
        out.badValues = await err(pool.redistribute([1, 2, 3], 2));
        out.size = pool.size;
        pool.close();
        out.afterClose = await err(pool.fill2d(specs[0], region));
      }
      // More bands than workers (several per worker), two such fills in flight at once,
      // and one whose bands all fail: the pool keeps working.
      const many = createPool({ size: 2, bandsPerWorker: 3 });
      const rs = specs[2];
      const rr = { width: 700, height: 600, scale: 50, x0: 2, y0: 1 };
      const rf = new lf.Field(rs);
      const want = new Float32Array(rr.width * rr.height);
      rf.fill2d(want, rr);
      rf.free();
      const [a, b] = await Promise.all([many.fill2d(rs, rr), many.fill2d(rs, rr)]);
      out.checks.push(['several bands per worker', same(a, want)], ['several bands per worker, two in flight', same(b, want)]);
      out.manyBands = many.stats.last.bands;
      out.manyWorkers = many.stats.last.workers;
      out.manyFail = await err(many.fill2d({ fractal: { octaves: 99 } }, rr));
      out.checks.push(['several bands per worker after a failed fill', same(await many.fill2d(rs, rr), want)]);
      many.close();
      // Aborting: the promise rejects at once with the signal's reason, a signal aborted
      // before the call posts nothing, and the pool keeps working (the aborted bands'
      // results are dropped when they arrive).
      const ab = createPool({ size: 2 });
      const big2 = { width: 1024, height: 512, scale: 40 };
      const wantAb = new Float32Array(big2.width * big2.height);
      const fa = new lf.Field(specs[1]);
      fa.fill2d(wantAb, big2);
      fa.free();
      const c1 = new AbortController();
      const p1 = ab.fill2d(specs[1], big2, undefined, { signal: c1.signal });
      c1.abort();
      out.aborted = await err(p1);
      const c2 = new AbortController();
      c2.abort(new RangeError('stop'));
      out.preAborted = await err(ab.fill3dStack(specs[0], { width: 64, height: 64, scale: 8 }, [0, 1], undefined, { signal: c2.signal }));
      out.preAbortedCell = await err(ab.redistribute(new Float32Array(8), 1.7, { signal: c2.signal }));
      out.badSignal = await err(ab.fill2d(specs[1], big2, undefined, { signal: 'soon' }));
      out.badOptions = await err(ab.fill2d(specs[1], big2, undefined, 5));
      out.checks.push(['after an abort', same(await ab.fill2d(specs[1], big2), wantAb)]);
      out.abortWorkers = ab.stats.last.workers;
      const c3 = new AbortController();
      out.checks.push(['with a signal that does not abort', same(await ab.fill2d(specs[1], big2, undefined, { signal: c3.signal }), wantAb)]);
      ab.close();
      return out;
    });
    for (const [what, verdict] of result.checks) assert.equal(verdict, 'same', what);
    assert.ok(result.checks.length >= 28);
    for (const [bands, size] of result.bands) assert.equal(bands, size, 'a 512 × 400 fill is split in one band per worker');
    assert.match(result.badOutType, /^TypeError: out must be a Float32Array/);
    assert.match(result.badRegionType, /^TypeError: landform: `region` is required/);
    assert.match(result.badHeight, /^RangeError: landform: `region\.height` must be a whole number/);
    assert.equal(result.inputKept, true, 'redistribute leaves its input as it is');
    assert.match(result.badExponent, /^RangeError: .*exponent/);
    assert.match(result.badValues, /^TypeError: values must be a Float32Array/);
    assert.match(result.afterClose, /^Error: landform pool is closed/);
    assert.match(result.badZs, /^TypeError: zs must be an array/);
    assert.match(result.badWidth, /^RangeError: .*heights/);
    assert.match(result.badHeights, /^TypeError: heights must be a Float32Array/);
    assert.match(result.badZ, /^RangeError: zs must hold finite numbers/);
    assert.match(result.badOctaves, /^RangeError: .*fractal\.octaves/);
    assert.match(result.badDims, /^RangeError: .*dims/);
    assert.match(result.badNoise, /^TypeError: .*noise/);
    assert.match(result.badRegion, /^RangeError/);
    assert.equal(result.after, 'same');
    assert.match(result.badOut, /^RangeError: out must be/);
    assert.match(result.badDerivOut, /^RangeError: out must be a Float32Array of 3 × region\.width/);
    assert.match(result.badDerivNoise, /^TypeError: .*worley.*derivative/);
    for (const bands of result.derivBands) assert.ok(bands > 1, 'a 512 × 400 derivative fill is split in bands');
    assert.equal(result.manyBands, 6, 'a 700 × 600 fill is split in 2 workers × 3 bands');
    assert.deepEqual([...new Set(result.manyWorkers)].sort(), [0, 1], 'the bands went to both workers');
    assert.match(result.manyFail, /^RangeError: .*fractal\.octaves/);
    assert.match(result.aborted, /^AbortError/);
    assert.equal(result.preAborted, 'RangeError: stop');
    assert.equal(result.preAbortedCell, 'RangeError: stop');
    assert.match(result.badSignal, /^TypeError: options\.signal must be an AbortSignal/);
    assert.match(result.badOptions, /^TypeError: options must be an object/);
    assert.deepEqual([...result.abortWorkers].sort(), [0, 1], 'after an abort a fill still spreads over both workers');
    assert.deepEqual(problems, []);
  } finally {
    await env.close();
  }
});
