// The island figure (island.html): shaping controls move the heightmap the expected
// way; erosion runs in a worker with progress, a responsive page and a working Cancel;
// rivers appear; the 3D view draws and orbits; the hover readout and exports work.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { start, figure, pixels, changed, slide, settle, screenshot, countFills, islandIdle, exportedHeights } from './helpers.mjs';
import { fnv } from '../../www/js/hash.js';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

// Erosion idle and its result drawn (no frame on its way); the current heightmap.
const idle = (page) => islandIdle(page);
const heights = exportedHeights;
const mean = (a) => a.reduce((s, v) => s + v, 0) / a.length;
const range = (a) => a.reduce(([lo, hi], v) => [Math.min(lo, v), Math.max(hi, v)], [Infinity, -Infinity]);
function border(a, n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(a[i], a[(n - 1) * n + i], a[i * n], a[i * n + n - 1]);
  return out;
}
const landShare = (a, sea) => a.filter((v) => v >= sea).length / a.length;
async function click(slot, key, value) {
  await slot.locator(value ? `[data-key="${key}"] button[data-value="${value}"]` : `[data-key="${key}"]`).click();
  await settle(slot);
}

async function openIsland(hash = '') {
  const { page, problems } = await env.open(`/island.html${hash}`);
  const slot = await figure(page, 'island');
  await idle(page);
  return { page, problems, slot };
}

