// perlin.html: figures 2–5 (continuity, algorithm, algorithm-variants, algorithm-sweep,
// fade, octaves, layers). Every control is driven and each picture must move in the
// direction the maths says; the page logs no errors and requests nothing external.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, figure, pixels, changed, luminance, slide, settle, screenshot } from './helpers.mjs';
import { mean, std, hfEnergy, blur, correlation, seamRatio, renderTime } from './metrics.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fade = (t) => t * t * t * (t * (t * 6 - 15) + 10);
const lerp = (a, b, t) => a + t * (b - a);

async function open(url = '/perlin.html', opts) {
  const o = await env.open(url, opts);
  return o;
}

// The green/sky boundary per column of the continuity canvas: how bumpy the profile is.
function profileVariation(p) {
  const top = [];
  for (let x = 0; x < p.width; x++) {
    let y = 12;
    for (; y < 190; y++) { const i = 4 * (y * p.width + x); if (p.data[i + 1] > p.data[i] + 30 && p.data[i + 2] < 120) break; }
    top.push(y);
  }
  let s = 0;
  for (let x = 1; x < top.length; x++) s += Math.abs(top[x] - top[x - 1]);
  return s;
}

test('continuity: plays, pauses, speeds up, stops off-screen, starts paused under reduced motion', async () => {
  const { page, problems } = await open();
  const slot = await figure(page, 'continuity');
  const x = async () => Number(await slot.locator('.lf-ptext').getAttribute('data-x'));
  const play = slot.locator('button[data-key="play"]');
  assert.equal(await play.textContent(), 'Pause', 'plays by default');
  const a = await pixels(slot), xa = await x();
  await sleep(400);
  const b = await pixels(slot), xb = await x();
  assert.ok(xb > xa + 0.1, `playing advances the scroll (${xa} → ${xb})`);
  assert.ok(changed(a, b) > 0.05, 'playing changes the picture');
  await screenshot(slot, 'continuity');

  await play.click();
  assert.equal(await play.textContent(), 'Play');
  await settle(slot);
  const c = await pixels(slot), xc = await x();
  await sleep(400);
  assert.equal(await x(), xc, 'paused: the scroll stays');
  assert.equal(changed(c, await pixels(slot)), 0, 'paused: the picture stays');

  // Cell width: wider cells give a smoother profile (less total variation).
  await slide(slot, 'scale', 16);
  const rough = profileVariation(await pixels(slot));
  await slide(slot, 'scale', 160);
  const smooth = profileVariation(await pixels(slot));
  assert.ok(rough > 2 * smooth, `narrow cells are bumpier (${rough} vs ${smooth})`);

  // Speed: 0 holds still while playing; 4 cells/s moves about 4 cells a second.
  await slide(slot, 'speed', 0);
  await play.click();
  let x0 = await x();
  await sleep(300);
  assert.equal(await x(), x0, 'speed 0 does not move');
  await slide(slot, 'speed', 4);
  x0 = await x();
  await sleep(500);
  const moved = (await x()) - x0;
  assert.ok(moved > 1 && moved < 3.5, `speed 4 moves ~2 cells in 0.5 s (moved ${moved})`);

  // Off-screen: the animation stops.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await sleep(150);
  x0 = await x();
  await sleep(300);
  assert.equal(await x(), x0, 'stops while off-screen');
  await slot.scrollIntoViewIfNeeded();
  await sleep(300);
  assert.ok((await x()) > x0, 'resumes on screen');

  await play.click();
  await settle(slot);
  const before = await pixels(slot);
  const seedText = await slot.locator('.lf-seed').textContent();
  await slot.locator('.lf-seed').click();
  await settle(slot);
  assert.ok(changed(before, await pixels(slot)) > 0.04, 'new seed redraws both rows');
  assert.notEqual(await slot.locator('.lf-seed').textContent(), seedText);
  assert.deepEqual(problems, []);
  await page.close();

  const p2 = await env.browser.newPage({ viewport: { width: 1000, height: 800 } });
  await p2.emulateMedia({ reducedMotion: 'reduce' });
  await p2.goto(env.origin + '/perlin.html');
  const s2 = await figure(p2, 'continuity');
  assert.equal(await s2.locator('button[data-key="play"]').textContent(), 'Play', 'reduced motion starts paused');
  const r0 = await s2.locator('.lf-ptext').getAttribute('data-x');
  await sleep(300);
  assert.equal(await s2.locator('.lf-ptext').getAttribute('data-x'), r0);
  // The sweep too: paused, showing the finished picture.
  const sw = await figure(p2, 'algorithm-sweep');
  assert.equal(await sw.locator('button[data-key="play"]').textContent(), 'Play');
  assert.equal(await sw.locator('.lf-ptext').getAttribute('data-done'), '64');
  await p2.close();
});

