// What a reader trips over (issue 14): the terrain palette shows every band its
// caption promises; Save PNG exports every panel; the navigation folds on phones; a
// swipe over a map or the 3D view scrolls the page; choice groups are one Tab stop
// moved with the arrow keys; no developer timings or raw labels reach the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { start, figure, pixels, changed, settle } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

// Shares of the caption's four colours: blue water, green grass, brown mountain, white snow.
function shares({ data }) {
  const n = data.length / 4, out = { water: 0, grass: 0, brown: 0, snow: 0 };
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    if (r > 215 && g > 215 && b > 215) out.snow++;
    else if (b > r + 30 && b > g) out.water++;
    else if (g > r + 20 && g > b + 20) out.grass++;
    else if (r > b + 20 && r >= g && r < 200) out.brown++;
  }
  for (const k in out) out[k] /= n;
  return out;
}

test('figure 1: the terrain palette shows water, grass, brown mountain and snow, at defaults and extremes', async () => {
  const { page, problems } = await env.open('/');
  const slot = await figure(page, 'heatmap');
  const check = async (what) => {
    const s = shares(await pixels(slot));
    for (const [k, v] of Object.entries(s)) assert.ok(v > 0.02, `${what}: ${k} covers ${(100 * v).toFixed(2)} % (${JSON.stringify(s)})`);
    return s;
  };
  const s0 = await check('defaults');
  assert.ok(s0.water > 0.3 && s0.water < 0.7, `about half is water (${s0.water})`);
  for (const [key, v] of [['octaves', 1], ['octaves', 8], ['persistence', 1], ['scale', 4], ['scale', 128]]) {
    await slot.locator(`input[data-key="${key}"]`).evaluate((input, x) => { input.value = x; input.dispatchEvent(new Event('input', { bubbles: true })); }, String(v));
    await settle(slot);
    await check(`${key} = ${v}`);
  }
  await slot.locator('button[data-value="value"]').click();
  await settle(slot);
  await check('value noise');
  assert.deepEqual(problems, []);
  await page.close();
});

// PNG signature, then IHDR width and height.
async function pngSize(download) {
  const bytes = await fs.readFile(await download.path());
  assert.deepEqual([...bytes.subarray(1, 4)], [80, 78, 71]);
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test('Save PNG exports the whole multi-panel figure (octaves, caves): every panel is in the file', async () => {
  const { page, problems } = await env.open('/perlin.html');
  for (const [url, name] of [['/perlin.html', 'octaves'], ['/caves.html', 'caves']]) {
    if (!page.url().endsWith(url)) await page.goto(env.origin + url);
    const slot = await figure(page, name);
    await settle(slot);
    // Decode the saved file in the page and compare each panel with its canvas on screen.
    const [file] = await Promise.all([page.waitForEvent('download'), slot.locator('[data-tool="png"]').click()]);
    const [w, h] = await pngSize(file);
    const b64 = (await fs.readFile(await file.path())).toString('base64');
    const result = await slot.evaluate(async (root, src) => {
      const img = new Image();
      img.src = `data:image/png;base64,${src}`;
      await img.decode();
      const stage = root.querySelector('.lf-stage');
      const box = stage.getBoundingClientRect();
      const k = img.width / box.width;
      const full = Object.assign(document.createElement('canvas'), { width: img.width, height: img.height }).getContext('2d');
      full.drawImage(img, 0, 0);
      return [...stage.querySelectorAll('canvas')].map((c) => {
        const r = c.getBoundingClientRect();
        // The panel as saved, and the panel as shown, both at 32 × 32.
        const a = Object.assign(document.createElement('canvas'), { width: 32, height: 32 }).getContext('2d');
        a.drawImage(full.canvas, (r.left - box.left) * k, (r.top - box.top) * k, r.width * k, r.height * k, 0, 0, 32, 32);
        const b = Object.assign(document.createElement('canvas'), { width: 32, height: 32 }).getContext('2d');
        b.drawImage(c, 0, 0, 32, 32);
        const da = a.getImageData(0, 0, 32, 32).data, db = b.getImageData(0, 0, 32, 32).data;
        let diff = 0, spread = 0;
        for (let i = 0; i < da.length; i += 4) { diff += Math.abs(da[i] - db[i]) + Math.abs(da[i + 1] - db[i + 1]) + Math.abs(da[i + 2] - db[i + 2]); spread += Math.abs(db[i] - db[0]); }
        return { diff: diff / (da.length / 4) / 3, spread };
      });
    }, b64);
    assert.ok(result.length >= 2, `${name} has several panels`);
    assert.ok(w > 300 && h > 100, `${name}: the file is the whole stage (${w}×${h})`);
    result.forEach((r, i) => assert.ok(r.diff < 12, `${name} panel ${i + 1} is in the PNG (mean difference ${r.diff.toFixed(1)} of 255)`));
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('phones: the navigation folds behind a menu button and takes under 15 % of a 375 × 740 screen', async () => {
  const { page, problems } = await env.open('/', { width: 375, height: 740 });
  const nav = page.locator('header.site');
  const h = (await nav.boundingBox()).height;
  assert.ok(h < 0.15 * 740, `header is ${h} px`);
  const menu = page.locator('header.site button.menu');
  assert.equal(await menu.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.locator('header.site .links a').first().isVisible(), false);
  await menu.click();
  assert.equal(await menu.getAttribute('aria-expanded'), 'true');
  assert.ok(await page.locator('header.site .links a[href="island.html"]').isVisible());
  await page.locator('header.site .links a[href="island.html"]').click();
  await page.waitForURL(/island\.html/);
  // Wide screens: no menu button, every link in one row.
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.equal(await page.locator('header.site button.menu').isVisible(), false);
  const wide = (await page.locator('header.site').boundingBox()).height;
  assert.ok(wide < 90, `header at 1280 px is ${wide} px`);
  assert.deepEqual(problems, []);
  await page.close();
});

// A one-finger upward swipe of 300 px over the middle of the part of `locator` on
// screen, as raw touch events through the browser's input pipeline. Returns how far
// the page scrolled.
async function swipeScrolls(page, locator) {
  await locator.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -150));
  const box = await locator.boundingBox();
  const x = Math.round(box.x + box.width / 2);
  const y = Math.round(Math.min(page.viewportSize().height - 10, box.y + Math.min(box.height, 300)));
  const y0 = await page.evaluate(() => window.scrollY);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= 10; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - 30 * i }] });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForTimeout(300);
  return (await page.evaluate(() => window.scrollY)) - y0;
}

