// The island page (issue 14): on wide screens the controls sit beside the map, which
// stays in view while they scroll; controls are grouped by stage, the rarely used ones
// folded; each step section has its own picture of that stage, which follows the sliders.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, figure, slide, changed } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

// Pixels of one step picture (a page canvas outside the figure).
const picture = (page, key) => page.locator(`canvas[data-island-stage="${key}"]`).evaluate((c) => {
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  return { data: [...d] };
});

test('island at 1280 × 800: controls beside the map, map sticky, groups by stage', async () => {
  const { page, problems } = await env.open('/island.html', { width: 1280, height: 800 });
  const slot = await figure(page, 'island');
  const map = slot.locator('canvas.lf-island-map'), controls = slot.locator('.lf-controls');
  const [m, c] = [await map.boundingBox(), await controls.boundingBox()];
  assert.ok(c.x >= m.x + m.width, `controls (x ${c.x}) right of the map (ends ${m.x + m.width})`);
  const groups = await slot.locator('details.lf-group').evaluateAll((ds) => ds.map((d) => [d.dataset.group, d.open]));
  assert.deepEqual(groups, [['View', true], ['Shape', true], ['Island', true], ['Erosion', true], ['Droplet physics', false], ['Water', true]]);
  // Scroll to the last control: the map is still fully on screen.
  await slot.locator('input[data-key="threshold"]').scrollIntoViewIfNeeded();
  const after = await map.boundingBox();
  assert.ok(after.y >= 0 && after.y + after.height <= 800, `map on screen after scrolling the controls (y ${after.y})`);
  const ctl = await slot.locator('input[data-key="threshold"]').boundingBox();
  assert.ok(ctl.y > 0 && ctl.y < 800);
  // The folded group opens and its sliders work.
  await slot.locator('details[data-group="Droplet physics"] > summary').click();
  assert.ok(await slot.locator('input[data-key="inertia"]').isVisible());
  assert.deepEqual(problems, []);
  await page.close();
});

test('island at 375 px: controls under the map, one column', async () => {
  const { page, problems } = await env.open('/island.html', { width: 375, height: 740 });
  const slot = await figure(page, 'island');
  const m = await slot.locator('canvas.lf-island-map').boundingBox(), c = await slot.locator('.lf-controls').boundingBox();
  assert.ok(c.y > m.y + m.height, 'controls below the map');
  assert.ok(m.width > 300, `map fills the width (${m.width})`);
  assert.equal(await slot.locator('input[data-key="inertia"]').isVisible(), false, 'droplet physics folded');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 375, `no sideways scrolling (${width})`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('island steps: every section has a picture of its stage, and it follows the sliders', async () => {
  const { page, problems } = await env.open('/island.html', { width: 1280, height: 800 });
  const slot = await figure(page, 'island');
  const keys = await page.locator('canvas[data-island-stage]').evaluateAll((cs) => cs.map((c) => c.dataset.islandStage));
  assert.deepEqual(keys, ['fbm', 'warped', 'redistributed', 'island', 'moisture', 'erosion', 'filled', 'flow', 'biomes']);
  for (const key of keys) {
    const { data } = await picture(page, key);
    let lo = 255, hi = 0;
    for (let i = 0; i < data.length; i += 4) { lo = Math.min(lo, data[i + 1]); hi = Math.max(hi, data[i + 1]); }
    assert.ok(hi - lo > 40, `${key} picture is painted (green ${lo}–${hi})`);
  }
  const before = { warped: await picture(page, 'warped'), fbm: await picture(page, 'fbm'), island: await picture(page, 'island') };
  await slide(slot, 'warpStrength', 1.2);
  assert.ok(changed(before.warped, await picture(page, 'warped')) > 0.3, 'the warped picture follows Warp strength');
  assert.equal(changed(before.fbm, await picture(page, 'fbm')), 0, 'plain fBm does not depend on the warp');
  await slide(slot, 'sea', 0.5);
  assert.ok(changed(before.island, await picture(page, 'island')) > 0.1, 'the falloff picture follows the sea level');
  assert.deepEqual(problems, []);
  await page.close();
});
