// Embeds: embed-demo.html, a plain blog page served without special headers, mounts
// three <landform-figure> elements in shadow roots that share one wasm instance and
// keep their styles to themselves; the site's "Copy embed code" markup, pasted into a
// blank page, reproduces the figure pixel for pixel.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { start, pixels, changed, slide, settle, figure, ARTIFACTS } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

const allReady = (page) => page.waitForFunction(
  () => [...document.querySelectorAll('landform-figure')].every((e) => e.dataset.ready), null, { timeout: 30000 });

test('embed demo: three figures in shadow roots, one wasm fetch, no special headers, no style leaks', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1100, height: 900 } });
  const problems = [];
  const wasm = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().startsWith(env.origin)) problems.push(`external request: ${r.url()}`);
    if (r.url().endsWith('landform_bg.wasm')) wasm.push(r.url());
  });
  const response = await page.goto(env.origin + '/embed-demo.html');
  const headers = response.headers();
  assert.equal(headers['cross-origin-opener-policy'], undefined, 'served without COOP');
  assert.equal(headers['cross-origin-embedder-policy'], undefined, 'served without COEP');
  await allReady(page);
  assert.equal(await page.evaluate(() => crossOriginIsolated), false);

  const els = page.locator('landform-figure');
  assert.equal(await els.count(), 3);
  const mounted = await page.evaluate(() => [...document.querySelectorAll('landform-figure')].map((e) => ({
    name: e.getAttribute('name'), ready: e.dataset.ready, canvas: !!e.shadowRoot?.querySelector('canvas'),
    light: e.querySelectorAll('*').length, // nothing is put into the page's own DOM
  })));
  assert.deepEqual(mounted, [
    { name: 'heatmap', ready: 'true', canvas: true, light: 0 },
    { name: 'caves', ready: 'true', canvas: true, light: 0 },
    { name: 'placement', ready: 'true', canvas: true, light: 0 },
  ]);
  assert.equal(wasm.length, 1, `one wasm fetch for three figures (${wasm})`);
  assert.ok(wasm[0].startsWith(env.origin + '/pkg/'), 'found relative to landform-embed.js');

  // Attributes set the state: caves seed 7, threshold 0.55; placement threshold 0.45.
  const caves = els.nth(1), trees = els.nth(2);
  assert.equal(await caves.locator('input[data-key="threshold"]').inputValue(), '0.55');
  assert.match(await caves.locator('.lf-seed').textContent(), /7/);
  assert.equal(await trees.locator('input[data-key="spacing"]').inputValue(), '7');

  // Styles do not leak in: the blog keeps its look…
  const pageStyle = await page.evaluate(() => {
    const b = getComputedStyle(document.body), p = getComputedStyle(document.querySelector('article p'));
    return { font: b.fontFamily, color: b.color, bg: b.backgroundColor, pFont: p.fontFamily,
      sheets: [...document.styleSheets].map((s) => s.href).filter(Boolean) };
  });
  assert.match(pageStyle.font, /Palatino/);
  assert.equal(pageStyle.color, 'rgb(59, 48, 36)');
  assert.equal(pageStyle.bg, 'rgb(244, 239, 230)');
  assert.match(pageStyle.pFont, /Palatino/);
  assert.deepEqual(pageStyle.sheets, [], 'figure.css is not added to the page');
  // …and do not leak out: the figures keep theirs.
  const figStyle = await page.evaluate(() => [...document.querySelectorAll('landform-figure')].map((e) => {
    const f = getComputedStyle(e.shadowRoot.querySelector('.lf-figure'));
    const cap = getComputedStyle(e.shadowRoot.querySelector('figcaption'));
    return { font: f.fontFamily, color: f.color, bg: f.backgroundColor, cap: cap.fontFamily };
  }));
  for (const s of figStyle) {
    assert.match(s.font, /system-ui/);
    assert.doesNotMatch(s.font, /Palatino/);
    assert.equal(s.color, 'rgb(29, 35, 48)');
    assert.equal(s.bg, 'rgb(255, 255, 255)');
    assert.match(s.cap, /system-ui/);
  }

  // The embedded figures are live: the tree threshold inside the shadow root works.
  const n0 = Number(await trees.locator('canvas').getAttribute('data-count'));
  await slide(trees, 'threshold', 0.7);
  const n1 = Number(await trees.locator('canvas').getAttribute('data-count'));
  assert.ok(n1 < n0, `raising the embedded threshold removes trees (${n0} → ${n1})`);
  await page.screenshot({ path: path.join(ARTIFACTS, 'embed-demo.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});

test('embed demo: reads well at 375 px wide', async () => {
  const { page, problems } = await env.open('/embed-demo.html', { width: 375, height: 800 });
  await allReady(page);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 375, 'no sideways scrolling');
  await page.screenshot({ path: path.join(ARTIFACTS, 'embed-demo-375.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});

// Copies the embed code of figure `name` on `site` after `prepare`, pastes it into a
// blank page of the same origin and compares the first canvas pixel for pixel.
async function roundTrip(site, name, prepare) {
  const { page, problems } = await env.open(site);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.origin });
  const slot = await figure(page, name);
  await prepare(slot);
  await settle(slot);
  const want = await pixels(slot);
  await slot.locator('[data-tool="embed"]').click();
  await page.waitForFunction((n) => document.querySelector(`[data-figure="${n}"] figure`)?.dataset.embed, name);
  const code = await slot.locator('figure').getAttribute('data-embed');
  // The clipboard holds the same code when the browser allows it.
  const clip = await page.evaluate(() => navigator.clipboard.readText().catch(() => null));
  if (clip !== null) assert.equal(clip, code);
  assert.equal(await slot.locator('textarea.lf-code').inputValue(), code, 'the code is shown too');
  assert.match(code, /^<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/landform-embed\.js"><\/script>\n<landform-figure name="/);

  const blank = await env.browser.newPage();
  const errs = [];
  blank.on('pageerror', (e) => errs.push(e.message));
  blank.on('console', (m) => { if (m.type() === 'error') errs.push(m.text()); });
  const url = `${env.origin}/pasted-${name}.html`;
  await blank.route(url, (r) => r.fulfill({ contentType: 'text/html', body: `<!doctype html><meta charset="utf-8"><title>pasted</title><body>\n${code}\n</body>` }));
  await blank.goto(url);
  await allReady(blank);
  const got = await pixels(blank.locator('landform-figure'));
  assert.equal(got.width, want.width);
  assert.equal(changed(want, got), 0, `${name}: the pasted embed reproduces the figure's pixels`);
  assert.deepEqual([...problems, ...errs], []);
  await blank.close();
  await page.close();
  return code;
}

test('copy embed code: pasted into a blank page, it reproduces the same pixels (placement, mistakes, biomes)', async () => {
  const code = await roundTrip('/worlds.html', 'placement', async (slot) => {
    await slide(slot, 'threshold', 0.62);
    await slide(slot, 'spacing', 5.5);
    await slot.locator('.lf-seed').click();
  });
  assert.match(code, /threshold="0\.62"/);
  assert.match(code, /spacing="5\.5"/);
  const code2 = await roundTrip('/variants.html', 'mistakes', async (slot) => {
    await slot.locator('[data-key="mistake"] button[data-value="persistence"]').click();
    await slot.locator('[data-key="view"] button[data-value="fixed"]').click();
  });
  assert.match(code2, /mistake="persistence" view="fixed"/);
  const code3 = await roundTrip('/worlds.html', 'biomes', async (slot) => {
    await slide(slot, 'humScale', 150);
    await slot.locator('.lf-seed[data-key="tempSeed"]').click();
  });
  assert.match(code3, /hum-scale="150"/);
  assert.match(code3, /temp-seed="\d+"/);
  // The playground's graph travels in one attribute (base64url JSON).
  const code4 = await roundTrip('/playground.html', 'playground', async (slot) => {
    await slot.locator('.lf-node[data-path=""] > .lf-node-head select[aria-label^="Wrap the root"]').selectOption('terrace');
  });
  assert.match(code4, /spec="[A-Za-z0-9_-]+"/);
});
