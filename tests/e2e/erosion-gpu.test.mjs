// landform/erosion.js (www/js/erosion.js): droplet erosion on WebGPU (SwiftShader here,
// Chromium's software adapter behind --enable-unsafe-webgpu) against the CPU Eroder:
// the same droplet starts, the same droplets one at a time within the fixed-point
// rounding, the same statistics in parallel with an exact integer budget, heights kept
// in range at high droplet counts, the CPU fallback, validation, abort and a lost device.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

// A page of the site's origin with the module loaded, the GPU buffers it makes counted
// (`__live`: created and not yet destroyed) and `__island(n)`, the island page's shaping.
async function open({ noGpu = false } = {}) {
  const page = await env.browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript((removeGpu) => {
    if (removeGpu) Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined, configurable: true });
    if (!globalThis.GPUDevice) return;
    const live = new Set();
    globalThis.__live = live;
    const create = GPUDevice.prototype.createBuffer;
    GPUDevice.prototype.createBuffer = function (d) { const b = create.call(this, d); live.add(b); globalThis.__device = this; return b; };
    const destroy = GPUBuffer.prototype.destroy;
    GPUBuffer.prototype.destroy = function () { live.delete(this); return destroy.call(this); };
  }, noGpu);
  await page.goto(`${env.origin}/js/erosion.js`);
  await page.evaluate(async () => {
    globalThis.E = await import('/js/erosion.js');
    const lf = await import('/pkg/landform.js');
    await lf.default();
    globalThis.lf = lf;
    const { islandMap } = await import('/bench/island-map.js');
    globalThis.__island = (n) => islandMap(lf, n);
    // A smooth 64² bowl with ripples, on the fixed-point grid (millionths).
    globalThis.__bowl = () => {
      const n = 64, h = new Float32Array(n * n);
      for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) {
        h[y * n + x] = Math.round((0.2 + ((x - 31.5) ** 2 + (y - 31.5) ** 2) / 4000 + 0.02 * Math.sin(x / 3 + y / 4)) * 1e6) / 1e6;
      }
      return h;
    };
  });
  return { page, errors };
}

