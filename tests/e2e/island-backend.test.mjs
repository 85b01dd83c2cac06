// The island page's erosion backend switch (Auto / GPU / CPU): each choice reruns erosion
// on that backend, the status line says which one ran and how fast, GPU and CPU carve the
// same valleys, and without WebGPU the page still erodes (Auto) and says why GPU cannot.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, figure, settle, screenshot, exportedHeights } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

const idle = (page) => page.waitForFunction(() => {
  const stage = document.querySelector('[data-figure="island"] .lf-stage');
  return stage?.dataset.erosion === 'idle' && !stage.dataset.busy && stage.dataset.backend;
}, null, { timeout: 120000 });

const heights = exportedHeights;

async function choose(page, slot, backend) {
  await page.evaluate(() => { delete document.querySelector('[data-figure="island"] .lf-stage').dataset.backend; });
  await slot.locator(`[data-key="backend"] button[data-value="${backend}"]`).click();
  await settle(slot);
  await idle(page);
  const stage = slot.locator('.lf-stage');
  return { backend: await stage.getAttribute('data-backend'), rate: Number(await stage.getAttribute('data-rate')), text: await slot.locator('.lf-erosion-text').textContent() };
}

function correlation(a, b, base) {
  const n = a.length;
  let ma = 0, mb = 0;
  for (let i = 0; i < n; i++) { ma += a[i] - base[i]; mb += b[i] - base[i]; }
  ma /= n; mb /= n;
  let sab = 0, saa = 0, sbb = 0;
  for (let i = 0; i < n; i++) {
    const x = a[i] - base[i] - ma, y = b[i] - base[i] - mb;
    sab += x * y; saa += x * x; sbb += y * y;
  }
  return sab / Math.sqrt(saa * sbb);
}

test('island: the backend switch reruns erosion on the GPU and on the CPU and says which ran', async () => {
  const { page, problems } = await env.open('/island.html#island.droplets=20000');
  const slot = await figure(page, 'island');
  await idle(page);
  // Auto on this machine: Chromium's only adapter is SwiftShader, so the CPU, with the reason.
  const auto = { backend: await slot.locator('.lf-stage').getAttribute('data-backend'), text: await slot.locator('.lf-erosion-text').textContent() };
  assert.equal(auto.backend, 'cpu');
  assert.match(auto.text, /^20,000 droplets in .* on the CPU \(the only WebGPU adapter is a software one/);
  const autoMap = await heights(page, slot);

  const gpu = await choose(page, slot, 'gpu');
  assert.equal(gpu.backend, 'gpu');
  assert.match(gpu.text, /^20,000 droplets in [\d.]+ s \([\d.]+k\/s\) on the GPU\. /);
  assert.ok(gpu.rate > 0);
  const gpuMap = await heights(page, slot);
  await screenshot(slot, 'island-gpu');

  const cpu = await choose(page, slot, 'cpu');
  assert.equal(cpu.backend, 'cpu');
  assert.match(cpu.text, /^20,000 droplets in .* on the CPU\. /);
  const cpuMap = await heights(page, slot);
  assert.ok(cpuMap.every((v, i) => v === autoMap[i]), 'CPU and Auto-on-CPU give the same bits');

  // The shaped map (erosion off), to compare what each backend changed.
  await slot.locator('[data-key="erode"]').click();
  await settle(slot);
  await page.waitForFunction(() => document.querySelector('[data-figure="island"] canvas')?.dataset.terrain === 'shaped');
  const shaped = await heights(page, slot);
  assert.ok(gpuMap.some((v, i) => Math.abs(v - shaped[i]) > 1e-3), 'the GPU eroded the island');
  const r = correlation(gpuMap, cpuMap, shaped);
  console.log(`island 20k @256²: GPU ${gpu.rate} droplets/s, CPU ${cpu.rate} droplets/s; erosion maps correlate at r = ${r.toFixed(3)}`);
  assert.ok(r >= 0.8, `GPU and CPU erosion maps correlate at r = ${r}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('island: without WebGPU, Auto erodes on the CPU and GPU says why it cannot', async () => {
  const page = await env.browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined, configurable: true }));
  // The island worker erodes, and workers have a navigator of their own: hide it there too
  // (init scripts do not reach workers, so the script is served with the line first).
  await page.route('**/js/island-worker.js', async (route) => {
    const body = await (await route.fetch()).text();
    await route.fulfill({ contentType: 'text/javascript', body: `Object.defineProperty(WorkerNavigator.prototype, 'gpu', { get: () => undefined, configurable: true });\n${body}` });
  });
  await page.goto(`${env.origin}/island.html#island.droplets=10000`);
  const slot = await figure(page, 'island');
  await idle(page);
  assert.equal(await slot.locator('.lf-stage').getAttribute('data-backend'), 'cpu');
  assert.match(await slot.locator('.lf-erosion-text').textContent(), /on the CPU \(this browser has no WebGPU/);
  await slot.locator('[data-key="backend"] button[data-value="gpu"]').click();
  await page.waitForFunction(() => /Erosion failed/.test(document.querySelector('[data-figure="island"] .lf-erosion-text').textContent), null, { timeout: 30000 });
  assert.match(await slot.locator('.lf-erosion-text').textContent(), /backend 'gpu' is not available: this browser has no WebGPU/);
  const cpu = await choose(page, slot, 'cpu');
  assert.equal(cpu.backend, 'cpu', 'the page keeps working');
  assert.deepEqual(errors, []);
  await page.close();
});
