// caves.html: figures 6 (caves) and 7 (heightmap). Every control is driven and each
// picture must move in the direction the maths says; no errors, nothing external.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { start, figure, pixels, changed, luminance, slide, settle, screenshot, countFills } from './helpers.mjs';
import { mean, hfEnergy, renderTime } from './metrics.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

// Row of the dark profile marker drawn across the map (a full-width 1 px dark line).
function markerRow(p) {
  for (let y = 0; y < p.height; y++) {
    let dark = 0;
    for (let x = 0; x < p.width; x++) { const i = 4 * (y * p.width + x); if (p.data[i] < 40 && p.data[i + 1] < 45 && p.data[i + 2] < 60) dark++; }
    if (dark > 0.95 * p.width) return y;
  }
  return -1;
}

test('heightmap: raising k darkens every pixel; the profile row follows slider, drag and keys; exports', async () => {
  const { page, problems } = await env.open('/caves.html');
  const slot = await figure(page, 'heightmap');
  await screenshot(slot, 'heightmap');
  const terrain = await pixels(slot, 0);
  assert.equal(terrain.width, 320);
  assert.equal(markerRow(terrain), 160);

  // Sea level (terrain colours): a higher sea covers more of the map in blue.
  const blue = (p) => { let n = 0; for (let i = 0; i < p.data.length; i += 4) if (p.data[i + 2] > p.data[i] + 40 && p.data[i + 2] > p.data[i + 1]) n++; return n / (p.data.length / 4); };
  const b0 = blue(terrain);
  await slide(slot, 'sea', 0.25);
  const b1 = blue(await pixels(slot, 0));
  assert.ok(b1 > b0 + 0.1, `higher sea level: more water (${b0.toFixed(2)} → ${b1.toFixed(2)})`);

  await slot.locator('button[data-value="gray"]').click();
  await settle(slot);
  const g25 = await pixels(slot, 0);
  assert.ok(changed(terrain, g25) > 0.5, 'gray palette');
  const ms = await renderTime(slot, 'k', 4);
  await settle(slot);
  const g4 = await pixels(slot, 0);
  const L25 = luminance(g25), L4 = luminance(g4);
  assert.ok(mean(L4) < mean(L25) - 0.05, `k 2.5 → 4 darkens the map (${mean(L25).toFixed(3)} → ${mean(L4).toFixed(3)})`);
  let brighter = 0;
  for (let i = 0; i < L4.length; i++) if (L4[i] > L25[i] + 1 / 255 + 1e-9 && Math.floor(i / 320) !== 160) brighter++;
  assert.equal(brighter, 0, 'h^k falls with k for every h in [0, 1]');
  await slide(slot, 'k', 1);
  assert.ok(mean(luminance(await pixels(slot, 0))) > mean(L25) + 0.1, 'k = 1 is brighter still');

  // Profile row: slider, drag on the map, keyboard.
  const side0 = await pixels(slot, 1);
  await slide(slot, 'row', 60);
  assert.equal(markerRow(await pixels(slot, 0)), 60);
  assert.ok(changed(side0, await pixels(slot, 1)) > 0.05, 'profile follows the row');
  const map = slot.locator('canvas').first();
  const box = await map.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.75);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.25, { steps: 4 });
  await page.mouse.up();
  await settle(slot);
  const dragged = Number(await slot.locator('input[data-key="row"]').inputValue());
  assert.ok(Math.abs(dragged - 80) <= 2, `drag moves the row (${dragged})`);
  await map.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+ArrowUp');
  await settle(slot);
  assert.equal(Number(await slot.locator('input[data-key="row"]').inputValue()), dragged + 3 - 8);
  assert.equal(markerRow(await pixels(slot, 0)), dragged - 5);

  const e = hfEnergy(await pixels(slot, 0));
  const count = await countFills(page);
  await slide(slot, 'scale', 48);
  assert.ok(hfEnergy(await pixels(slot, 0)) > 1.5 * e, 'smaller scale: finer terrain');
  const fills = await count();
  assert.equal(fills.main, 0, 'the new scale was not filled on the main thread');
  assert.ok(fills.pool >= 1, `the pool filled the new scale (${fills.pool} jobs)`);
  const before = await pixels(slot, 0);
  await slot.locator('.lf-seed').click();
  await settle(slot);
  assert.ok(changed(before, await pixels(slot, 0)) > 0.5, 'new seed');

  const [png] = await Promise.all([page.waitForEvent('download'), slot.locator('[data-tool="png16"]').click()]);
  const bytes = await fs.readFile(await png.path());
  assert.equal(bytes.readUInt32BE(16), 320);
  assert.equal(bytes[24], 16);
  const [raw] = await Promise.all([page.waitForEvent('download'), slot.locator('[data-tool="f32"]').click()]);
  const f = new Float32Array(new Uint8Array(await fs.readFile(await raw.path())).buffer);
  assert.equal(f.length, 320 * 320);
  assert.ok(f.every((v) => v >= 0 && v <= 1) && f.some((v) => v === 0) && f.some((v) => v === 1), 'heights span [0, 1]');
  console.log(`heightmap: k render ${ms.toFixed(1)} ms`);
  assert.deepEqual(problems, []);
  await page.close();
});

