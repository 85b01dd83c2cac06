// The island's "Shape: evolved (stream power)" option (issue 16): uplift + stream-power
// steps (`Landscape`) grow the noise island in the island worker, with progress, before
// droplet erosion. The drainage it leaves is organised: far fewer cells without a
// downhill path to the sea, on the same outline; the
// page keeps answering while it runs; the choice is part of the link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, figure, settle, islandIdle, exportedHeights } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

const idle = (page) => islandIdle(page, 120000);
const heights = exportedHeights;

// Undrained cells (pits and flats: no strictly descending D8 path to the border or the
// sea, by the package's `undrainedCount`) and land cells.
const drainage = (page, h, sea) => page.evaluate(async ({ h, sea }) => {
  const lf = await (await import('/js/landform.js')).landform();
  const map = Float32Array.from(h), n = Math.round(Math.sqrt(map.length));
  return { undrained: lf.undrainedCount(map, n, n, sea), land: map.filter((v) => v >= sea).length };
}, { h: [...h], sea });

test('island: the evolved shape organises the drainage, with progress, and the page keeps answering', async () => {
  const { page, problems } = await env.open('/island.html#island.erode=false');
  const slot = await figure(page, 'island');
  await idle(page);
  const sea = Number(await slot.locator('input[data-key="sea"]').inputValue());
  const noise = await heights(page, slot);
  const before = await drainage(page, noise, sea);

  // Probes on the main thread: the longest timer gap, idle (this run's baseline) and
  // while the landscape evolves; and every progress value shown.
  await page.evaluate(() => {
    const probe = window.__probe = { values: [], idle: 0, max: 0, stop: false, evolving: false };
    const stage = document.querySelector('[data-figure="island"] .lf-stage');
    const bar = document.querySelector('[data-figure="island"] progress');
    new MutationObserver(() => probe.values.push(bar.value)).observe(bar, { attributes: true, attributeFilter: ['value'] });
    const idleUntil = performance.now() + 1000;
    let t = performance.now();
    const tick = () => {
      const now = performance.now(), gap = now - t;
      t = now;
      if (now < idleUntil) probe.idle = Math.max(probe.idle, gap);
      else if (stage.dataset.erosion === 'evolving' || stage.dataset.busy) { probe.max = Math.max(probe.max, gap); probe.evolving ||= stage.dataset.erosion === 'evolving'; }
      if (!probe.stop) setTimeout(tick, 5);
    };
    tick();
  });
  await page.waitForTimeout(1100);
  await slot.locator('[data-key="shape"] button[data-value="evolved"]').click();
  await settle(slot);
  await idle(page);
  const probe = await page.evaluate(() => { window.__probe.stop = true; return window.__probe; });
  assert.ok(probe.evolving, 'the status said the landscape was evolving');
  const rising = probe.values.filter((v, i) => i > 0 && v > probe.values[i - 1]).length;
  assert.ok(rising >= 2, `progress advanced at least twice: ${probe.values}`);
  assert.ok(probe.idle > 0 && probe.max < 20 * probe.idle, `main thread stayed responsive: longest gap ${probe.max.toFixed(0)} ms (idle ${probe.idle.toFixed(0)} ms)`);
  assert.match(await page.evaluate(() => location.hash), /island\.shape=evolved/);

  const evolved = await heights(page, slot);
  const after = await drainage(page, evolved, sea);
  console.log(`island 256², 40 stream-power steps: undrained cells ${before.undrained} → ${after.undrained}, land ${before.land} → ${after.land} cells`);
  assert.ok(after.undrained * 4 < before.undrained, `stream power drains the pits (${before.undrained} → ${after.undrained} undrained cells)`);
  assert.ok(Math.abs(after.land - before.land) < 0.1 * before.land, 'the island keeps its size');
  const [lo, hi] = [Math.min(...noise), Math.max(...noise)];
  assert.ok(evolved.every((v) => v >= lo - 1e-6 && v <= hi + 1e-6), 'the evolved relief spans the shape\'s heights');

  // Back to noise: the kept shape, exactly; the same link again: the same evolved bits.
  await slot.locator('[data-key="shape"] button[data-value="noise"]').click();
  await settle(slot);
  await idle(page);
  assert.deepEqual(await heights(page, slot), noise);
  const again = await env.open('/island.html#island.erode=false&island.shape=evolved');
  const slot2 = await figure(again.page, 'island');
  await idle(again.page);
  assert.deepEqual(await heights(again.page, slot2), evolved, 'an evolved island is deterministic');
  assert.deepEqual([...problems, ...again.problems], []);
  await page.close();
  await again.page.close();
});

test('island: a new state stops an evolution in flight, and the last state wins exactly', async () => {
  const { page, problems } = await env.open('/island.html#island.erode=false&island.shape=evolved&island.evolveSteps=20');
  const slot = await figure(page, 'island');
  await idle(page);
  const setSteps = (v) => slot.locator('input[data-key="evolveSteps"]').evaluate((input, v) => {
    input.value = v;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, String(v));
  await page.evaluate(() => {
    const bar = document.querySelector('[data-figure="island"] progress');
    window.__steps = [];
    new MutationObserver(() => window.__steps.push([bar.value, bar.max])).observe(bar, { attributes: true, attributeFilter: ['value'] });
  });
  // A long evolution (200 steps); once it is under way, the reader settles on 30.
  await setSteps(200);
  // Read from the observer's record, which misses no update (a poll of the bar could fall
  // between two of them on a loaded machine).
  await page.waitForFunction(() => window.__steps.some(([v, max]) => max === 200 && v >= 10), null, { timeout: 60000, polling: 50 });
  await setSteps(30);
  await settle(slot);
  await idle(page);
  const steps = await page.evaluate(() => window.__steps);
  const long = steps.filter(([, max]) => max === 200).map(([v]) => v);
  assert.ok(Math.max(...long) < 200, `the 200-step evolution stopped early (reached ${Math.max(...long)})`);
  assert.ok(steps.some(([v, max]) => v === 30 && max === 30), 'the 30-step evolution ran to its end');
  const got = await heights(page, slot);
  const fresh = await env.open('/island.html#island.erode=false&island.shape=evolved&island.evolveSteps=30');
  const slot2 = await figure(fresh.page, 'island');
  await idle(fresh.page);
  assert.deepEqual(got, await heights(fresh.page, slot2), 'the same bits as a fresh page at 30 steps');
  assert.deepEqual([...problems, ...fresh.problems], []);
  await page.close();
  await fresh.page.close();
});