test('island: shaping controls move the heightmap the expected way', async () => {
  const { page, problems, slot } = await openIsland();
  await screenshot(slot, 'island');
  await click(slot, 'erode'); // erosion off: the map is the shaped noise itself
  await idle(page);
  const sea = Number(await slot.locator('input[data-key="sea"]').inputValue());
  const n = (await pixels(slot, 0)).width;
  assert.equal(n, 256);

  // Redistribution: a higher exponent lowers the mean height.
  await slide(slot, 'exponent', 1);
  const e1 = mean(await heights(page, slot));
  await slide(slot, 'exponent', 3);
  const e3 = mean(await heights(page, slot));
  assert.ok(e3 < e1 - 0.03, `mean height with k=3 (${e3}) should be below k=1 (${e1})`);

  // Falloff blend 1: the border is exactly 1 − d = 0, under the sea, drawn as water.
  await slide(slot, 'blend', 0);
  const loose = await heights(page, slot);
  await slide(slot, 'blend', 1);
  const tight = await heights(page, slot);
  assert.ok(Math.max(...border(tight, n)) < sea, 'blend 1 sinks the whole border');
  assert.ok(mean(border(loose, n)) > mean(border(tight, n)), 'blend raises the border when lowered');
  await click(slot, 'view', 'height');
  const p = await pixels(slot, 0);
  const blueBorder = border([...Array(n * n).keys()], n).filter((i) => p.data[4 * i + 2] > p.data[4 * i] + 30).length;
  assert.equal(blueBorder, 4 * n, 'every border pixel is drawn as water');

  // Square bump keeps more land than the radial falloff.
  const radialLand = landShare(tight, sea);
  await click(slot, 'falloff', 'square');
  const squareLand = landShare(await heights(page, slot), sea);
  assert.ok(squareLand > radialLand + 0.05, `square bump land ${squareLand} > radial ${radialLand}`);
  await click(slot, 'falloff', 'radial');
  await slide(slot, 'blend', 0.7);

  // Warp: more strength moves the map further from the unwarped one.
  await slide(slot, 'warpStrength', 0);
  const flat = await heights(page, slot);
  const dist = (a) => mean(a.map((v, i) => Math.abs(v - flat[i])));
  await slide(slot, 'warpStrength', 0.3);
  const w1 = dist(await heights(page, slot));
  await slide(slot, 'warpStrength', 1.2);
  const w2 = dist(await heights(page, slot));
  assert.ok(w1 > 0 && w2 > w1, `warp distance grows with strength (${w1} → ${w2})`);
  const before = await pixels(slot, 0);
  await click(slot, 'warp');
  assert.ok(changed(before, await pixels(slot, 0)) > 0.1, 'the warp toggle changes the map');
  await click(slot, 'warp');

  // Moisture seed: the moisture map changes, the heights do not.
  await click(slot, 'view', 'moisture');
  const h0 = await heights(page, slot);
  const m0 = await pixels(slot, 0);
  await click(slot, 'moistureSeed');
  assert.ok(changed(m0, await pixels(slot, 0)) > 0.2, 'new moisture seed changes the moisture map');
  assert.deepEqual(await heights(page, slot), h0, 'moisture does not touch the shape');

  // Every view draws something different; the shape seed changes the heights.
  let last = await pixels(slot, 0);
  for (const v of ['flow', 'biomes', 'height']) {
    await click(slot, 'view', v);
    const now = await pixels(slot, 0);
    assert.ok(changed(last, now) > 0.3, `view ${v} repaints the map`);
    last = now;
  }
  await click(slot, 'seed');
  assert.ok(changed(last, await pixels(slot, 0)) > 0.3, 'new shape seed changes the map');
  // Main-thread redraw time (data-ms) scales with the cells, measured against 256² in
  // this run: 4× the cells may cost at most 10× the time (linear work plus noise).
  const ms256 = Number(await slot.locator('.lf-stage').getAttribute('data-ms'));
  await click(slot, 'size', '512');
  assert.equal((await pixels(slot, 0)).width, 512);
  const ms512 = Number(await slot.locator('.lf-stage').getAttribute('data-ms'));
  assert.ok(ms512 < 10 * Math.max(ms256, 1), `main-thread redraw at 512² ${ms512} ms vs ${ms256} ms at 256²`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('island: erosion runs in the worker with progress, a responsive page, and a result', async () => {
  const { page, problems, slot } = await openIsland();
  await click(slot, 'erode');
  await idle(page);
  const pre = await heights(page, slot);
  const prePx = await pixels(slot, 0);
  await slide(slot, 'droplets', 50000);
  await page.waitForFunction(() => document.querySelector('[data-figure="island"] .lf-stage').dataset.view3d !== 'pending');
  // Probes on the main thread: the longest gap between timer ticks and between
  // animation frames, first for a second of idle page (the baseline of this run, so a
  // loaded machine raises both), then while erosion runs; and every progress value shown.
  await page.evaluate(() => {
    const probe = window.__probe = { values: [], idleTimer: 0, idleFrame: 0, maxTimer: 0, maxFrame: 0, runMs: 0, stop: false };
    const bar = document.querySelector('[data-figure="island"] progress');
    const stage = document.querySelector('[data-figure="island"] .lf-stage');
    const idleUntil = performance.now() + 1000;
    let t = performance.now(), f = performance.now(), runStart = 0;
    const was = {}; // whether the run was on at the previous tick of each probe
    // A gap counts if the run was on at either end of it (a block can outlast the run).
    const note = (gap, idleKey, runKey) => {
      const now = performance.now(), running = stage.dataset.erosion === 'running';
      if (now < idleUntil) probe[idleKey] = Math.max(probe[idleKey], gap);
      else if (running || was[runKey]) {
        probe[runKey] = Math.max(probe[runKey], gap);
        runStart ||= now;
        probe.runMs = now - runStart;
      }
      was[runKey] = running;
    };
    const tick = () => { const now = performance.now(); note(now - t, 'idleTimer', 'maxTimer'); t = now; if (!probe.stop) setTimeout(tick, 5); };
    const frame = () => { const now = performance.now(); note(now - f, 'idleFrame', 'maxFrame'); f = now; if (!probe.stop) requestAnimationFrame(frame); };
    new MutationObserver(() => probe.values.push(bar.value)).observe(bar, { attributes: true, attributeFilter: ['value'] });
    tick(); requestAnimationFrame(frame);
  });
  await page.waitForTimeout(1100); // the idle baseline
  await click(slot, 'erode');
  await page.waitForFunction(() => document.querySelector('[data-figure="island"] .lf-stage').dataset.erosion === 'running');
  await idle(page);
  const probe = await page.evaluate(() => { window.__probe.stop = true; return window.__probe; });
  const rising = probe.values.filter((v, i) => i > 0 && v > probe.values[i - 1]).length;
  assert.ok(rising >= 2, `progress advanced at least twice: ${probe.values}`);
  assert.equal(await slot.locator('progress').evaluate((b) => b.value), 50000);
  // Ratios, not absolute limits: no gap longer than 20× the idle baseline's longest
  // (a few ms for timers, a frame for frames), so a loaded machine raises both sides
  // and a page that blocks for a redraw of the map fails.
  const gaps = `timer ${probe.maxTimer.toFixed(0)} ms (idle ${probe.idleTimer.toFixed(0)}), frame ${probe.maxFrame.toFixed(0)} ms (idle ${probe.idleFrame.toFixed(0)}), run ${probe.runMs.toFixed(0)} ms`;
  assert.ok(probe.idleTimer > 0 && probe.idleFrame > 0, `the baseline was measured: ${gaps}`);
  assert.ok(probe.maxTimer < 20 * probe.idleTimer, `main thread stayed responsive: ${gaps}`);
  assert.ok(probe.maxFrame < 20 * probe.idleFrame, `frames kept coming: ${gaps}`);
  assert.match(await slot.locator('.lf-erosion-text').textContent(), /50,000 droplets in/);
  const post = await heights(page, slot);
  const diff = post.filter((v, i) => v !== pre[i]).length / pre.length;
  assert.ok(diff > 0.1, `erosion changed ${diff} of the cells`);
  assert.ok(mean(post) < mean(pre), 'erosion carries material away: the mean height drops');
  assert.ok(changed(prePx, await pixels(slot, 0)) > 0.05, 'the map shows the eroded terrain');
  console.log(`erosion 50k @256²: ${await slot.locator('.lf-stage').getAttribute('data-rate')} droplets/s, longest gaps: ${gaps}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('island: the top of the Droplets slider still gives an island, at both sizes', async () => {
  // A million droplets once drove heights to −32 000 and drowned the island. Now the
  // eroded map stays within the shaped map's range and keeps its land.
  for (const size of [256, 512]) {
    const plain = await openIsland(`#island.size=${size}&island.erode=false`);
    const before = await heights(plain.page, plain.slot);
    await plain.page.close();
    const { page, problems, slot } = await openIsland(`#island.size=${size}&island.droplets=1000000`);
    await page.waitForFunction(() => document.querySelector('[data-figure="island"] .lf-erosion-text')?.textContent.includes('1,000,000 droplets in'), null, { timeout: 120000 });
    await idle(page);
    const after = await heights(page, slot);
    const [[lo, hi], [alo, ahi]] = [range(before), range(after)];
    assert.ok(alo >= lo && ahi <= hi, `${size}²: heights [${alo}, ${ahi}] within the input's [${lo}, ${hi}]`);
    const [was, is] = [landShare(before, 0.24), landShare(after, 0.24)];
    assert.ok(Math.abs(is - was) <= 0.15 * was, `${size}²: land ${is.toFixed(3)} of the map, was ${was.toFixed(3)}`);
    assert.ok(after.some((v, i) => Math.abs(v - before[i]) > 0.01), `${size}²: erosion changed the terrain`);
    await screenshot(slot, `island-${size}-1M`);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('island: cancel stops a million-droplet run and returns to idle', async () => {
  const { page, problems, slot } = await openIsland();
  await slide(slot, 'droplets', 1000000);
  await page.waitForFunction(() => document.querySelector('[data-figure="island"] progress').value >= 40000, null, { timeout: 30000 });
  await slot.locator('[data-action="cancel"]').click();
  await idle(page);
  const stopped = await slot.locator('progress').evaluate((b) => [b.value, b.max]);
  assert.equal(stopped[1], 1000000);
  assert.ok(stopped[0] < 1000000, `stopped at ${stopped[0]}`);
  assert.match(await slot.locator('.lf-erosion-text').textContent(), /Cancelled after/);
  assert.ok(await slot.locator('[data-action="cancel"]').isDisabled());
  await page.waitForTimeout(400);
  assert.deepEqual(await slot.locator('progress').evaluate((b) => [b.value, b.max]), stopped, 'nothing moves after cancel');
  assert.equal(await slot.locator('canvas').first().getAttribute('data-terrain'), 'partial');
  assert.deepEqual(problems, []);
  await page.close();
});

test('island: rivers, fill methods, 3D view, hover readout and exports', async () => {
  const { page, problems, slot } = await openIsland();
  const stage = slot.locator('.lf-stage');
  const riverCount = async () => Number(await stage.getAttribute('data-rivers'));
  await click(slot, 'view', 'height');

  // Rivers: a low threshold gives more river cells, drawn in blue.
  await slide(slot, 'threshold', 400);
  const few = await riverCount();
  await slide(slot, 'threshold', 5);
  const many = await riverCount();
  assert.ok(many > few && many > 500, `threshold 5 gives more rivers (${few} → ${many})`);
  const withRivers = await pixels(slot, 0);
  await click(slot, 'rivers');
  const without = await pixels(slot, 0);
  let bluer = 0, total = 0;
  for (let i = 0; i < without.data.length; i += 4) {
    if (withRivers.data[i] === without.data[i] && withRivers.data[i + 2] === without.data[i + 2]) continue;
    total++;
    if (withRivers.data[i + 2] - withRivers.data[i] > without.data[i + 2] - without.data[i]) bluer++;
  }
  assert.ok(total > 500 && bluer / total > 0.95, `river pixels are blue (${bluer} of ${total})`);
  await click(slot, 'rivers');

  // Fill: both methods agree exactly; without filling, rivers break off in pits.
  await slide(slot, 'threshold', 60);
  const pf = await pixels(slot, 0);
  const pfRivers = await riverCount();
  await click(slot, 'fill', 'planchon-darboux');
  assert.equal(changed(pf, await pixels(slot, 0)), 0, 'Planchon–Darboux and Priority-Flood agree');
  await click(slot, 'fill', 'none');
  assert.ok((await riverCount()) < pfRivers, 'unfilled pits cut rivers short');
  await click(slot, 'fill', 'priority-flood');

  // 3D: drawn, and moved by drag, wheel and keys.
  const gl = slot.locator('canvas').nth(1);
  await page.waitForFunction(() => document.querySelector('[data-figure="island"] .lf-stage').dataset.view3d === 'ready');
  await settle(slot);
  const p3 = await pixels(slot, 1);
  const lum = new Set();
  for (let i = 0; i < p3.data.length; i += 4 * 97) lum.add(p3.data[i] + 256 * p3.data[i + 1]);
  assert.ok(lum.size > 50, `3D view is not blank (${lum.size} colours sampled)`);
  await screenshot(gl, 'island-3d');
  const box = await gl.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 30, { steps: 5 });
  await page.mouse.up();
  await settle(slot);
  const p3b = await pixels(slot, 1);
  assert.ok(changed(p3, p3b) > 0.2, 'dragging orbits the 3D view');
  await page.mouse.wheel(0, -300);
  await settle(slot);
  const p3c = await pixels(slot, 1);
  assert.ok(changed(p3b, p3c) > 0.2, 'the wheel zooms');
  await gl.focus();
  await page.keyboard.press('ArrowLeft');
  await settle(slot);
  assert.ok(changed(p3c, await pixels(slot, 1)) > 0.2, 'arrow keys orbit');
  await click(slot, 'color3d', 'height');
  await page.waitForFunction(() => document.querySelector('[data-figure="island"] .lf-stage').dataset.view3d === 'ready');
  await settle(slot);
  assert.ok(changed(p3c, await pixels(slot, 1)) > 0.2, '3D colouring switches');
  await screenshot(gl, 'island-3d-orbited');

  // Hover readout: elevation, moisture, flow and biome of the cell under the pointer.
  const mapBox = await slot.locator('canvas').first().boundingBox();
  await page.mouse.move(mapBox.x + mapBox.width * 0.5, mapBox.y + mapBox.height * 0.5);
  const read = async (k) => slot.locator(`[data-readout="${k}"]`).textContent();
  assert.match(await read('elevation'), /^Elevation -?\d+\.\d{3}/);
  assert.match(await read('moisture'), /^Moisture \d\.\d\d$/);
  assert.match(await read('flow'), /^Drains [\d,]+ cells?/);
  const names = await page.evaluate(async () => (await import('./js/landform.js')).landform().then((lf) => lf.biomeLegend().map((b) => b.name)));
  const biome = (await read('biome')).replace(/^Biome /, '');
  assert.ok([...names, 'Lake'].includes(biome), `biome name ${biome}`);
  await page.mouse.move(mapBox.x + 2, mapBox.y + 2);
  assert.match(await read('biome'), /Ocean/);
  // The same readout from the keyboard: arrow keys move the probed cell.
  const cell = async () => (await slot.locator('.lf-readout').getAttribute('data-cell')).split(',').map(Number);
  await slot.locator('canvas').first().focus();
  const [cx, cy] = await cell();
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await cell(), [cx + 4, cy]);
  await page.keyboard.press('Shift+ArrowDown');
  assert.deepEqual(await cell(), [cx + 4, cy + 16]);

  // Exports: biome map PNG and 16-bit heightmap PNG.
  const [png] = await Promise.all([page.waitForEvent('download'), slot.locator('[data-tool="biome-png"]').click()]);
  const bytes = await fs.readFile(await png.path());
  assert.deepEqual([...bytes.subarray(1, 4)], [80, 78, 71]);
  assert.equal(bytes.readUInt32BE(16), 256);
  const [png16] = await Promise.all([page.waitForEvent('download'), slot.locator('[data-tool="png16"]').click()]);
  assert.equal((await fs.readFile(await png16.path()))[24], 16);
  assert.deepEqual(problems, []);
  await page.close();
});

test('island: a permalink reproduces the eroded island exactly (erosion is deterministic)', async () => {
  const hash = '#island.seed=11&island.droplets=60000&island.view=height&island.falloff=square';
  const a = await openIsland(hash);
  const b = await openIsland(hash);
  for (const o of [a, b]) assert.equal(await o.slot.locator('canvas').first().getAttribute('data-terrain'), 'eroded');
  assert.match(await a.slot.locator('[data-key="seed"]').textContent(), /11/);
  assert.equal(changed(await pixels(a.slot, 0), await pixels(b.slot, 0)), 0);
  assert.deepEqual(await heights(a.page, a.slot), await heights(b.page, b.slot));
  assert.deepEqual([...a.problems, ...b.problems], []);
  await a.page.close();
  await b.page.close();
});

test('island: Erode again reruns erosion in the worker and gives the same bits', async () => {
  const { page, problems, slot } = await openIsland('#island.droplets=20000');
  const first = await heights(page, slot);
  await page.evaluate(() => {
    const stage = document.querySelector('[data-figure="island"] .lf-stage');
    window.__states = [];
    new MutationObserver(() => window.__states.push(stage.dataset.erosion)).observe(stage, { attributes: true, attributeFilter: ['data-erosion'] });
  });
  await slot.locator('button[data-key="erodeAgain"]').click();
  await page.waitForFunction(() => window.__states.includes('running'));
  await idle(page);
  assert.match(await slot.locator('.lf-erosion-text').textContent(), /^20,000 droplets in/);
  assert.equal(await slot.locator('canvas').first().getAttribute('data-terrain'), 'eroded');
  assert.deepEqual(await heights(page, slot), first, 'a rerun of the same droplets gives the same map');
  assert.deepEqual(problems, []);
  await page.close();
});

test('island: going back to an island already eroded shows it again without a run', async () => {
  const { page, problems, slot } = await openIsland('#island.droplets=20000');
  const warped = await heights(page, slot);
  await click(slot, 'warp'); // another island: it erodes in its turn
  await idle(page);
  assert.equal(await slot.locator('canvas').first().getAttribute('data-terrain'), 'eroded');
  const plain = await heights(page, slot);
  assert.ok(plain.some((v, i) => v !== warped[i]));
  await page.evaluate(() => {
    const stage = document.querySelector('[data-figure="island"] .lf-stage');
    window.__states = [];
    new MutationObserver(() => window.__states.push(stage.dataset.erosion)).observe(stage, { attributes: true, attributeFilter: ['data-erosion'] });
  });
  await click(slot, 'warp'); // back: the worker still holds this island's erosion
  await idle(page);
  assert.equal(await slot.locator('canvas').first().getAttribute('data-terrain'), 'eroded');
  assert.deepEqual(await page.evaluate(() => window.__states.filter((v) => v !== 'idle')), [], 'no erosion ran');
  assert.deepEqual(await heights(page, slot), warped);
  assert.deepEqual(problems, []);
  await page.close();
});

test('island: works as an embed (shadow root, state from attributes, worker found beside the module)', async () => {
  const { page, problems } = await env.open('/island.html');
  await page.evaluate(async () => {
    await import('./landform-embed.js');
    const f = Object.assign(document.createElement('landform-figure'), { id: 'embedded' });
    for (const [k, v] of [['name', 'island'], ['droplets', '30000'], ['view', 'flow'], ['seed', '5']]) f.setAttribute(k, v);
    document.querySelector('main').prepend(f);
  });
  await page.waitForFunction(() => document.getElementById('embedded').shadowRoot?.querySelector('canvas')?.dataset.terrain === 'eroded', null, { timeout: 60000 });
  const info = await page.evaluate(() => {
    const root = document.getElementById('embedded').shadowRoot;
    return { text: root.querySelector('.lf-erosion-text').textContent, flow: root.querySelector('[data-key="view"] [aria-checked="true"]').dataset.value };
  });
  assert.match(info.text, /30,000 droplets in/);
  assert.equal(info.flow, 'flow');
  assert.deepEqual(problems, []);
  await page.close();
});

test('island: every stage runs in the island worker, with the bits of one thread', async () => {
  const { page, problems, slot } = await openIsland('#island.erode=false&island.size=512&island.seed=5&island.exponent=2.2&island.falloff=square');
  // The same pipeline on the main thread, with the one-thread API.
  const oneThread = (s) => page.evaluate(async (s) => {
    const lf = await (await import('/js/landform.js')).landform();
    const n = s.size;
    const spec = { noise: 'perlin', seed: s.seed, fractal: { kind: 'fbm', octaves: 7, persistence: 0.5, lacunarity: 2 } };
    if (s.warpStrength > 0) spec.warp = { strength: s.warpStrength, seed: s.seed + 101, octaves: 3, frequency: 0.7 };
    spec.offset = [(s.seed % 97) * 13.37, (s.seed % 89) * 7.91, 0];
    const f = new lf.Field(spec);
    const h = new Float32Array(n * n);
    f.fill2d(h, { width: n, height: n, scale: n / 3.2 });
    f.free();
    lf.normalize(h);
    lf.redistribute(h, s.exponent);
    lf.islandFalloff(h, n, n, { shape: s.falloff, blend: 0.7 });
    const { fnv } = await import('/js/hash.js');
    // Drainage as the figure draws it: river and lake cells at the default sea level
    // and threshold (120 cells of a 256² map).
    const sea = 0.24, filled = h.slice();
    lf.fillDepressions(filled, n, n, { method: 'priority-flood', seaLevel: sea });
    const acc = lf.flowAccumulation(filled, n, n, sea);
    let rivers = 0, lakes = 0;
    for (let i = 0; i < h.length; i++) {
      if (h[i] < sea) continue;
      if (acc[i] > 120 * (n / 256) ** 2) rivers++;
      if (filled[i] - h[i] > 0.004) lakes++;
    }
    return { hash: fnv(h), rivers: String(rivers), lakes: String(lakes) };
  }, s);
  const drained = async () => ({ rivers: await slot.locator('.lf-stage').getAttribute('data-rivers'), lakes: await slot.locator('.lf-stage').getAttribute('data-lakes') });
  const s = { size: 512, seed: 5, warpStrength: 0.45, exponent: 2.2, falloff: 'square' };
  const want = await oneThread(s);
  assert.equal(fnv(await heights(page, slot)), want.hash, 'pool result = one-thread result');
  assert.deepEqual(await drained(), { rivers: want.rivers, lakes: want.lakes }, 'drainage in the pool = one thread');
  assert.ok(Number(want.rivers) > 100 && Number(want.lakes) > 0);
  // A burst of slider steps without waiting: only the last state counts, and it is exact.
  await slot.locator('input[data-key="warpStrength"]').evaluate((input) => {
    for (const v of [0.5, 0.6, 0.7, 0.8, 0.9]) { input.value = v; input.dispatchEvent(new Event('input', { bubbles: true })); }
  });
  await settle(slot);
  const want2 = await oneThread({ ...s, warpStrength: 0.9 });
  assert.equal(fnv(await heights(page, slot)), want2.hash, 'the last of a burst of steps, exactly');
  assert.deepEqual(await drained(), { rivers: want2.rivers, lakes: want2.lakes });
  // From here on the test computes nothing itself: every fill counted is the page's.
  const fills = await countFills(page);
  assert.match(await slot.locator('.lf-stage').getAttribute('data-timing'), /in the island worker: shape [\d.]+ ms, drainage\+biomes [\d.]+ ms · here: paint [\d.]+ ms/);
  // Main-thread blocking while the seed changes at 512²: the noise no longer counts.
  const longest = await page.evaluate(async () => {
    let max = 0, t = performance.now(), stop = false;
    const tick = () => { const now = performance.now(); max = Math.max(max, now - t); t = now; if (!stop) setTimeout(tick, 0); };
    tick();
    const stage = document.querySelector('[data-figure="island"] .lf-stage');
    document.querySelector('[data-figure="island"] [data-key="seed"]').click();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    while (stage.dataset.busy) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 200));
    stop = true;
    return max;
  });
  console.log(`island 512²: ${await slot.locator('.lf-stage').getAttribute('data-timing')}; longest main-thread block on a new seed ${longest.toFixed(0)} ms`);
  // Size flips and hovering while pool jobs are in flight: every picture stays whole.
  await slot.locator('canvas').first().scrollIntoViewIfNeeded();
  const box = await slot.locator('canvas').first().boundingBox();
  for (const v of ['256', '512', '256']) {
    await slot.locator(`[data-key="size"] button[data-value="${v}"]`).click();
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.9);
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.4);
  }
  await settle(slot);
  await page.waitForTimeout(300); // a deferred 3D draw
  assert.equal((await pixels(slot, 0)).width, 256);
  await slot.locator('canvas').first().hover({ position: { x: 100, y: 120 } });
  assert.match(await slot.locator('[data-readout="biome"]').textContent(), /^Biome \w/);
  // New seeds and sizes, and the page only painted: no fill on its main thread or in its pool.
  assert.deepEqual(await fills(), { main: 0, pool: 0 }, 'the main thread computes none of the map');
  assert.deepEqual(problems, []);
  await page.close();
});