test('phones: a vertical swipe over the 3D view or an interactive map scrolls the page', async () => {
  const context = await env.browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(`${env.origin}/island.html`);
  const slot = await figure(page, 'island');
  const moved3d = await swipeScrolls(page, slot.locator('canvas.lf-island-3d'));
  assert.ok(moved3d > 100, `a swipe over the 3D view scrolled ${moved3d} px`);
  await page.goto(`${env.origin}/caves.html`);
  const hm = await figure(page, 'heightmap');
  const movedMap = await swipeScrolls(page, hm.locator('canvas.lf-interactive').first());
  assert.ok(movedMap > 100, `a swipe over the heightmap scrolled ${movedMap} px`);
  await context.close();
});

test('keyboard: a choice group is one Tab stop and the arrow keys move the choice', async () => {
  const { page, problems } = await env.open('/');
  const slot = await figure(page, 'heatmap');
  const group = slot.locator('[role="radiogroup"][data-key="palette"]');
  const tabbable = await group.locator('[role="radio"]').evaluateAll((bs) => bs.map((b) => b.tabIndex));
  assert.deepEqual(tabbable, [0, -1, -1], 'only the checked option is in the Tab order');
  // From the first group, one Tab reaches the next group, one more the seed button.
  await slot.locator('[data-key="noise"] [aria-checked="true"]').focus();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.closest('[role="radiogroup"]')?.dataset.key), 'palette');
  const before = await pixels(slot);
  await page.keyboard.press('ArrowRight');
  await settle(slot);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.value), 'heat');
  assert.equal(await group.locator('[aria-checked="true"]').getAttribute('data-value'), 'heat');
  assert.ok(changed(before, await pixels(slot)) > 0.2, 'the picture follows the arrow key');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft'); // wraps to the last
  await settle(slot);
  assert.equal(await group.locator('[aria-checked="true"]').getAttribute('data-value'), 'gray');
  assert.deepEqual(await group.locator('[role="radio"]').evaluateAll((bs) => bs.map((b) => b.tabIndex)), [-1, -1, 0]);
  await page.keyboard.press('Home');
  assert.equal(await group.locator('[aria-checked="true"]').getAttribute('data-value'), 'terrain');
  await page.keyboard.press('Tab');
  assert.match(await page.evaluate(() => document.activeElement.className), /lf-seed/);
  assert.deepEqual(problems, []);
  await page.close();
});
