// Figure 3d (perlin.html): the page shows the complete source of js/listing/perlin2.js
// and its picture is drawn by that very file. The listing itself is checked as code:
// zero at lattice points, within [−1, 1], continuous, and seeded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { start, figure, pixels, changed, slide } from './helpers.mjs';
import { permutation, perlin2, fbm, fade } from '../../www/js/listing/perlin2.js';

const SOURCE = new URL('../../www/js/listing/perlin2.js', import.meta.url);

test('listing: Perlin noise is 0 on the lattice, within [−1, 1], continuous, and seeded', () => {
  const perm = permutation(7);
  assert.equal(perm.length, 512);
  assert.deepEqual([...perm.slice(0, 256)].sort((a, b) => a - b), Array.from({ length: 256 }, (_, i) => i), 'a permutation of 0…255');
  assert.deepEqual(perm.slice(256), perm.slice(0, 256));
  for (let x = -3; x <= 3; x++) for (let y = -3; y <= 3; y++) assert.equal(Math.abs(perlin2(x, y, perm)), 0);
  assert.equal(fade(0), 0); assert.equal(fade(1), 1); assert.equal(fade(0.5), 0.5);
  let lo = Infinity, hi = -Infinity, jump = 0;
  for (let i = 0; i < 20000; i++) {
    const x = (i % 200) * 0.173 - 10, y = Math.floor(i / 200) * 0.191 - 7;
    const v = perlin2(x, y, perm);
    lo = Math.min(lo, v); hi = Math.max(hi, v);
    jump = Math.max(jump, Math.abs(perlin2(x + 1e-3, y, perm) - v), Math.abs(perlin2(x, y + 1e-3, perm) - v));
  }
  assert.ok(lo >= -1 && hi <= 1 && hi - lo > 1, `range ${lo}…${hi}`);
  assert.ok(jump < 0.005, `a step of 0.001 moves the value by at most ${jump}`);
  assert.notDeepEqual(permutation(8), perm, 'another seed, another table');
  assert.equal(fbm(0.3, 0.7, perm, 1), perlin2(0.3, 0.7, perm), 'one octave is plain noise');
});

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

test('listing figure: shows the whole file and draws its picture with it', async () => {
  const { page, problems } = await env.open('/perlin.html');
  const slot = await figure(page, 'listing');
  assert.equal(await slot.locator('pre.lf-listing code').textContent(), await fs.readFile(SOURCE, 'utf8'), 'the listing is the file, in full');
  // The picture equals what the listed drawNoise paints on a fresh canvas.
  const shown = await pixels(slot, 0);
  const fresh = await page.evaluate(async () => {
    const { drawNoise } = await import('/js/listing/perlin2.js');
    const c = Object.assign(document.createElement('canvas'), { width: 200, height: 200 });
    drawNoise(c, { seed: 1, scale: 32, octaves: 4, persistence: 0.5 });
    return [...c.getContext('2d').getImageData(0, 0, 200, 200).data];
  });
  assert.equal(changed(shown, { data: fresh }), 0);
  await slide(slot, 'octaves', 1);
  const one = await pixels(slot, 0);
  assert.ok(changed(shown, one) > 0.5, 'fewer octaves, another picture');
  await slide(slot, 'octaves', 6);
  await slide(slot, 'scale', 8);
  assert.ok(changed(one, await pixels(slot, 0)) > 0.5);
  assert.deepEqual(problems, []);
  await page.close();
});
