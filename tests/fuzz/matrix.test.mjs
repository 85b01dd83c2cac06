// The bad-input matrix: every export, every argument position, every bad value of
// cases.mjs. Each call must return or throw a landform TypeError/RangeError naming what
// was wrong (never a RuntimeError, a panic, "recursive use of an object" or a foreign
// exception), and afterwards every object made before still gives the same bits.
import test from 'node:test';
import assert from 'node:assert/strict';
import { landform } from './load.mjs';
import { badValues, calls, exportedNames, snapshot } from './cases.mjs';

const lf = await landform();

// Values that are never a valid argument anywhere: wrong types and unreadable objects.
const NEVER_VALID = new Set(['string "4"', 'array [4]', 'valueOf throws', 'symbol', 'bigint', 'function',
  'Uint8Array', 'Float64Array', 'detached Float32Array', 'plain Array of 16', 'array-like of 2**31',
  'Proxy of a Float32Array', 'getter throws', 'Proxy whose traps throw', 'revoked Proxy', 'cycle',
  'nested 10000 deep', 'inherited keys', 'huge string', 'class instance', 'a freed Field']);

/** Runs `fn`; returns 'ok' or the error, after checking the error is one of ours. */
export function outcome(fn, where, gridArg) {
  try {
    fn();
    return 'ok';
  } catch (e) {
    // A Grid argument is checked by wasm-bindgen's glue (`instanceof Grid`) before wasm
    // is entered: its Error (or the TypeError of `instanceof` on a revoked Proxy) is safe.
    if (gridArg && e instanceof Error && /expected instance of Grid|proxy that has been revoked/.test(e.message)) return e;
    assert.ok(e instanceof TypeError || e instanceof RangeError, `${where}: ${e?.constructor?.name}: ${e?.message ?? e}`);
    assert.match(e.message, /^landform: `[^`]+`/, where);
    assert.ok(e.message.length < 1000, `${where}: message of ${e.message.length} characters`);
    return e;
  }
}

test('the matrix covers every export of the package', () => {
  const covered = new Set(calls(lf).map(([name]) => name));
  const missing = exportedNames(lf).filter((n) => !covered.has(n));
  assert.deepEqual(missing, []);
});

test('every good call of the matrix succeeds', () => {
  for (const [name, call, args] of calls(lf)) assert.equal(outcome(() => call(args), name), 'ok', name);
});

test('every bad value at every position throws a named landform error and breaks nothing', () => {
  const bits = snapshot(lf);
  const before = bits();
  const bad = badValues();
  let cases = 0;
  for (const [name, call, args, gridArgs = []] of calls(lf)) {
    for (let k = 0; k < args.length; k++) {
      for (const [label, make] of Object.entries(bad)) {
        const a = args.slice();
        a[k] = make(lf);
        const where = `${name} argument ${k} = ${label}`;
        const r = outcome(() => call(a), where, gridArgs.includes(k));
        // (A Uint8Array is what the cave functions take as a grid.)
        const sameKind = ArrayBuffer.isView(args[k]) && ArrayBuffer.isView(a[k]) && args[k].constructor === a[k].constructor;
        if (NEVER_VALID.has(label) && !sameKind) assert.notEqual(r, 'ok', `${where} was accepted`);
        if (label === 'a Grid' && !gridArgs.includes(k) && args.length) assert.notEqual(r, 'ok', `${where} was accepted`);
        cases++;
      }
    }
  }
  assert.ok(cases > 3500, `${cases} cases`);
  assert.deepEqual(bits(), before, 'objects made before the matrix changed their output');
  for (const [name, call, args] of calls(lf)) assert.equal(outcome(() => call(args), name), 'ok', `${name} after the matrix`);
});
