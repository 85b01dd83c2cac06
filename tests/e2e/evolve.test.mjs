// The evolve page: painting changes the uplift map; running changes the heights, the
// relief, the 3D view and the slope–area plot, whose channel fit converges to −m/n;
// pausing stops all change; a preset changes the result; the permalink restores the
// settings; the extremes of the sliders run without errors; screenshots at two widths.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { start, figure, pixels, changed, slide, settle, screenshot } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

const data = (slot) => slot.locator('.lf-stage').evaluate((s) => ({ ...s.dataset }));
const choose = async (slot, key, value) => { await slot.locator(`[data-key="${key}"] button[data-value="${value}"]`).click(); await settle(slot); };
const press = (slot, key) => slot.locator(`button[data-key="${key}"]`).click();
const UPLIFT = 0, RELIEF = 1, VIEW3D = 2, PLOT = 3;

async function runUntil(page, slot, steps) {
  if ((await data(slot)).running !== 'true') await press(slot, 'run');
  await page.waitForFunction((n) => Number(document.querySelector('[data-figure="evolve"] .lf-stage').dataset.steps) >= n, steps, { timeout: 120000 });
}
async function pause(slot) {
  await press(slot, 'run');
  assert.equal((await data(slot)).running, 'false');
  // The chunk in flight when Pause was pressed still lands; then nothing moves.
  await slot.page().waitForTimeout(500);
  await settle(slot);
}
async function drag(page, canvas, path) {
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  const at = ([fx, fy]) => [box.x + fx * box.width, box.y + fy * box.height];
  await page.mouse.move(...at(path[0]));
  await page.mouse.down();
  for (const p of path.slice(1)) await page.mouse.move(...at(p), { steps: 8 });
  await page.mouse.up();
}

test('evolve: paint, run, pause, converge, preset', async () => {
  const { page, problems } = await env.open('/evolve.html');
  const slot = await figure(page, 'evolve');
  const paint = slot.locator('canvas').nth(UPLIFT);

  // Painting: start from no uplift, draw a stroke, then erase part of it.
  await choose(slot, 'preset', 'none');
  assert.equal(Number((await data(slot)).upliftSum), 0);
  const blank = await pixels(slot, UPLIFT);
  await drag(page, paint, [[0.2, 0.5], [0.5, 0.45], [0.8, 0.55]]);
  const painted = await pixels(slot, UPLIFT);
  const sum = Number((await data(slot)).upliftSum);
  assert.ok(sum > 50, `the stroke added uplift (${sum})`);
  assert.ok(changed(blank, painted) > 0.05, 'the uplift map shows the stroke');
  await choose(slot, 'brush', 'erase');
  await drag(page, paint, [[0.45, 0.4], [0.55, 0.6]]);
  const erased = Number((await data(slot)).upliftSum);
  assert.ok(erased < sum, `erasing removed uplift (${erased} < ${sum})`);
  assert.ok(changed(painted, await pixels(slot, UPLIFT)) > 0.003);

  // Running under the painted uplift raises the land, draws rivers, moves the plot.
  const before = { relief: await pixels(slot, RELIEF), view: await pixels(slot, VIEW3D), plot: await pixels(slot, PLOT) };
  await slide(slot, 'speed', 10);
  await runUntil(page, slot, 60);
  await pause(slot);
  let d = await data(slot);
  assert.ok(Number(d.top) > 20, `the painted range rose (${d.top} m)`);
  const after1 = { relief: await pixels(slot, RELIEF), view: await pixels(slot, VIEW3D), plot: await pixels(slot, PLOT) };
  assert.ok(changed(before.relief, after1.relief) > 0.05, 'relief changed');
  assert.ok(changed(before.view, after1.view) > 0.05, '3D view changed');
  assert.ok(changed(before.plot, after1.plot) > 0.005, 'plot changed');

  // Paused: nothing moves.
  await page.waitForTimeout(1200);
  const d2 = await data(slot);
  assert.equal(d2.steps, d.steps);
  assert.equal(d2.top, d.top);
  assert.equal(changed(after1.relief, await pixels(slot, RELIEF)), 0);
  assert.equal(changed(after1.plot, await pixels(slot, PLOT)), 0);

  // The uniform preset resets the landscape and, run long enough, channels follow
  // the law: fitted slope of log S against log A near −m/n = −0.5.
  await choose(slot, 'preset', 'uniform');
  d = await data(slot);
  assert.equal(d.steps, '1');   // the one tiny first step of a fresh landscape
  const uniformMap = await pixels(slot, UPLIFT);
  assert.ok(changed(painted, uniformMap) > 0.5, 'the preset replaced the painted map');
  await slide(slot, 'speed', 20);
  await runUntil(page, slot, 250);
  await pause(slot);
  d = await data(slot);
  const fit = Number(d.fit);
  console.log(`uniform: ${d.steps} steps, fitted ${fit}`);
  assert.ok(Math.abs(fit + 0.5) < 0.05, `channels converge to the law: fitted ${fit}, law −0.5`);
  await screenshot(slot, 'evolve-uniform-1200');
  const uniformRelief = await pixels(slot, RELIEF);

  // Another preset, the same run length: a different landscape.
  await choose(slot, 'preset', 'collide');
  await runUntil(page, slot, 250);
  await pause(slot);
  assert.ok(changed(uniformRelief, await pixels(slot, RELIEF)) > 0.3, 'two ranges make another landscape');
  assert.notEqual((await data(slot)).top, d.top);

  // Save PNG: the whole stage as a PNG file.
  const [download] = await Promise.all([page.waitForEvent('download'), slot.locator('button[data-tool="png"]').click()]);
  assert.equal(download.suggestedFilename(), 'landform-evolve.png');
  const png = await fs.readFile(await download.path());
  assert.ok(png.length > 20000 && png.subarray(1, 4).toString() === 'PNG', `a PNG of ${png.length} bytes`);

  const [raw] = await Promise.all([page.waitForEvent('download'), slot.locator('button[data-tool="f32"]').click()]);
  assert.equal(raw.suggestedFilename(), 'landform-evolve-128x128.f32');
  const heights = new Float32Array(new Uint8Array(await fs.readFile(await raw.path())).buffer);
  assert.equal(heights.length, 128 * 128);
  assert.ok(Math.abs(Math.max(...heights) - Number((await data(slot)).top)) < 1e-3, 'the raw export holds the heights shown');

  // Reset: back to a fresh landscape under the same uplift.
  await press(slot, 'reset');
  await settle(slot);
  assert.equal((await data(slot)).steps, '1');
  assert.deepEqual(problems, []);
  await page.close();
});

