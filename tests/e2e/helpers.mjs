// Shared end-to-end test helpers: a plain static server (no COOP/COEP), Debian's
// Chromium through playwright-core, and a page wrapper that records console errors
// and any request leaving the page's own origin.
import { chromium } from 'playwright-core';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from '../../scripts/serve.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = path.join(root, 'artifacts', 'e2e');

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-gpu-sandbox', '--enable-unsafe-webgpu'];

/** Starts the server and browser once per test file. */
export async function start() {
  const server = await serve(path.join(root, 'www'), 0);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return {
    origin, browser,
    async open(url, { width = 1200, height = 900 } = {}) {
      const page = await browser.newPage({ viewport: { width, height } });
      const problems = [];
      page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      page.on('request', (r) => {
        const u = r.url();
        if (!u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:')) problems.push(`external request: ${u}`);
      });
      await page.goto(origin + url);
      return { page, problems };
    },
    async close() { await browser.close(); server.close(); },
  };
}

/** Waits until the figure `name` is mounted (scrolling it into view). */
export async function figure(page, name) {
  const slot = page.locator(`[data-figure="${name}"]`).first();
  await slot.scrollIntoViewIfNeeded();
  await page.waitForFunction((n) => document.querySelector(`[data-figure="${n}"]`)?.dataset.ready, name, { timeout: 30000 });
  const ready = await slot.getAttribute('data-ready');
  if (ready !== 'true') throw new Error(`figure ${name} failed: ${await slot.textContent()}`);
  return slot;
}

/** Pixels of the figure's `index`-th canvas: { width, height, data (RGBA array) }. */
export async function pixels(slot, index = 0) {
  return slot.locator('canvas').nth(index).evaluate((c) => {
    let data;
    if (c.getContext('2d', { willReadFrequently: true })) {
      data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    } else {
      const tmp = document.createElement('canvas');
      tmp.width = c.width; tmp.height = c.height;
      const t = tmp.getContext('2d');
      t.drawImage(c, 0, 0);
      data = t.getImageData(0, 0, c.width, c.height).data;
    }
    // Base64 moves a megapixel out of the page far faster than a JSON array.
    let bin = '';
    for (let i = 0; i < data.length; i += 0x8000) bin += String.fromCharCode.apply(null, data.subarray(i, i + 0x8000));
    return { width: c.width, height: c.height, b64: btoa(bin) };
  }).then(({ width, height, b64 }) => ({ width, height, data: new Uint8Array(Buffer.from(b64, 'base64')) }));
}

/** Fraction of pixels that differ between two captures. */
export function changed(a, b) {
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) n++;
  }
  return n / (a.data.length / 4);
}

/** Luminance (0–1) per pixel. */
export function luminance(p) {
  const out = new Float64Array(p.data.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = (0.2126 * p.data[4 * i] + 0.7152 * p.data[4 * i + 1] + 0.0722 * p.data[4 * i + 2]) / 255;
  return out;
}

/** Moves a range input to `value` the way a person would (input + change events). */
export async function slide(slot, key, value) {
  await slot.locator(`input[type=range][data-key="${key}"]`).evaluate((input, v) => {
    input.value = v;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, String(value));
  await settle(slot);
}

/**
 * Waits for the next two animation frames (renders are coalesced per frame), then for
 * any work a figure runs off the main thread (its stage has `data-busy` meanwhile).
 */
export async function settle(slot) {
  await slot.evaluate((root) => new Promise((resolve) => {
    const done = () => (root.querySelector('[data-busy]') ? setTimeout(done, 5) : resolve());
    requestAnimationFrame(() => requestAnimationFrame(done));
  }));
}

export async function screenshot(slot, name) {
  await slot.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

/**
 * Counts, from now on, the fills the page runs on its main thread (`Field` fill2d/3d/4d
 * calls on the page's landform glue) and the jobs its worker pool finishes. Resolves to
 * `count()`, which resolves to `{ main, pool }` since this call.
 */
export async function countFills(page) {
  await page.evaluate(async () => {
    const { Field } = await import('/pkg/landform.js');
    const { pool } = await import('/js/landform.js');
    const counts = window.__fills = { main: 0, pool: pool().stats, jobs0: pool().stats.jobs };
    for (const m of ['fill2d', 'fill3d', 'fill4d']) {
      const f = Field.prototype[m];
      Field.prototype[m] = function (...args) { counts.main++; return f.apply(this, args); };
    }
  });
  return () => page.evaluate(() => ({ main: window.__fills.main, pool: window.__fills.pool.jobs - window.__fills.jobs0 }));
}

/** Waits until the island figure's erosion is idle and nothing is on its way to the page. */
export const islandIdle = (page, timeout = 60000) => page.waitForFunction(() => {
  const stage = document.querySelector('[data-figure="island"] .lf-stage');
  return stage?.dataset.erosion === 'idle' && !stage.dataset.busy;
}, null, { timeout });

/** A figure's current heightmap, through its own "Raw float32" export. */
export async function exportedHeights(page, slot) {
  const [dl] = await Promise.all([page.waitForEvent('download'), slot.locator('[data-tool="f32"]').click()]);
  const buf = await fs.promises.readFile(await dl.path());
  return new Float32Array(buf.buffer, buf.byteOffset, buf.length / 4);
}