test('algorithm: the pointer probe’s four dot products blend (with the fade) into landform’s sample2d', async () => {
  const { page, problems } = await open();
  const slot = await figure(page, 'algorithm');
  const canvas = slot.locator('canvas').first();
  const readout = slot.locator('.lf-dots');
  const check = async () => {
    const dots = JSON.parse(await readout.getAttribute('data-dots'));
    const xf = Number(await readout.getAttribute('data-xf')), yf = Number(await readout.getAttribute('data-yf'));
    const value = Number(await readout.getAttribute('data-value'));
    assert.equal(dots.length, 4);
    const u = fade(xf), v = fade(yf);
    const blend = lerp(lerp(dots[0], dots[1], u), lerp(dots[2], dots[3], u), v);
    assert.ok(Math.abs(blend - value) < 1e-4, `blend ${blend} = sample2d ${value}`);
    // The numbers shown are the same ones.
    assert.equal(await readout.locator('[data-value]').textContent(), value.toFixed(4));
    assert.equal(await readout.locator('td[data-dot]').count(), 4);
    return { dots, value };
  };
  await check();
  await screenshot(slot, 'algorithm');
  const box = await canvas.boundingBox();
  const seen = new Set();
  for (const [fx, fy] of [[0.2, 0.3], [0.55, 0.7], [0.81, 0.12], [0.33, 0.9]]) {
    const before = await pixels(slot);
    await page.mouse.move(box.x + fx * box.width, box.y + fy * box.height);
    await settle(slot);
    assert.ok(changed(before, await pixels(slot)) > 0.001, 'moving the pointer moves the probe');
    const { value } = await check();
    seen.add(value.toFixed(4));
    // Pointer and sliders agree: x grows to the right, y grows upwards.
    const px = Number(await slot.locator('input[data-key="probeX"]').inputValue());
    const py = Number(await slot.locator('input[data-key="probeY"]').inputValue());
    assert.ok(Math.abs(px - (fx * 484 - 26) / 72) < 0.05, `probe x ${px}`);
    assert.ok(Math.abs(py - (6 - (fy * 484 - 26) / 72)) < 0.05, `probe y ${py}`);
  }
  assert.equal(seen.size, 4, 'four different noise values');

  // Keyboard: arrows move the probe by 0.05.
  await slide(slot, 'probeX', 3.1);
  await slide(slot, 'probeY', 2.4);
  await canvas.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await settle(slot);
  assert.equal(await slot.locator('input[data-key="probeX"]').inputValue(), '3.3');
  assert.equal(await slot.locator('input[data-key="probeY"]').inputValue(), '2.45');
  assert.match(await readout.textContent(), /cell \(3, 2\)/);
  await check();

  const before = await pixels(slot);
  const dotsBefore = await readout.getAttribute('data-dots');
  await slot.locator('.lf-seed').click();
  await settle(slot);
  assert.ok(changed(before, await pixels(slot)) > 0.3, 'new seed: new gradients and shading');
  assert.notEqual(await readout.getAttribute('data-dots'), dotsBefore);
  await check();
  assert.deepEqual(problems, []);
  await page.close();
});

