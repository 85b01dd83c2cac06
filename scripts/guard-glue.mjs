// Makes every method of the generated wasm-bindgen glue (landform.js) check its `this`
// before entering wasm: `Field.prototype.fill2d.call(grid, …)` would otherwise hand a
// Grid's memory to Rust as a Field (a panic, or worse), and a freed object a null
// pointer. The check is `instanceof` the class and a live pointer; the error is a
// TypeError in landform's format, thrown in JS, so no wasm frame is involved.
//
//   node scripts/guard-glue.mjs pkg/landform.js      (scripts/build.sh runs it)
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2];
let src = readFileSync(file, 'utf8');
const HELPER = 'function landformThis(';
if (!src.includes(HELPER)) {
  let guarded = 0;
  src = src.replace(/^export class (\w+) \{[\s\S]*?^\}$/gm, (block, name) => block
    .replace(/(wasm\.\w+\((?:retptr, )?)this\.__wbg_ptr/g, (_, call) => (guarded++, `${call}landformThis(this, ${name})`))
    .replace(/(__destroy_into_raw\(\) \{\n(\s*))const ptr = this\.__wbg_ptr;/, (_, head, pad) => (guarded++, `${head}landformThis(this, ${name}, true);\n${pad}const ptr = this.__wbg_ptr;`))
    // free() would call another class's __destroy_into_raw on a wrong `this`; freeing
    // twice does nothing (wasm-bindgen's own free would throw from inside wasm).
    .replace(/(free\(\) \{\n(\s*))const ptr = this\.__destroy_into_raw\(\);/, (_, head, pad) => (guarded++, `${head}if (!landformThis(this, ${name}, true)) return;\n${pad}const ptr = this.__destroy_into_raw();`)));
  if (guarded < 10) throw new Error(`guard-glue: only ${guarded} methods found in ${file}; has the glue changed shape?`);
  src += `
/** The wasm pointer of \`obj\`, after checking that it is a live \`klass\` (scripts/guard-glue.mjs). */
${HELPER}obj, klass, freeing = false) {
  if (!(obj instanceof klass)) throw new TypeError(\`landform: \\\`this\\\` must be a \${klass.name}, got \${obj === null || typeof obj !== 'object' ? String(obj) : 'another object'}\`);
  if (!freeing && !obj.__wbg_ptr) throw new TypeError(\`landform: \\\`this\\\` is a \${klass.name} that was freed (or moved)\`);
  return obj.__wbg_ptr;
}
`;
  writeFileSync(file, src);
  console.error(`[guard-glue] ${file}: ${guarded} methods check their \`this\``);
}
