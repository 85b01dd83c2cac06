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
import { serve } from '../scripts/serve.mjs';
import { build, vendor, root } from './prepare.mjs';
import { ratios, times } from '../www/bench/summary.js';

const args = process.argv.slice(2);
const flag = (f) => args.includes(f);
const opt = (f, d) => { const i = args.indexOf(f); return i >= 0 ? Number(args[i + 1]) : d; };

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
  if (flag('--pool-only')) Object.assign(options, { poolOnly: true, interactive: false, erosion: false, graph: false });
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
  // Ratios (www/bench/summary.js): SIMD vs the fastest JS peer and vs scalar; the pool vs SIMD.
  console.log('\nratios');
  for (const s of ratios(result)) {
    console.log(`${pad(s.workload, 4)} ${pad(s.noise, 8)} SIMD/fastest JS ${lpad(times(s.vsPeer), 7)}${s.peer ? ` (${s.peer.name})` : ''}; SIMD/scalar ${times(s.vsScalar)}; pool/SIMD ${times(s.pool)} (last band started after ${s.poolLateMs?.toFixed(1)} ms); 4 in flight/SIMD ${times(s.throughput)}; ${s.bitsEqual ? 'bits equal' : 'BITS DIFFER'}`);
    if (!s.bitsEqual) process.exitCode = 1;
  }
  if (result.pool) console.log(`\npool(${result.pool.size}): ${result.pool.jobs} jobs, ${result.pool.freshBuffers} fresh result buffers (the rest reused)`);
  if (result.parallelCapacity) console.log(`parallel capacity (two busy workers / one, before and after the workloads): ${result.parallelCapacity.join(' and ')}× — pool ratios cannot exceed it`);
  if (result.interactive) console.log(`\ninteractive (figure 1, 512², 4 octaves, median ms per frame): ${Object.entries(result.interactive).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}`);
  if (result.erosion) console.log(`erosion (wasm): ${Object.entries(result.erosion).map(([k, v]) => `${k} ${Math.round(v.dropletsPerSecond)} droplets/s on 512², fill + D8 on 1024² ${v.fillD8ms.toFixed(1)} ms, landscape step on 1024² ${v.landscapeStepMs.toFixed(1)} ms`).join('; ')}`);
  for (const [name, g] of Object.entries(result.graph ?? {})) {
    console.log(`graph ${name} (${g.label}): ${g.graphMs.toFixed(1)} ms, ${g.overLeaves.toFixed(2)}× its leaves' own fills (${g.leavesMs.toFixed(1)} ms); fastest JS ${g.peer} ${g.peers[g.peer].toFixed(1)} ms: landform ${g.vsPeer.toFixed(2)}× faster`);
  }
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