test('algorithm-variants: linear shows creases at cell edges, classic does not; the SW term vanishes on north and east edges', async () => {
  const { page, problems } = await open();
  const slot = await figure(page, 'algorithm-variants');
  await screenshot(slot, 'algorithm-variants');
  const heat = await pixels(slot, 0);
  await slot.locator('button[data-value="gray"]').click();
  await settle(slot);
  assert.ok(changed(heat, await pixels(slot, 0)) > 0.5, 'palette switch');
  const [classic, linear, smooth, sw] = await Promise.all([0, 1, 2, 3].map((i) => pixels(slot, i)));
  const rc = seamRatio(classic, 50), rl = seamRatio(linear, 50), rs = seamRatio(smooth, 50);
  assert.ok(rc < 1.6, `classic: no crease (ratio ${rc.toFixed(2)})`);
  assert.ok(rl > 2.5 * rc, `linear: creases (ratio ${rl.toFixed(2)} vs classic ${rc.toFixed(2)})`);
  assert.ok(rs < rl, `smoothstep weaker than linear (${rs.toFixed(2)})`);
  // South-west term a·(1−u)(1−v) is 0 on each cell's east edge: mid-gray there.
  // Image y points up, and pixel column 49 is the last one of the first cell.
  const L = luminance(sw);
  const east = [], all = [];
  for (let y = 0; y < sw.height; y++) { east.push(Math.abs(L[y * sw.width + 49] - 0.5)); }
  for (let i = 0; i < L.length; i++) all.push(Math.abs(L[i] - 0.5));
  assert.ok(mean(east) < 0.02 && mean(all) > 2 * mean(east), `SW term ~0 on east edges (${mean(east).toFixed(3)} vs ${mean(all).toFixed(3)})`);

  const e50 = hfEnergy(classic);
  const ms = await renderTime(slot, 'scale', 20);
  await settle(slot);
  assert.ok(hfEnergy(await pixels(slot, 0)) > 1.8 * e50, 'smaller cells: finer noise');
  console.log(`algorithm-variants: seam ratio classic ${rc.toFixed(2)}, smoothstep ${rs.toFixed(2)}, linear ${rl.toFixed(2)}; render ${ms.toFixed(1)} ms`);
  const before = await pixels(slot, 1);
  await slot.locator('.lf-seed').click();
  await settle(slot);
  assert.ok(changed(before, await pixels(slot, 1)) > 0.5, 'new seed');
  assert.deepEqual(problems, []);
  await page.close();
});

test('algorithm-sweep: step computes exactly one more cell; restart clears; play advances at the set speed', async () => {
  const { page, problems } = await open();
  const slot = await figure(page, 'algorithm-sweep');
  const done = async () => Number(await slot.locator('.lf-ptext').getAttribute('data-done'));
  const play = slot.locator('button[data-key="play"]');
  await sleep(700);
  assert.ok((await done()) >= 2, 'playing by default computes cells');
  if ((await play.textContent()) === 'Pause') await play.click();
  assert.equal(await play.textContent(), 'Play');
  await slot.locator('button[data-key="reset"]').click();
  await settle(slot);
  assert.equal(await done(), 0);
  const empty = await pixels(slot);
  const blank = luminance(empty);
  for (let k = 1; k <= 3; k++) {
    const before = await pixels(slot);
    await slot.locator('button[data-key="step"]').click();
    await settle(slot);
    assert.equal(await done(), k, 'one step, one cell');
    const after = await pixels(slot);
    const f = changed(before, after);
    assert.ok(f > 0.008 && f < 0.05, `one cell's worth of pixels changed (${f.toFixed(4)})`);
  }
  // The three cells computed are the top-left three, in row order.
  const now = luminance(await pixels(slot));
  const at = (col, row) => { let d = 0; for (let y = 16 + row * 48 + 6; y < 16 + row * 48 + 42; y++) for (let x = 16 + col * 48 + 6; x < 16 + col * 48 + 42; x++) d += Math.abs(now[y * 416 + x] - blank[y * 416 + x]); return d; };
  assert.ok(at(0, 0) > 50 && at(1, 0) > 50 && at(2, 0) > 50, 'first three cells painted');
  assert.equal(at(3, 0), 0, 'fourth cell still empty');
  assert.equal(at(0, 1), 0, 'second row still empty');
  await screenshot(slot, 'algorithm-sweep-steps');

  await slot.locator('button[data-key="reset"]').click();
  await slide(slot, 'speed', 40);
  await play.click();
  await sleep(500);
  const fast = await done();
  assert.ok(fast >= 8, `40 cells/s: ${fast} cells in 0.5 s`);
  await sleep(1500);
  await screenshot(slot, 'algorithm-sweep');
  await play.click();
  const before = await pixels(slot);
  await slot.locator('.lf-seed').click();
  await settle(slot);
  assert.equal(await done(), 0, 'new seed restarts the sweep');
  assert.ok(changed(before, await pixels(slot)) > 0.3);
  assert.deepEqual(problems, []);
  await page.close();
});

