// Prepares the benchmark page: builds the SIMD package (www/pkg/, scripts/build.sh) and
// the scalar variant (www/bench/pkg-scalar/), and copies the JavaScript peers (npm
// dev-dependencies) into www/bench/vendor/ (ignored by git; no CDN, no bundler).
// `node bench/prepare.mjs` does both; bench/run.mjs and the site tests import them.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Both packages; incremental, seconds when nothing changed. */
export function build() {
  const sh = (env) => execFileSync('bash', ['scripts/build.sh'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
  sh({});
  sh({ LANDFORM_SIMD: '0', LANDFORM_OUT: 'www/bench/pkg-scalar' });
}

/** The four JS noise libraries, from node_modules/ into www/bench/vendor/. */
export function vendor() {
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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  build();
  vendor();
}
