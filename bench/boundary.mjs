// The cost of the checked boundary (src/wasm/args.rs, plain.js) on big fills, as a
// ratio against a baseline package measured in the same run, interleaved:
//
//   node bench/boundary.mjs [baseline-pkg-dir]    (default: the same pkg/, a self-check)
//
// Build the baseline from another commit with `LANDFORM_OUT=dir bash scripts/build.sh`
// there. Reports CPU time (process.cpuUsage: steadier than wall time on a shared
// machine) per fill, median of rounds, and current / baseline.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const root = fileURLToPath(new URL('../', import.meta.url));
const dirs = { current: path.join(root, 'pkg'), baseline: path.resolve(process.argv[2] ?? path.join(root, 'pkg')) };

async function load(dir) {
  // A query string gives each directory its own module instance.
  const lf = await import(`${pathToFileURL(path.join(dir, 'landform.js')).href}?${dir}`);
  await lf.default({ module_or_path: readFileSync(path.join(dir, 'landform_bg.wasm')) });
  return lf;
}

const packages = { current: await load(dirs.current), baseline: await load(dirs.baseline) };
const region = { width: 512, height: 512, scale: 64 };
const workloads = {
  'fill2d perlin 1 octave': { noise: 'perlin', seed: 1 },
  'fill2d value fBm 8 octaves': { noise: 'value', seed: 1, fractal: { octaves: 8 } },
  'fill2d simplex 1 octave': { noise: 'simplex', seed: 1 },
};
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const median = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];

// The fixed cost of one call (argument checks, the plain copy of the region): µs per
// 1 × 1 fill, 2000 calls a round.
function perCall() {
  const tiny = { width: 1, height: 1, scale: 64 };
  const fields = Object.fromEntries(Object.entries(packages).map(([k, lf]) => [k, new lf.Field({ seed: 1 })]));
  const out = new Float32Array(1);
  const times = { current: [], baseline: [] };
  for (let r = 0; r < 23; r++) {
    for (const k of r % 2 ? ['current', 'baseline'] : ['baseline', 'current']) {
      const t = cpuMs();
      for (let i = 0; i < 2000; i++) fields[k].fill2d(out, tiny);
      if (r >= 3) times[k].push((cpuMs() - t) / 2000 * 1000);
    }
  }
  return [median(times.baseline), median(times.current)];
}
const rounds = 15;
const rows = [];
for (const [name, spec] of Object.entries(workloads)) {
  const fields = Object.fromEntries(Object.entries(packages).map(([k, lf]) => [k, new lf.Field(spec)]));
  const out = new Float32Array(region.width * region.height);
  const times = { current: [], baseline: [] };
  for (let r = 0; r < rounds + 3; r++) {
    for (const k of r % 2 ? ['current', 'baseline'] : ['baseline', 'current']) {
      const t = cpuMs();
      for (let i = 0; i < 4; i++) fields[k].fill2d(out, region);
      if (r >= 3) times[k].push((cpuMs() - t) / 4);
    }
  }
  const [c, b] = [median(times.current), median(times.baseline)];
  rows.push(`| ${name} | ${b.toFixed(2)} | ${c.toFixed(2)} | ${(c / b).toFixed(3)} |`);
}
const [b1, c1] = perCall();
rows.push(`| one 1×1 fill2d call (µs) | ${b1.toFixed(2)} | ${c1.toFixed(2)} | ${(c1 / b1).toFixed(3)} |`);
console.log(`512² fills, CPU ms (median of ${rounds} rounds × 4, interleaved); baseline ${dirs.baseline}`);
console.log('| workload | baseline | current | current / baseline |\n|---|---:|---:|---:|');
console.log(rows.join('\n'));