test('fade: derivatives and seams toggles; linear creases > smoothstep > quintic; zoom', async () => {
  const { page, problems } = await open();
  const slot = await figure(page, 'fade');
  const plot0 = await pixels(slot, 0);
  const [q, s, l] = await Promise.all([1, 2, 3].map((i) => pixels(slot, i)));
  const rq = seamRatio(q, 50), rs = seamRatio(s, 50), rl = seamRatio(l, 50);
  assert.ok(rl > 2.5 * rq && rs < rl, `seams: quintic ${rq.toFixed(2)}, smoothstep ${rs.toFixed(2)}, linear ${rl.toFixed(2)}`);
  await screenshot(slot, 'fade');

  await slot.locator('input[data-key="derivs"]').check();
  await settle(slot);
  const plot1 = await pixels(slot, 0);
  assert.ok(changed(plot0, plot1) > 0.05, 'derivative panels drawn');
  // Rings mark the ends where a derivative is not zero: none are blue (the quintic's).
  let blue = 0;
  for (let i = 0; i < plot1.data.length; i += 4) if (plot1.data[i] === 0x2f && plot1.data[i + 1] === 0x6f && plot1.data[i + 2] === 0xdf) blue++;
  assert.ok(blue > 300, 'quintic curves drawn in all three panels');
  assert.ok(changed(q, await pixels(slot, 1)) === 0, 'derivative toggle leaves the heatmaps alone');

  await slot.locator('input[data-key="seams"]').check();
  await settle(slot);
  const [eq, es, el] = await Promise.all([1, 2, 3].map((i) => pixels(slot, i)));
  // Emphasised: creases are bright lines along the cell edges.
  const edgeGlow = (p) => {
    const L = luminance(p);
    let e = 0;
    for (let y = 0; y < p.height; y++) e += L[y * p.width + 50] + L[y * p.width + 49];
    return e / (2 * p.height) / mean(L);
  };
  assert.ok(edgeGlow(el) > 1.5 * edgeGlow(eq), `linear edges glow (${edgeGlow(el).toFixed(2)} vs quintic ${edgeGlow(eq).toFixed(2)})`);
  assert.ok(edgeGlow(es) > edgeGlow(eq), `smoothstep edges show (${edgeGlow(es).toFixed(2)})`);
  await screenshot(slot, 'fade-seams');

  await slot.locator('input[data-key="seams"]').uncheck();
  await settle(slot);
  const e50 = hfEnergy(await pixels(slot, 1));
  const ms = await renderTime(slot, 'scale', 16);
  await settle(slot);
  assert.ok(hfEnergy(await pixels(slot, 1)) > 2 * e50, 'zooming out: finer noise');
  console.log(`fade: seam ratio quintic ${rq.toFixed(2)}, smoothstep ${rs.toFixed(2)}, linear ${rl.toFixed(2)}; render ${ms.toFixed(1)} ms`);
  const before = await pixels(slot, 2);
  await slot.locator('.lf-seed').click();
  await settle(slot);
  assert.ok(changed(before, await pixels(slot, 2)) > 0.5, 'new seed');
  assert.deepEqual(problems, []);
  await page.close();
});

