// Droplet erosion throughput: node bench/erosion.mjs [--no-build] [--no-native] [--gpu-droplets N] [--cpu-droplets N]
//
// Droplets per second of landform/erosion.js on 512² and 1024² islands, in one headless
// Chromium (with --enable-unsafe-webgpu): the CPU Eroder in wasm in one worker
// (backend 'cpu') and the WGSL shader on whatever WebGPU adapter Chromium offers
// (backend 'gpu'; on a machine without a GPU that is SwiftShader, a software adapter),
// plus the native CPU eroder (`cargo bench --bench terrain -- erosion`), all measured in
// the same run and reported as ratios to the wasm CPU eroder. Each backend runs a short
// warm-up first (worker start, device and pipeline creation), then the timed run.
// Writes artifacts/bench/erosion.json.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '../scripts/serve.mjs';
import { build, root } from './prepare.mjs';

const args = process.argv.slice(2);
const flag = (f) => args.includes(f);
const opt = (f, d) => { const i = args.indexOf(f); return i >= 0 ? Number(args[i + 1]) : d; };
const gpuDroplets = opt('--gpu-droplets', 40000);
const cpuDroplets = opt('--cpu-droplets', 200000);

if (!flag('--no-build')) build();
const server = await serve(path.join(root, 'www'), 0);
const origin = `http://127.0.0.1:${server.address().port}`;
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--enable-unsafe-webgpu'],
});
const page = await browser.newPage();
await page.goto(`${origin}/js/erosion.js`);
const rows = await page.evaluate(async ({ gpuDroplets, cpuDroplets }) => {
  const E = await import('/js/erosion.js');
  const lf = await import('/pkg/landform.js');
  await lf.default();
  const { islandMap } = await import('/bench/island-map.js');
  const adapter = await navigator.gpu?.requestAdapter();
  const info = adapter?.info ?? {};
  const out = [];
  for (const n of [512, 1024]) {
    const h = islandMap(lf, n);
    const opts = { seed: 7, seaLevel: 0.24 };
    const rate = async (backend, droplets) => {
      await E.erode(h, n, n, { ...opts, droplets: 2000 }, { backend });
      const r = await E.erode(h, n, n, { ...opts, droplets }, { backend });
      return droplets / r.ms * 1000;
    };
    const row = { size: n, cpu: await rate('cpu', cpuDroplets) };
    row.gpu = adapter ? await rate('gpu', gpuDroplets) : null;
    out.push(row);
  }
  return { out, adapter: adapter ? `${info.vendor} ${info.architecture}${info.isFallbackAdapter ? ' (software fallback adapter)' : ''}` : 'none' };
}, { gpuDroplets, cpuDroplets });
await browser.close();
server.close();

const native = {};
if (!flag('--no-native')) {
  const text = execFileSync('cargo', ['bench', '--quiet', '--bench', 'terrain', '--', 'erosion'], { cwd: root, encoding: 'utf8' });
  for (const m of text.matchAll(/erosion\s+(\d+)²\s+(\d+) droplets\/s/g)) native[m[1]] = Number(m[2]);
}

const fmt = (v) => (v == null ? '—' : `${Math.round(v).toLocaleString('en')}`);
const ratio = (v, base) => (v == null ? '' : ` (${(v / base).toFixed(2)}×)`);
console.log(`droplets/s, default params, sea 0.24; GPU adapter: ${rows.adapter}; ${os.cpus()[0]?.model}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`);
console.log('| size | CPU wasm, one worker | CPU native | GPU (WebGPU) |');
console.log('|---|---|---|---|');
for (const r of rows.out) console.log(`| ${r.size}² | ${fmt(r.cpu)} (1×) | ${fmt(native[r.size])}${ratio(native[r.size], r.cpu)} | ${fmt(r.gpu)}${ratio(r.gpu, r.cpu)} |`);
fs.mkdirSync(path.join(root, 'artifacts/bench'), { recursive: true });
fs.writeFileSync(path.join(root, 'artifacts/bench/erosion.json'), JSON.stringify({ ...rows, native, gpuDroplets, cpuDroplets, load: os.loadavg() }, null, 2));
