// Loads the built package (pkg/, from scripts/build.sh) in Node: the same V8 and the
// same wasm module as Chromium, without a browser. Every fuzz test starts here.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The package's exports, initialised once per process. */
export async function landform() {
  const lf = await import(`${root}pkg/landform.js`);
  await lf.default({ module_or_path: readFileSync(`${root}pkg/landform_bg.wasm`) });
  return lf;
}