test('octaves: more octaves add high-frequency energy while the low-pass picture stays the same', async () => {
  const { page, problems } = await open();
  const slot = await figure(page, 'octaves');
  await screenshot(slot, 'octaves');
  const terrain = await pixels(slot, 0);
  await slot.locator('button[data-value="gray"]').click();
  await settle(slot);
  assert.ok(changed(terrain, await pixels(slot, 0)) > 0.5, 'palette switch');
  const panels = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => pixels(slot, i)));
  assert.equal(panels[0].width, 150);
  const hf = panels.map(hfEnergy);
  for (let i = 1; i < 6; i++) assert.ok(hf[i] > hf[i - 1], `octave ${i + 1} adds detail: ${hf.map((v) => v.toFixed(4)).join(' < ')}`);
  assert.ok(hf[5] > 2 * hf[0]);
  const r = correlation(blur(panels[0], 10), blur(panels[5], 10));
  assert.ok(r > 0.9, `low-pass of 1 and 6 octaves agree (r = ${r.toFixed(3)})`);
  console.log(`octaves: HF energy ${hf.map((v) => v.toFixed(4)).join(', ')}; low-pass correlation 1 vs 6 octaves ${r.toFixed(3)}`);

  // Persistence and lacunarity leave one octave alone and roughen six.
  for (const [key, value] of [['persistence', 0.8], ['lacunarity', 3]]) {
    const p0 = await pixels(slot, 0), p5 = await pixels(slot, 5);
    const ms = await renderTime(slot, key, value);
    await settle(slot);
    assert.equal(changed(p0, await pixels(slot, 0)), 0, `${key} does not touch 1 octave`);
    assert.ok(hfEnergy(await pixels(slot, 5)) > 1.2 * hfEnergy(p5), `${key} up: more detail in 6 octaves`);
    console.log(`octaves: ${key} render ${ms.toFixed(1)} ms`);
  }
  const e = hfEnergy(await pixels(slot, 0));
  await slide(slot, 'scale', 12);
  assert.ok(hfEnergy(await pixels(slot, 0)) > 2 * e, 'smaller scale: finer');
  const before = await pixels(slot, 3);
  await slot.locator('.lf-seed').click();
  await settle(slot);
  assert.ok(changed(before, await pixels(slot, 3)) > 0.5, 'new seed');
  assert.deepEqual(problems, []);
  await page.close();
});

test('layers: one canvas per octave and per running sum; later octaves weigh less; stretch equalises', async () => {
  const { page, problems } = await open();
  const slot = await figure(page, 'layers');
  await screenshot(slot, 'layers');
  const visible = () => slot.locator('.lf-cell:not([hidden]) canvas').count();
  assert.equal(await visible(), 8);
  await slide(slot, 'octaves', 6);
  assert.equal(await visible(), 12);
  const contrast = async (i) => std(luminance(await pixels(slot, i)));
  const c1 = await contrast(0), c6 = await contrast(5);
  assert.ok(c6 < c1 / 4, `octave 6 is quieter (${c6.toFixed(3)} vs ${c1.toFixed(3)})`);
  await slide(slot, 'persistence', 0.9);
  assert.ok((await contrast(5)) > 2 * c6, 'higher persistence: louder last octave');
  await slot.locator('input[data-key="stretch"]').check();
  await settle(slot);
  const s1 = await contrast(0), s6 = await contrast(5);
  assert.ok(s6 > 0.7 * s1, `stretched layers have similar contrast (${s6.toFixed(3)} vs ${s1.toFixed(3)})`);
  const e = hfEnergy(await pixels(slot, 5));
  await slide(slot, 'lacunarity', 2.6);
  assert.ok(hfEnergy(await pixels(slot, 5)) > 1.2 * e, 'higher lacunarity: finer last octave');
  await slide(slot, 'octaves', 2);
  assert.equal(await visible(), 4);
  const before = await pixels(slot, 0);
  await slot.locator('.lf-seed').click();
  await settle(slot);
  assert.ok(changed(before, await pixels(slot, 0)) > 0.5, 'new seed');
  assert.deepEqual(problems, []);
  await page.close();
});

test('perlin page: layout at 375 px has no horizontal overflow; formulas shown', async () => {
  const { page, problems } = await open('/perlin.html', { width: 375, height: 800 });
  await page.evaluate(() => window.landformMountAll());
  for (const n of ['continuity', 'algorithm', 'algorithm-variants', 'algorithm-sweep', 'fade', 'octaves', 'layers']) {
    const slot = await figure(page, n);
    await screenshot(slot, `${n}-375`);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scroll (${overflow}px)`);
  const pre = await page.locator('pre').allTextContents();
  for (const f of ['perm[ perm[xi & 255]', '6t⁵ − 15t⁴ + 10t³', 'lerp(a, b, t)', 'frequency *= lacunarity']) {
    assert.ok(pre.some((t) => t.includes(f)), `formula shown: ${f}`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});
