// One command for the browser benchmark: node bench/run.mjs [--reps N] [--quick] [--no-build] [--no-native] [--serve]
//
// 1. builds the SIMD package (www/pkg/, scripts/build.sh) and the scalar variant into
//    www/bench/pkg-scalar/ unless --no-build (incremental: seconds when nothing changed);
// 2. copies the JavaScript peers (npm dev-dependencies) into www/bench/vendor/ (ignored
//    by git; no CDN, no bundler);
// 3. serves www/ with the plain static server and runs www/bench/index.html in Debian's
//    Chromium (headless, playwright-core), then prints a table of million samples per
//    second and writes artifacts/bench/result.json.
// --serve only does 1 and 2 and keeps the server running, for a look in a real browser.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../scripts/serve.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (f) => args.includes(f);
const opt = (f, d) => { const i = args.indexOf(f); return i >= 0 ? Number(args[i + 1]) : d; };

function build() {
  const sh = (env) => execFileSync('bash', ['scripts/build.sh'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
  sh({});
  sh({ LANDFORM_SIMD: '0', LANDFORM_OUT: 'www/bench/pkg-scalar' });
}

function vendor() {
  const nm = path.join(root, 'node_modules');
  const dst = path.join(root, 'www/bench/vendor');
  fs.rmSync(dst, { recursive: true, force: true });
  const copy = (from, to) => { fs.mkdirSync(path.dirname(path.join(dst, to)), { recursive: true }); fs.copyFileSync(path.join(nm, from), path.join(dst, to)); };
  copy('simplex-noise/dist/esm/simplex-noise.js', 'simplex-noise/simplex-noise.js');
  copy('noisejs/index.js', 'noisejs/index.js');
  copy('fastnoise-lite/FastNoiseLite.js', 'fastnoise-lite/FastNoiseLite.js');
  for (const f of fs.readdirSync(path.join(nm, 'open-simplex-noise/lib')).filter((f) => f.endsWith('.js'))) {
    copy(`open-simplex-noise/lib/${f}`, `open-simplex-noise/${f}`);
  }
}

if (!flag('--no-build')) build();
vendor();
const server = await serve(path.join(root, 'www'), flag('--serve') ? 8090 : 0);
const origin = `http://127.0.0.1:${server.address().port}`;
if (flag('--serve')) {
  console.log(`benchmark page: ${origin}/bench/  (Ctrl-C to stop)`);
} else {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); else if (flag('--verbose')) console.error(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${origin}/bench/`);
  await page.waitForFunction(() => globalThis.landformBench, null, { timeout: 30000 });
  const quick = flag('--quick');
  const options = { reps: opt('--reps', quick ? 3 : 7), warm: quick ? 1 : 2 };
  // --workloads W1,W2 runs only those; --pool-only skips the JS peers, scalar, interactive and erosion.
  const wi = args.indexOf('--workloads');
  if (wi >= 0) options.workloads = args[wi + 1].split(',');
  if (flag('--pool-only')) Object.assign(options, { poolOnly: true, interactive: false, erosion: false });
  const t0 = Date.now();
  page.on('console', (m) => { if (m.text().startsWith('[bench]')) process.stderr.write(`${m.text()}\n`); });
  const result = await page.evaluate((o) => globalThis.landformBench.run({ ...o, log: (m) => console.log(`[bench] ${m}`) }), options);
  await browser.close();
  server.close();
  if (problems.length) { console.error('page problems:', problems); process.exitCode = 1; }

  const version = execFileSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).split('\n').filter((l) => /Chromium/.test(l)).join(' ').trim();
  result.browser = version || result.userAgent;
  result.machine = `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`;
  result.seconds = (Date.now() - t0) / 1000;
  result.options = options;
  fs.mkdirSync(path.join(root, 'artifacts/bench'), { recursive: true });
  fs.writeFileSync(path.join(root, 'artifacts/bench/result.json'), JSON.stringify(result, null, 2));

  const pad = (s, n) => String(s).padEnd(n);
  const lpad = (s, n) => String(s).padStart(n);
  console.log(`\nlandform browser benchmark — ${result.date}\n${result.browser}; ${result.machine}; hardwareConcurrency ${result.cores}; median of ${options.reps} after ${options.warm} warm-up rounds\n`);
  console.log(`${pad('workload', 9)}${pad('contestant', 34)}${pad('variant', 18)}${lpad('M samples/s', 12)}${lpad('ms', 9)}  checksum / bits`);
  for (const r of result.rows) {
    console.log(`${pad(r.workload, 9)}${pad(`${r.lib} ${r.noise}`, 34)}${pad(r.variant, 18)}${lpad(r.msps.toFixed(1), 12)}${lpad(r.ms.toFixed(1), 9)}  ${r.checksum.toFixed(3)} ${r.hash}`);
  }
  // Ratios: landform single thread (SIMD) vs the fastest JS peer; pool vs single thread.
  console.log('\nratios');
  for (const w of [...new Set(result.rows.map((r) => r.workload))]) {
    const rows = result.rows.filter((r) => r.workload === w);
    const js = rows.filter((r) => r.variant === 'JS').sort((a, b) => b.msps - a.msps)[0] ?? { lib: 'no JS peer', noise: '', msps: NaN };
    for (const noise of ['simplex', 'perlin', 'value']) {
      const one = rows.find((r) => r.lib === 'landform' && r.noise === noise && r.variant === 'SIMD');
      const sc = rows.find((r) => r.lib === 'landform' && r.noise === noise && r.variant === 'scalar');
      const pool = rows.find((r) => r.lib === 'landform' && r.noise === noise && r.variant.startsWith('SIMD + pool'));
      const thr = rows.find((r) => r.lib === 'landform' && r.noise === noise && r.extra === 'throughput');
      const kernel = rows.find((r) => r.lib === 'landform' && r.noise === noise && r.extra === 'kernel');
      if (!one) continue;
      const same = (!sc || sc.hash === one.hash) && pool?.hash === one.hash && (!thr || thr.hash === one.hash) && (!kernel || kernel.hash === one.hash) ? 'bits equal' : 'BITS DIFFER';
      console.log(`${pad(w, 4)} landform ${pad(noise, 8)} SIMD/fastest JS (${js.lib} ${js.noise}) ${(one.msps / js.msps).toFixed(2)}×; SIMD/scalar ${sc ? (one.msps / sc.msps).toFixed(2) : '–'}×; pool/SIMD ${(pool.msps / one.msps).toFixed(2)}× (last band started after ${pool.lateStartMs?.toFixed(1)} ms)${thr ? `; ${thr.variant} (throughput)/SIMD ${(thr.msps / one.msps).toFixed(2)}×` : ''}; ${same}`);
    }
  }
  if (result.pool) console.log(`\npool(${result.pool.size}): ${result.pool.jobs} jobs, ${result.pool.freshBuffers} fresh result buffers (the rest reused)`);
  if (result.parallelCapacity) console.log(`parallel capacity (two busy workers / one, before and after the workloads): ${result.parallelCapacity.join(' and ')}× — pool ratios cannot exceed it`);
  if (result.interactive) console.log(`\ninteractive (figure 1, 512², 4 octaves, median ms per frame): ${Object.entries(result.interactive).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}`);
  if (result.erosion) console.log(`erosion (wasm): ${Object.entries(result.erosion).map(([k, v]) => `${k} ${Math.round(v.dropletsPerSecond)} droplets/s on 512², fill + D8 on 1024² ${v.fillD8ms.toFixed(1)} ms`).join('; ')}`);
  // Wasm against native on the same kernels: the Grid rows (no copy out of wasm memory)
  // beside `cargo bench --bench noise` (release build of the same row code), run now.
  if (!flag('--no-native')) {
    const text = execFileSync('cargo', ['bench', '--quiet', '--bench', 'noise', '--', '--quick'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    result.native = {};
    for (const m of text.matchAll(/^(W\d)\s+(\S+)\s+([\d.]+)\s+([\d.]+)/gm)) result.native[`${m[1]} ${m[2]}`] = Number(m[3]);
    console.log('\nwasm (SIMD Grid, no copy) vs native (cargo bench --bench noise, rows), M samples/s');
    for (const r of result.rows.filter((r) => r.extra === 'kernel')) {
      const nat = result.native[`${r.workload} ${r.noise}`];
      if (nat) console.log(`${pad(r.workload, 4)} ${pad(r.noise, 8)} wasm ${lpad(r.msps.toFixed(1), 7)}  native ${lpad(nat.toFixed(1), 7)}  native/wasm ${(nat / r.msps).toFixed(2)}×`);
    }
    fs.writeFileSync(path.join(root, 'artifacts/bench/result.json'), JSON.stringify(result, null, 2));
  }
  // The same table as Markdown, for docs/benchmarks.md.
  const md = [`| workload | contestant | variant | M samples/s | ms |`, `|---|---|---|---:|---:|`,
    ...result.rows.map((r) => `| ${r.workload} | ${r.lib} ${r.noise} | ${r.variant} | ${r.msps.toFixed(1)} | ${r.ms.toFixed(1)} |`)].join('\n');
  fs.writeFileSync(path.join(root, 'artifacts/bench/table.md'), `${md}\n`);
  console.log(`\n(${result.seconds.toFixed(0)} s; artifacts/bench/result.json, artifacts/bench/table.md)`);
}