// Fraction of dark (rock) pixels on a cave canvas.
function rock(p) {
  let n = 0;
  for (let i = 0; i < p.data.length; i += 4) if (p.data[i] < 90 && p.data[i + 1] < 90) n++;
  return n / (p.data.length / 4);
}
function orange(p) {
  let n = 0;
  for (let i = 0; i < p.data.length; i += 4) if (p.data[i] === 232 && p.data[i + 1] === 140 && p.data[i + 2] === 40) n++;
  return n;
}

test('caves: threshold, scale, octaves, automaton and pocket handling move the map and the counts the right way', async () => {
  const { page, problems } = await env.open('/caves.html');
  const slot = await figure(page, 'caves');
  await screenshot(slot, 'caves');
  const stats = async (stage) => {
    const row = slot.locator(`tr[data-stage="${stage}"]`);
    const [caves, pockets, rk] = await Promise.all(['data-caves', 'data-pockets', 'data-rock'].map((a) => row.getAttribute(a)));
    // The numbers on screen are the same ones.
    const cells = await row.locator('td').allTextContents();
    assert.deepEqual(cells.slice(0, 2), [caves, pockets]);
    return { caves: Number(caves), pockets: Number(pockets), rock: Number(rk) };
  };
  const raw0 = await stats('raw');
  assert.ok(raw0.rock > 0.4 && raw0.rock < 0.6, `threshold 0.5 is balanced (${raw0.rock})`);
  const r50 = rock(await pixels(slot, 0));
  await slide(slot, 'threshold', 0.58);
  const r58 = rock(await pixels(slot, 0));
  assert.ok(r58 > r50 + 0.1, `raising the threshold adds rock (${r50.toFixed(3)} → ${r58.toFixed(3)})`);
  assert.ok((await stats('raw')).rock > raw0.rock);
  await slide(slot, 'threshold', 0.42);
  assert.ok(rock(await pixels(slot, 0)) < r50 - 0.1, 'lowering it removes rock');
  await slide(slot, 'threshold', 0.5);

  // Smoothing: with 0 steps the middle row equals the raw one; 4 steps cut the pockets.
  await slide(slot, 'iterations', 0);
  const raw = await stats('raw'), none = await stats('smoothed');
  assert.deepEqual(none, raw, 'no CA steps: nothing changes');
  const ms = await renderTime(slot, 'iterations', 4);
  await settle(slot);
  const smooth = await stats('smoothed');
  assert.ok(smooth.pockets < raw.pockets / 2, `smoothing reduces the pockets (${raw.pockets} → ${smooth.pockets})`);
  assert.ok(smooth.caves < raw.caves, `and the caves (${raw.caves} → ${smooth.caves})`);
  // Rules: an easier birth fills more air; a harder survival erodes more rock.
  await slide(slot, 'birth', 4);
  const born = await stats('smoothed');
  assert.ok(born.rock > smooth.rock + 0.02, `birth ≥ 4 fills air (${smooth.rock} → ${born.rock})`);
  await slide(slot, 'birth', 5);
  await slide(slot, 'survival', 6);
  assert.ok((await stats('smoothed')).rock < smooth.rock - 0.02, 'survival ≥ 6 erodes rock');
  await slide(slot, 'survival', 4);

  // Pockets: remove → none left; keep → the smoothed counts; connect → exactly one cave.
  const removed = await stats('final');
  assert.equal(removed.pockets, 0);
  assert.equal(removed.caves, smooth.caves - smooth.pockets);
  await slot.locator('button[data-value="keep"]').click();
  await settle(slot);
  assert.deepEqual(await stats('final'), smooth);
  const kept = await pixels(slot, 1);
  await slot.locator('button[data-value="connect"]').click();
  await settle(slot);
  const joined = await stats('final');
  assert.equal(joined.caves, 1, 'connect yields one cave');
  assert.equal(joined.pockets, 0);
  const tunnels = await pixels(slot, 1);
  assert.ok(orange(tunnels) > 20 && orange(kept) === 0, 'tunnels drawn in orange');
  assert.ok(rock(tunnels) < rock(kept), 'tunnels replace rock with air');
  await screenshot(slot, 'caves-connect');
  await slide(slot, 'minSize', 200);
  assert.ok((await stats('smoothed')).pockets > smooth.pockets, 'a bigger minimum counts more pockets');

  // Scale: bigger chambers, fewer caves; octaves: more ragged, more pockets.
  const before = await stats('raw');
  await slide(slot, 'scale', 40);
  assert.ok((await stats('raw')).caves < before.caves, 'larger scale: fewer, bigger caves');
  await slide(slot, 'scale', 20);
  await slide(slot, 'octaves', 1);
  const one = await stats('raw');
  await slide(slot, 'octaves', 5);
  assert.ok((await stats('raw')).pockets > one.pockets, 'more octaves: more pockets');
  const p0 = await pixels(slot, 0);
  await slot.locator('.lf-seed').click();
  await settle(slot);
  assert.ok(changed(p0, await pixels(slot, 0)) > 0.3, 'new seed');
  console.log(`caves: pockets ${raw.pockets} → ${smooth.pockets} after 4 CA steps, caves ${raw.caves} → ${smooth.caves}; render ${ms.toFixed(1)} ms`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('caves: a permalink restores the threshold and the pocket mode', async () => {
  const { page, problems } = await env.open('/caves.html#caves.threshold=0.6&caves.pockets=connect');
  const slot = await figure(page, 'caves');
  assert.equal(await slot.locator('input[data-key="threshold"]').inputValue(), '0.6');
  assert.equal(await slot.locator('button[data-value="connect"]').getAttribute('aria-checked'), 'true');
  assert.ok(Number(await slot.locator('tr[data-stage="raw"]').getAttribute('data-rock')) > 0.6);
  assert.equal(await slot.locator('tr[data-stage="final"]').getAttribute('data-caves'), '1');
  assert.deepEqual(problems, []);
  await page.close();
});

test('caves page at 375 px: no horizontal overflow', async () => {
  const { page, problems } = await env.open('/caves.html', { width: 375, height: 800 });
  await page.evaluate(() => window.landformMountAll());
  for (const n of await page.$$eval('[data-figure]', (s) => s.map((e) => e.dataset.figure))) await screenshot(await figure(page, n), `${n}-375`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  assert.deepEqual(problems, []);
  await page.close();
});

test('figures 2–7 also work as embeds (shadow DOM), with state from attributes', async () => {
  const { page, problems } = await env.open('/embed-demo.html');
  const names = ['continuity', 'algorithm', 'algorithm-variants', 'algorithm-sweep', 'fade', 'octaves', 'layers', 'caves', 'heightmap'];
  await page.evaluate((list) => {
    for (const n of list) {
      const e = document.createElement('landform-figure');
      e.setAttribute('name', n);
      e.className = 'site-a-embed';
      if (n === 'caves') { e.setAttribute('threshold', '0.62'); e.setAttribute('pockets', 'connect'); }
      document.body.append(e);
    }
  }, names);
  await page.waitForFunction((n) => document.querySelectorAll('landform-figure.site-a-embed[data-ready]').length === n, names.length, { timeout: 30000 });
  const states = await page.$$eval('landform-figure.site-a-embed', (els) => els.map((e) => [e.getAttribute('name'), e.dataset.ready, e.shadowRoot.querySelectorAll('canvas').length]));
  for (const [name, ready, canvases] of states) {
    assert.equal(ready, 'true', `${name} mounted`);
    assert.ok(canvases >= 1, `${name} drew`);
  }
  const caves = page.locator('landform-figure.site-a-embed[name="caves"]');
  assert.equal(await caves.locator('tr[data-stage="final"]').getAttribute('data-caves'), '1', 'attributes reach the figure');
  assert.ok(Number(await caves.locator('tr[data-stage="raw"]').getAttribute('data-rock')) > 0.6);
  assert.deepEqual(problems, []);
  await page.close();
});