test('evolve: changing m/n while running re-grades the channels to the new line', async () => {
  const { page, problems } = await env.open('/evolve.html#evolve.preset=uniform&evolve.speed=20');
  const slot = await figure(page, 'evolve');
  await runUntil(page, slot, 200);
  await slide(slot, 'mn', 0.4);
  const from = Number((await data(slot)).steps);
  await runUntil(page, slot, from + 300);
  await pause(slot);
  const fit = Number((await data(slot)).fit);
  console.log(`m/n 0.4: fitted ${fit}`);
  assert.ok(Math.abs(fit + 0.4) < 0.06, `fitted ${fit}, law −0.4`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('evolve: permalink restores the settings; slider extremes run without errors', async () => {
  const hash = '#evolve.preset=collide&evolve.mn=0.7&evolve.logK=-5.5&evolve.kappa=0.5&evolve.speed=20';
  const { page, problems } = await env.open(`/evolve.html${hash}`);
  const slot = await figure(page, 'evolve');
  assert.equal(await slot.locator('[data-key="preset"] button[data-value="collide"]').getAttribute('aria-checked'), 'true');
  for (const [key, v] of [['mn', '0.7'], ['logK', '-5.5'], ['kappa', '0.5'], ['speed', '20']]) {
    assert.equal(await slot.locator(`input[data-key="${key}"]`).inputValue(), v, key);
  }
  await runUntil(page, slot, 40);
  await pause(slot);
  let d = await data(slot);
  assert.ok(Number(d.top) > 0 && Number.isFinite(Number(d.top)));
  assert.doesNotMatch(await slot.locator('.lf-evolve-status').textContent(), /stopped|could not/);
  // The other ends of the sliders.
  await slide(slot, 'mn', 0.3);
  await slide(slot, 'logK', -4);
  await slide(slot, 'kappa', 0);
  await slide(slot, 'speed', 1);
  const at = Number(d.steps);
  await runUntil(page, slot, at + 10);
  await pause(slot);
  d = await data(slot);
  assert.ok(Number.isFinite(Number(d.top)));
  assert.match(page.url(), /evolve\.mn=0\.3/);
  assert.match(page.url(), /evolve\.logK=-4/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('evolve: screenshots at 1280 and 375 wide', async () => {
  for (const width of [1280, 375]) {
    const { page, problems } = await env.open('/evolve.html#evolve.speed=20', { width, height: 900 });
    const slot = await figure(page, 'evolve');
    await runUntil(page, slot, 120);
    await pause(slot);
    await screenshot(slot, `evolve-${width}`);
    const box = await slot.boundingBox();
    assert.ok(box.width <= width, `the figure fits ${width} px (${box.width})`);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('evolve: embedded with one script tag, it runs (worker started by startWorker)', async () => {
  const page = await env.browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  const url = `${env.origin}/pasted-evolve.html`;
  await page.route(url, (r) => r.fulfill({ contentType: 'text/html', body: `<!doctype html><meta charset="utf-8"><title>pasted</title><body>
<script type="module" src="${env.origin}/landform-embed.js"></script>
<landform-figure name="evolve" preset="uniform" speed="20"></landform-figure></body>` }));
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('landform-figure')?.dataset.ready, null, { timeout: 30000 });
  assert.equal(await page.locator('landform-figure').getAttribute('data-ready'), 'true');
  const host = page.locator('landform-figure');
  await host.locator('button[data-key="run"]').click();
  await page.waitForFunction(() => Number(document.querySelector('landform-figure').shadowRoot.querySelector('.lf-stage').dataset.steps) >= 40, null, { timeout: 60000 });
  assert.ok(Number(await host.locator('.lf-stage').evaluate((s) => s.dataset.top)) > 10);
  assert.deepEqual(problems, []);
  await page.close();
});