test('erosion.js: the GPU starts droplet k where the CPU stream (Mulberry32) does, for any split', async () => {
  const { page, errors } = await open();
  const r = await page.evaluate(async () => {
    // The reference one-liner (src/rng.rs documents it), run sequentially from the seed.
    const stream = (seed) => { let a = seed >>> 0; return () => { let t = (a = (a + 0x6D2B79F5) | 0); t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0); }; };
    const below = (v, end) => { if (v < end) return v; const f = new Float32Array([end]); new Uint32Array(f.buffer)[0]--; return f[0]; };
    const out = [];
    // Far into the run, the stream is skipped ahead through its state, a Weyl sequence
    // (seed + n · 0x6D2B79F5 mod 2^32 after n outputs); the other cases run it from the seed.
    const skipped = (seed, first) => stream((seed + Math.imul((2 * first) % 2 ** 32, 0x6D2B79F5)) >>> 0);
    for (const [seed, w, h, first, count] of [[7, 256, 256, 0, 4096], [0xFFFFFFFF, 64, 37, 1000, 500], [42, 1024, 1024, 1234567, 64], [9, 4096, 300, 2 ** 31 + 5, 64]]) {
      const next = first < 2 ** 24 ? stream(seed) : skipped(seed, first);
      if (first < 2 ** 24) for (let k = 0; k < first; k++) { next(); next(); }
      const want = [];
      for (let k = 0; k < count; k++) {
        const x = Math.fround(Math.fround((next() >>> 8) / 16777216) * (w - 1));
        const y = Math.fround(Math.fround((next() >>> 8) / 16777216) * (h - 1));
        want.push(below(x, w - 1), below(y, h - 1));
      }
      const got = await E.dropletStarts(seed, w, h, first, count);
      let bad = 0;
      for (let i = 0; i < want.length; i++) if (got[i] !== want[i]) bad++;
      out.push({ seed, first, count, bad });
    }
    return out;
  });
  for (const o of r) assert.equal(o.bad, 0, `seed ${o.seed}, droplets ${o.first}…: ${o.bad} coordinates differ`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('erosion.js: in order (concurrency 1), each GPU droplet matches the CPU droplet within the fixed-point rounding', async () => {
  const { page, errors } = await open();
  const r = await page.evaluate(async () => {
    const n = 64;
    let map = __bowl();
    const e = new lf.Eroder(n, n, { seed: 42 });
    const worst = [];
    // Droplet k from the same state on both backends: the CPU's state after k − 1 droplets, rounded to the grid.
    for (let k = 0; k < 300; k++) {
      const s = Float32Array.from(map, (v) => Math.round(v * 1e6) / 1e6);
      const cpu = s.slice();
      e.run(cpu, 1);
      const gpu = await E.erode(s, n, n, { droplets: 1, seed: 42 }, { backend: 'gpu', first: k, concurrency: 1 });
      let max = 0;
      for (let i = 0; i < cpu.length; i++) max = Math.max(max, Math.abs(cpu[i] - gpu.heights[i]));
      worst.push(max);
      map = cpu;
    }
    e.free();
    // The whole run at once, in order, against the CPU's own spread: the CPU run again from
    // the map moved by at most half a fixed-point step (what rounding to the grid does).
    const h = __bowl();
    const run = await E.erode(h, n, n, { droplets: 300, seed: 42 }, { backend: 'gpu', concurrency: 1 });
    const cpuRun = await E.erode(h, n, n, { droplets: 300, seed: 42 }, { backend: 'cpu' });
    const nudged = await E.erode(h.map((v, i) => v + ((i * 7919) % 3 - 1) * 5e-7), n, n, { droplets: 300, seed: 42 }, { backend: 'cpu' });
    const dist = (a, b) => a.reduce((s, v, i) => s + Math.abs(v - b[i]), 0);
    return { worst, gpuVsCpu: dist(run.heights, cpuRun.heights), cpuVsNudged: dist(nudged.heights, cpuRun.heights), moved: dist(cpuRun.heights, h) };
  });
  const sorted = r.worst.slice().sort((a, b) => a - b);
  const within = r.worst.filter((v) => v <= 2e-5).length;
  console.log(`in order: per-droplet max |GPU − CPU| median ${sorted[150].toExponential(2)}, p99 ${sorted[296].toExponential(2)}, max ${sorted[299].toExponential(2)}; ${within}/300 within 2e-5`);
  console.log(`whole run of 300: Σ|GPU − CPU| ${r.gpuVsCpu.toFixed(4)}, CPU vs CPU from the half-step-nudged map ${r.cpuVsNudged.toFixed(4)}, Σ|change| ${r.moved.toFixed(3)}`);
  // The bound: each droplet rounds every change to millionths (≤ ½ each, ~30 steps);
  // a droplet whose path a millionth turns (a branch flipped) is the rare exception.
  assert.ok(sorted[150] <= 5e-6, `median per-droplet difference ${sorted[150]}`);
  assert.ok(within >= 295, `${within} of 300 droplets within 2e-5 of the CPU`);
  assert.ok(sorted[299] <= 5e-4, `worst droplet ${sorted[299]}`);
  // Droplet erosion is chaotic: the whole run differs from the CPU no more than the CPU
  // differs from itself when the input moves by the grid's rounding.
  assert.ok(r.gpuVsCpu <= 1.5 * r.cpuVsNudged, `GPU vs CPU ${r.gpuVsCpu} against the CPU's own spread ${r.cpuVsNudged}`);
  assert.ok(r.gpuVsCpu < 0.2 * r.moved, 'the difference is small next to what erosion changed');
  assert.deepEqual(errors, []);
  await page.close();
});

test('erosion.js: in parallel on a 256² island, 50k droplets match the CPU statistically and the budget balances exactly', async () => {
  const { page, errors } = await open();
  const r = await page.evaluate(async () => {
    const n = 256, h = __island(n), fresh = __island(n), opts = { droplets: 50000, seed: 7, seaLevel: 0.24 };
    const gpu = await E.erode(h, n, n, opts, { backend: 'gpu' });
    const cpu = await E.erode(h, n, n, opts, { backend: 'cpu' });
    const dg = gpu.heights.map((v, i) => v - h[i]), dc = cpu.heights.map((v, i) => v - h[i]);
    const mean = (a) => a.reduce((s, v) => s + v, 0) / a.length;
    const [mg, mc] = [mean(dg), mean(dc)];
    let sxy = 0, sxx = 0, syy = 0;
    for (let i = 0; i < dg.length; i++) { sxy += (dg[i] - mg) * (dc[i] - mc); sxx += (dg[i] - mg) ** 2; syy += (dc[i] - mc) ** 2; }
    const f = gpu.fixed;
    let net = 0;
    for (let i = 0; i < f.heights.length; i++) net += f.heights[i] - f.before[i];
    return { r: sxy / Math.sqrt(sxx * syy), gb: gpu.budget, cb: cpu.budget, net, fixed: f, ms: [gpu.ms, cpu.ms], backend: gpu.backend, unchanged: h.every((v, i) => v === fresh[i]) };
  });
  console.log(`50k @256²: r = ${r.r.toFixed(3)}; eroded GPU ${r.gb.eroded.toFixed(2)} / CPU ${r.cb.eroded.toFixed(2)}, deposited ${r.gb.deposited.toFixed(2)} / ${r.cb.deposited.toFixed(2)}; ${r.ms.map((m) => m.toFixed(0)).join(' / ')} ms`);
  assert.equal(r.backend, 'gpu');
  assert.ok(r.unchanged, 'the input map is not modified');
  assert.ok(Math.abs(r.gb.eroded / r.cb.eroded - 1) < 0.05, 'eroded within 5% of the CPU');
  assert.ok(Math.abs(r.gb.deposited / r.cb.deposited - 1) < 0.05, 'deposited within 5% of the CPU');
  assert.ok(r.r >= 0.8, `per-cell erosion maps correlate at r = ${r.r}`);
  const { eroded, deposited, carriedOff, stranded } = r.fixed;
  assert.equal(r.net, deposited - eroded, 'Σ Δheight = deposited − eroded, in millionths, exactly');
  assert.equal(eroded - deposited, carriedOff + stranded, 'eroded − deposited = lost, exactly');
  assert.ok(stranded < 0.05 * eroded, 'little is stranded');
  assert.deepEqual(errors, []);
  await page.close();
});

test('erosion.js: 300k droplets in parallel on a 256² island keep every height in range and the coastline where it was', async () => {
  // 300k (4.6 per cell, past the old model's runaway at two per cell) rather than 1M:
  // SwiftShader runs about 9k droplets/s here, so 1M would take two minutes.
  const { page, errors } = await open();
  const r = await page.evaluate(async () => {
    const n = 256, h = __island(n), sea = 0.24;
    const gpu = await E.erode(h, n, n, { droplets: 300000, seed: 3, seaLevel: sea }, { backend: 'gpu', chunk: 65536 });
    const f = gpu.fixed, seaF = Math.ceil(Math.fround(sea) * 1e6);
    let lo = Infinity, hi = -Infinity, before = [Infinity, -Infinity], coast = 0, land = 0, changed = 0;
    for (let i = 0; i < f.heights.length; i++) {
      lo = Math.min(lo, f.heights[i]); hi = Math.max(hi, f.heights[i]);
      before = [Math.min(before[0], f.before[i]), Math.max(before[1], f.before[i])];
      if ((f.heights[i] >= seaF) !== (f.before[i] >= seaF)) coast++;
      if (f.before[i] >= seaF) land++;
      if (Math.abs(f.heights[i] - f.before[i]) > 10000) changed++;
    }
    return { lo, hi, before, coast, land, changed, budget: gpu.budget, ms: gpu.ms };
  });
  console.log(`300k @256²: ${(r.ms / 1000).toFixed(1)} s, heights [${r.lo}, ${r.hi}] µ of [${r.before}], land ${r.land} cells, ${r.changed} cells moved > 0.01`);
  assert.ok(r.lo >= r.before[0] && r.hi <= r.before[1], 'no cell below the lowest or above the highest input height');
  assert.equal(r.coast, 0, 'no land cell went under the sea and no sea cell rose out of it');
  assert.ok(r.changed > 1000, 'erosion moved the terrain');
  assert.ok(r.budget.stranded < 0.05 * r.budget.eroded);
  assert.deepEqual(errors, []);
  await page.close();
});

test('erosion.js: without WebGPU, auto runs the CPU and says why; gpu rejects clearly', async () => {
  const { page, errors } = await open({ noGpu: true });
  const r = await page.evaluate(async () => {
    const n = 64, h = __bowl(), opts = { droplets: 2000, seed: 5 };
    const progress = [];
    const auto = await E.erode(h, n, n, opts, { onProgress: (d, t) => progress.push([d, t]), chunk: 500 });
    const cpu = await E.erode(h, n, n, opts, { backend: 'cpu' });
    const gpu = await E.erode(h, n, n, opts, { backend: 'gpu' }).then(() => 'resolved', (e) => `${e.name}: ${e.message}`);
    return { backend: auto.backend, reason: auto.fallbackReason, same: auto.heights.every((v, i) => v === cpu.heights[i]), changed: auto.heights.some((v, i) => v !== h[i]), gpu, progress, status: await E.gpuStatus(n, n) };
  });
  assert.equal(r.backend, 'cpu');
  assert.match(r.reason, /navigator\.gpu/);
  assert.ok(r.same && r.changed, 'the CPU result, bit for bit');
  assert.match(r.gpu, /^Error: .*backend 'gpu' is not available: .*navigator\.gpu/);
  assert.deepEqual(r.progress.map(([d]) => d), [500, 1000, 1500]);
  assert.deepEqual(r.status, { gpu: false, reason: r.reason });
  assert.deepEqual(errors, []);
  await page.close();
});

test('erosion.js: on a software adapter, auto takes the CPU and says so', async () => {
  const { page } = await open();
  const r = await page.evaluate(async () => {
    const h = __bowl();
    const auto = await E.erode(h, 64, 64, { droplets: 100 });
    return { backend: auto.backend, reason: auto.fallbackReason, status: await E.gpuStatus(64, 64) };
  });
  assert.equal(r.backend, 'cpu');
  assert.match(r.reason, /software/);
  assert.equal(r.status.gpu, false);
  await page.close();
});

test('erosion.js: bad input gets the Eroder\'s RangeError / TypeError before any GPU work, and the next run works', async () => {
  const { page, errors } = await open();
  const r = await page.evaluate(async () => {
    const h = __bowl();
    const cases = [
      [h, 64, 64, { droplets: 10, inertia: 2 }],
      [h, 64, 64, { droplets: 10, radius: 0.5 }],
      [h, 64, 64, { droplets: 10, lifetime: 1.5 }],
      [h, 64, 64, { droplets: 10, speed: 2 }],
      [h, 64, 64, { droplets: 10, seaLevel: 'low' }],
      [h, 64, 64, { droplets: -1 }],
      [h, 64, 64, { droplets: 1.5 }],
      [h, 64, 64, {}],
      [Array.from(h), 64, 64, { droplets: 10 }],
      [h.subarray(1), 64, 64, { droplets: 10 }],
      [h.map((v, i) => (i === 99 ? NaN : v)), 64, 64, { droplets: 10 }],
      [h, 64.5, 64, { droplets: 10 }],
      [h, 1, 4096, { droplets: 10 }],
      [h, 64, 64, { droplets: 10 }, { backend: 'tpu' }],
      [h, 64, 64, { droplets: 10 }, { backnd: 'gpu' }],
      [h, 64, 64, { droplets: 10 }, { backend: 'gpu', concurrency: 0 }],
      [h, 64, 64, { droplets: 10 }, { backend: 'gpu', chunk: 2 ** 21 }],
      [h, 64, 64, { droplets: 10 }, { backend: 'gpu', signal: {} }],
      [h, 64, 64, { droplets: 10 }, { onProgress: 3 }],
      [h, 64, 64, { droplets: 10 }, { backend: 'cpu', first: 5 }],
      [h.map((v) => v * 3000), 64, 64, { droplets: 10 }, { backend: 'gpu' }],
      [h, 64, 64, { droplets: 10, seaLevel: 5000 }, { backend: 'gpu' }],
    ];
    const out = [];
    for (const args of cases) {
      out.push(await E.erode(...args).then(() => 'resolved', (e) => `${e.name}: ${e.message}`));
    }
    const buffersAfterErrors = globalThis.__device ? 'made' : 'none';
    const tall = await E.erode(h.map((v) => v * 3000), 64, 64, { droplets: 10 }); // auto: the CPU, with the reason
    const ok = await E.erode(h, 64, 64, { droplets: 200 }, { backend: 'gpu' });
    return { out, buffersAfterErrors, tall: [tall.backend, tall.fallbackReason], ok: ok.heights.some((v, i) => v !== h[i]), live: __live.size };
  });
  const want = [
    /^RangeError: .*`inertia`/, /^RangeError: .*`radius`/, /^TypeError: .*`params`.*1\.5.*u32/, /^TypeError: .*unknown key 'speed'/, /^TypeError: .*/,
    /^RangeError: `droplets`/, /^RangeError: `droplets`/, /^RangeError: `droplets`.*undefined/,
    /^TypeError: `heights` must be a Float32Array/, /^RangeError: .*`heights`/, /^RangeError: .*`heights`/,
    /^RangeError: `width`/, /^RangeError: .*`width`/,
    /^TypeError: `backend`/, /^TypeError: `run` has unknown key 'backnd'/, /^RangeError: `concurrency`/, /^RangeError: `chunk`/,
    /^TypeError: `signal`/, /^TypeError: `onProgress`/, /^RangeError: `first`/,
    /^RangeError: `heights` must be in \[-1000, 1000\] on the GPU/, /^RangeError: `seaLevel` must be in \[-1000, 1000\] on the GPU/,
  ];
  r.out.forEach((msg, i) => assert.match(msg, want[i], `case ${i}`));
  assert.equal(r.buffersAfterErrors, 'none', 'no GPU buffer was made for any bad call');
  assert.equal(r.tall[0], 'cpu');
  assert.match(r.tall[1], /heights/);
  assert.ok(r.ok, 'a good run after the errors works');
  assert.equal(r.live, 0, 'every GPU buffer released');
  assert.deepEqual(errors, []);
  await page.close();
});

test('erosion.js: abort mid-run and a lost device reject, release every buffer, and the next run works', async () => {
  const { page, errors } = await open();
  const r = await page.evaluate(async () => {
    const n = 128, h = __island(n), opts = { droplets: 20000, seed: 1 };
    const fail = (p) => p.then(() => 'resolved', (e) => `${e.name}: ${e.message}`);
    const ctl = new AbortController();
    let seen = 0;
    const aborted = await fail(E.erode(h, n, n, opts, { backend: 'gpu', chunk: 2000, signal: ctl.signal, onProgress: (d) => { seen = d; if (d >= 4000) ctl.abort(); } }));
    const afterAbort = __live.size;
    const lost = await fail(E.erode(h, n, n, opts, { backend: 'gpu', chunk: 2000, onProgress: (d) => { if (d === 2000) __device.destroy(); } }));
    const afterLost = __live.size;
    const cpuCtl = new AbortController();
    const cpuAborted = await fail(E.erode(h, n, n, { droplets: 400000 }, { backend: 'cpu', signal: cpuCtl.signal, onProgress: () => cpuCtl.abort() }));
    const pre = new AbortController();
    pre.abort();
    const preAborted = await fail(E.erode(h, n, n, opts, { backend: 'gpu', signal: pre.signal }));
    const next = await E.erode(h, n, n, { droplets: 5000 }, { backend: 'gpu' });
    return { aborted, seen, afterAbort, lost, afterLost, cpuAborted, preAborted, next: next.backend, live: __live.size, changed: next.heights.some((v, i) => v !== h[i]) };
  });
  assert.match(r.aborted, /^AbortError/);
  assert.equal(r.seen, 4000, 'stopped at the next dispatch');
  assert.equal(r.afterAbort, 0, 'abort released every buffer');
  assert.match(r.lost, /^Error: the WebGPU device was lost/);
  assert.equal(r.afterLost, 0, 'a lost device released every buffer');
  assert.match(r.cpuAborted, /^AbortError/);
  assert.match(r.preAborted, /^AbortError/);
  assert.equal(r.next, 'gpu');
  assert.ok(r.changed);
  assert.equal(r.live, 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('erosion.js: the package copy (pkg/erosion.js, its worker and GPU module) runs both backends', async () => {
  const { page, errors } = await open();
  const r = await page.evaluate(async () => {
    const P = await import('/pkg/erosion.js');
    const h = __bowl();
    const cpu = await P.erode(h, 64, 64, { droplets: 500, seed: 3 }, { backend: 'cpu' });
    const gpu = await P.erode(h, 64, 64, { droplets: 500, seed: 3 }, { backend: 'gpu' });
    const site = await E.erode(h, 64, 64, { droplets: 500, seed: 3 }, { backend: 'cpu' });
    return { backends: [cpu.backend, gpu.backend], same: cpu.heights.every((v, i) => v === site.heights[i]), moved: gpu.heights.some((v, i) => v !== h[i]) };
  });
  assert.deepEqual(r.backends, ['cpu', 'gpu']);
  assert.ok(r.same, 'the package and the site give the same CPU bits');
  assert.ok(r.moved);
  assert.deepEqual(errors, []);
  await page.close();
});
