// The long run of the issue: 100 000 bad calls of every kind, mixed at random over
// every export and argument position, then the instance and every object made before
// them must still give the same bits (no leaked shadow stack, no poisoned borrow).
import test from 'node:test';
import assert from 'node:assert/strict';
import { landform } from './load.mjs';
import { badValues, calls, random, snapshot } from './cases.mjs';

const lf = await landform();
const CALLS = Number(process.env.LANDFORM_FUZZ_CALLS ?? 100_000);

test(`${CALLS} mixed bad calls leave the instance and every earlier object giving the same bits`, () => {
  const bits = snapshot(lf);
  const before = bits();
  const table = calls(lf).filter(([, , args]) => args.length > 0);
  const bad = Object.values(badValues());
  const rand = random(11);
  const pick = (n) => Math.floor(rand() * n);
  const kinds = new Map();
  for (let i = 0; i < CALLS; i++) {
    const [name, call, args] = table[pick(table.length)];
    const a = args.slice();
    a[pick(a.length)] = bad[pick(bad.length)](lf);
    try {
      // One call in ten also goes to a method on the wrong object (or a freed one).
      if (i % 10 === 0) lf.Field.prototype.fill2d.call(bad[pick(bad.length)](lf), new Float32Array(4), { width: 2, height: 2 });
      else call(a);
    } catch (e) {
      assert.ok(!(e instanceof WebAssembly.RuntimeError), `call ${i} (${name}) trapped: ${e.message}`);
      assert.doesNotMatch(String(e?.message), /recursive use|unsafe aliasing/, `call ${i} (${name})`);
      kinds.set(e.constructor.name, (kinds.get(e.constructor.name) ?? 0) + 1);
    }
  }
  assert.ok(kinds.get('TypeError') > CALLS / 4, JSON.stringify([...kinds]));
  assert.deepEqual(bits(), before);
  // And new objects still work.
  const out = new Float32Array(16);
  new lf.Field({ seed: 1 }).fill2d(out, { width: 4, height: 4, scale: 3 });
  assert.ok(out.some((v) => v !== 0));
});
