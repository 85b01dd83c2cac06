// Wasm timings of the terrain pipeline under Node, the counterpart of benches/terrain.rs:
// droplets per second on 512², fill (both methods) and D8 per megacell, 256² to 2048².
//
//   cargo build --release --target wasm32-unknown-unknown
//   wasm-bindgen target/wasm32-unknown-unknown/release/landform.wasm --out-dir /tmp/lf --target nodejs
//   node benches/terrain_wasm.mjs /tmp/lf/landform.js
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const lf = createRequire(import.meta.url)(resolve(process.argv[2] ?? 'pkg-node/landform.js'));

function mulberry32(a) {
  return () => {
    let t = (a += 0x6d2b79f5);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Octaves of bilinear value noise plus a little white noise, shaped into an island.
function island(n, seed) {
  const out = new Float32Array(n * n);
  let amp = 0.5;
  for (let cell = n / 4; cell >= 2 && amp > 0.02; cell /= 2, amp /= 2) {
    const lw = n / cell + 2, rnd = mulberry32(seed ^ cell);
    const lat = Float32Array.from({ length: lw * lw }, rnd);
    for (let i = 0; i < n * n; i++) {
      const fx = (i % n) / cell, fy = Math.floor(i / n) / cell, ix = fx | 0, iy = fy | 0, u = fx - ix, v = fy - iy;
      const a = lat[iy * lw + ix], b = lat[iy * lw + ix + 1], c = lat[(iy + 1) * lw + ix], d = lat[(iy + 1) * lw + ix + 1];
      out[i] += amp * ((a * (1 - u) + b * u) * (1 - v) + (c * (1 - u) + d * u) * v);
    }
  }
  const rnd = mulberry32(seed);
  for (let i = 0; i < out.length; i++) out[i] += 0.004 * rnd();
  lf.islandFalloff(out, n, n, { blend: 0.6 });
  return out;
}

function median(warm, runs, setup, f) {
  for (let i = 0; i < warm; i++) f(setup());
  const t = [];
  for (let i = 0; i < runs; i++) {
    const input = setup();
    const s = performance.now();
    f(input);
    t.push(performance.now() - s);
  }
  return t.sort((a, b) => a - b)[runs >> 1];
}

const map = island(512, 7), chunk = 50000;
const ms = median(1, 5, () => [map.slice(), new lf.Eroder(512, 512)], ([m, e]) => { e.run(m, chunk); e.free(); });
console.log(`erosion   512²  ${Math.round(chunk / ms * 1000)} droplets/s (${chunk} droplets in ${ms.toFixed(1)} ms, default params, wasm)`);
console.log('size   | priority-flood ms (ms/Mcell) | planchon-darboux ms (ms/Mcell) | d8 ms (ms/Mcell)');
for (const [n, runs] of [[256, 7], [512, 5], [1024, 3], [2048, 3]]) {
  const m = island(n, 11), mc = n * n / 1e6;
  const fill = (method) => median(1, runs, () => m.slice(), (h) => lf.fillDepressions(h, n, n, { method }));
  const pf = fill('priority-flood'), pd = fill('planchon-darboux');
  const filled = m.slice();
  lf.fillDepressions(filled, n, n);
  const d8 = median(1, runs, () => null, () => lf.flowAccumulation(filled, n, n));
  const col = (t) => `${t.toFixed(1).padStart(8)} (${(t / mc).toFixed(1).padStart(6)})`;
  console.log(`${String(n).padStart(5)}² | ${col(pf).padEnd(28)} | ${col(pd).padEnd(30)} | ${col(d8)}`);
}
