// Figure 1 (heatmap): every slider and button changes the picture; the page logs no
// errors and requests nothing outside its origin; the permalink restores state.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { start, figure, pixels, changed, slide, settle, screenshot, countFills } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

test('heatmap: each control changes the canvas, with no errors or external requests', async () => {
  const { page, problems } = await env.open('/');
  const slot = await figure(page, 'heatmap');
  await screenshot(slot, 'heatmap');
  let last = await pixels(slot);
  assert.equal(last.width, 512);
  const expectChange = async (what) => {
    await settle(slot);
    const now = await pixels(slot);
    assert.ok(changed(last, now) > 0.2, `${what} should change most pixels (changed ${changed(last, now)})`);
    last = now;
  };
  for (const [key, value] of [['scale', 20], ['octaves', 7], ['persistence', 0.8], ['lacunarity', 2.7]]) {
    await slide(slot, key, value);
    assert.match(await slot.locator(`label:has(input[data-key="${key}"]) output`).textContent(), new RegExp(String(value).replace('.', '\\.')));
    await expectChange(`slider ${key}`);
  }
  await slot.locator('button[data-value="value"]').click();
  await expectChange('noise toggle');
  for (const p of ['heat', 'gray', 'terrain']) {
    await slot.locator(`button[data-value="${p}"]`).click();
    await expectChange(`palette ${p}`);
  }
  const seedText = await slot.locator('.lf-seed').textContent();
  assert.match(seedText, /42/);
  await slot.locator('.lf-seed').click();
  await expectChange('new seed');
  assert.notEqual(await slot.locator('.lf-seed').textContent(), seedText);
  assert.deepEqual(problems, []);
  await page.close();
});

test('heatmap: the permalink restores state exactly', async () => {
  const { page, problems } = await env.open('/');
  const slot = await figure(page, 'heatmap');
  await slide(slot, 'scale', 50);
  await slot.locator('button[data-value="gray"]').click();
  await settle(slot);
  const url = page.url();
  assert.match(url, /heatmap\.scale=50/);
  const before = await pixels(slot);
  const again = await env.open(url.replace(env.origin, ''));
  const slot2 = await figure(again.page, 'heatmap');
  assert.equal(changed(before, await pixels(slot2)), 0);
  assert.equal(await slot2.locator('input[data-key="scale"]').inputValue(), '50');
  assert.deepEqual([...problems, ...again.problems], []);
  await page.close();
  await again.page.close();
});

test('heatmap: exports a 16-bit PNG and raw float32 of the heightmap', async () => {
  const { page, problems } = await env.open('/');
  const slot = await figure(page, 'heatmap');
  const [png] = await Promise.all([page.waitForEvent('download'), slot.locator('[data-tool="png16"]').click()]);
  const bytes = await fs.readFile(await png.path());
  assert.deepEqual([...bytes.subarray(1, 4)], [80, 78, 71]);
  assert.equal(bytes.readUInt32BE(16), 512); // IHDR width
  assert.equal(bytes[24], 16); // bit depth
  const [raw] = await Promise.all([page.waitForEvent('download'), slot.locator('[data-tool="f32"]').click()]);
  assert.equal((await fs.readFile(await raw.path())).length, 512 * 512 * 4);
  assert.ok((await page.locator('header.site nav a').count()) >= 7, 'navigation built from pages.js');
  assert.deepEqual(problems, []);
  await page.close();
});

test('heatmap: a dragged slider fills in the worker pool, the last value wins, the page stays responsive', async () => {
  const { page, problems } = await env.open('/');
  const slot = await figure(page, 'heatmap');
  await settle(slot);
  const before = await pixels(slot);
  const count = await countFills(page);
  // The longest gap between 5 ms timer ticks: first for a second of idle page (this
  // run's baseline, so a loaded machine raises both sides), then while the scale
  // slider is dragged through 40 values, one every 10 ms.
  const probe = await slot.evaluate((root) => new Promise((resolve) => {
    const input = root.querySelector('input[type=range][data-key="scale"]');
    const p = { idle: 0, drag: 0, events: 0 };
    let t = performance.now(), phase = 'idle';
    const tick = () => {
      const now = performance.now();
      p[phase] = Math.max(p[phase], now - t);
      t = now;
      if (phase !== 'done') setTimeout(tick, 5);
    };
    tick();
    setTimeout(() => {
      phase = 'drag';
      const step = () => {
        input.value = String(20 + p.events);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        if (++p.events < 40) { setTimeout(step, 10); return; }
        input.dispatchEvent(new Event('change', { bubbles: true }));
        // Until the figure has drawn the last value.
        const wait = () => (root.querySelector('[data-busy]') ? setTimeout(wait, 5) : requestAnimationFrame(() => requestAnimationFrame(() => { phase = 'done'; resolve(p); })));
        requestAnimationFrame(() => requestAnimationFrame(wait));
      };
      step();
    }, 1000);
  }));
  await settle(slot);
  const fills = await count();
  const dragged = await pixels(slot);
  assert.ok(changed(before, dragged) > 0.2, `the drag changed the picture (${changed(before, dragged)})`);
  assert.equal(fills.main, 0, 'no fill ran on the main thread');
  assert.ok(fills.pool >= 1, `the pool ran the fills (${fills.pool} jobs)`);
  const gaps = `longest timer gap ${probe.drag.toFixed(0)} ms while dragging, ${probe.idle.toFixed(0)} ms idle`;
  assert.ok(probe.idle > 0, `the baseline was measured: ${gaps}`);
  assert.ok(probe.drag < 20 * probe.idle, `main thread stayed responsive: ${gaps}`);
  // The newest value won: leaving it and coming back draws the same picture.
  assert.equal(await slot.locator('input[data-key="scale"]').inputValue(), '59');
  await slide(slot, 'scale', 30);
  await slide(slot, 'scale', 59);
  assert.equal(changed(dragged, await pixels(slot)), 0, 'the picture after the drag is the one for its last value');
  console.log(`heatmap drag: ${probe.events} slider events, ${fills.pool} pool jobs; ${gaps}`);
  assert.deepEqual(problems, []);
  await page.close();
});
