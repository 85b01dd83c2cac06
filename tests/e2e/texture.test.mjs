// The texture page: the five sampling modes measured on rendered frames (WebGL2 on
// SwiftShader): repetition, contrast, mean colour, triangle seams, mip-level seams,
// triplanar on the cliff; every control changes the picture; permalink; the shader
// strings compile (GLSL always, WGSL where WebGPU is present).
import { test, before, after } from 'node:test';
import fs from 'node:fs/promises';
import assert from 'node:assert/strict';
import { start, figure, pixels, changed, slide, settle, screenshot, luminance } from './helpers.mjs';
import { mean, std } from './metrics.mjs';
import { autocorrelation, power, contrastMap, detail } from './texture-metrics.mjs';

const MODES = ['plain', 'hex-linear', 'hex-vp', 'iq-untiled', 'hex-mikkelsen'];
let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

const choose = async (slot, key, value) => { await slot.locator(`[data-key="${key}"] button[data-value="${value}"]`).click(); await settle(slot); };
const both = async (slot, mode) => { await choose(slot, 'modeA', mode); await choose(slot, 'modeB', mode); };
const channelMeans = (p) => [0, 1, 2].map((c) => { let s = 0; for (let i = c; i < p.data.length; i += 4) s += p.data[i]; return s / (p.data.length / 4) / 255; });

// Triangle-grid power: the lattice's reciprocal vectors (2√3, ±2) cycles per tile are
// not tile harmonics, so a pattern there comes from the triangles alone. Power at
// those frequencies divided by the mean power on two rings around them (0.35 and 0.6
// cycles per tile away): ≫ 1 for a periodic pattern, ≈ 1 for texture detail alone.
function gridPeak(img, w, h, P) {
  let peak = 0, ring = 0, n = 0;
  for (const [a, b] of [[2 * Math.sqrt(3), 2], [2 * Math.sqrt(3), -2]]) {
    peak += power(img, w, h, a / P, b / P) / 2;
    for (let k = 0; k < 8; k++) for (const r of [0.35, 0.6]) {
      ring += power(img, w, h, (a + r * Math.cos(k * Math.PI / 4)) / P, (b + r * Math.sin(k * Math.PI / 4)) / P);
      n++;
    }
  }
  return peak / (ring / n);
}

test('texture: repetition, contrast, mean colour and triangle seams of each mode (top view)', async () => {
  const { page, problems } = await env.open('/texture.html');
  const slot = await figure(page, 'texture');
  await choose(slot, 'view', 'top');
  const P = Number(await slot.locator('canvas').getAttribute('data-tile-px'));
  assert.equal(P, 100);
  const m = {};
  for (const mode of MODES) {
    await both(slot, mode);
    await screenshot(slot.locator('canvas'), `texture-top-${mode}`);
    const p = await pixels(slot);
    const L = luminance(p), { width: w, height: h } = p;
    m[mode] = {
      corr: (autocorrelation(L, w, h, P, 0) + autocorrelation(L, w, h, 0, P)) / 2,
      std: std(L), mean: channelMeans(p),
      // The triangles of hex-linear are a pattern of contrast: measure it on (L − mean)²;
      // the issue's check is on the image itself (L).
      contrastPeak: ['plain', 'hex-linear', 'hex-vp'].includes(mode) ? gridPeak(contrastMap(L), w, h, P) : null,
      peak: ['plain', 'hex-vp'].includes(mode) ? gridPeak(L, w, h, P) : null,
    };
  }
  console.log(JSON.stringify(m));
  assert.ok(m.plain.corr >= 0.8, `plain repeats: autocorrelation at the tile period ${m.plain.corr}`);
  for (const mode of ['hex-vp', 'iq-untiled', 'hex-mikkelsen']) assert.ok(m[mode].corr <= 0.3, `${mode}: autocorrelation ${m[mode].corr}`);
  assert.ok(m['hex-linear'].std < 0.85 * m.plain.std, `hex-linear loses contrast: ${m['hex-linear'].std} vs ${m.plain.std}`);
  for (const mode of ['hex-vp', 'hex-mikkelsen']) assert.ok(Math.abs(m[mode].std / m.plain.std - 1) <= 0.1, `${mode} keeps contrast: ${m[mode].std} vs ${m.plain.std}`);
  for (const mode of MODES) for (let c = 0; c < 3; c++) {
    assert.ok(Math.abs(m[mode].mean[c] - m.plain.mean[c]) <= 0.02 * m.plain.mean[c], `${mode} mean colour ${m[mode].mean} vs ${m.plain.mean}`);
  }
  assert.ok(m['hex-vp'].peak <= m.plain.peak, `hex-vp triangle-grid power ${m['hex-vp'].peak} vs plain ${m.plain.peak}`);
  assert.ok(m['hex-vp'].contrastPeak < 4, `hex-vp contrast pattern at the triangle grid ${m['hex-vp'].contrastPeak}`);
  // The measure sees triangles where they are: hex-linear's contrast dips.
  assert.ok(m['hex-linear'].contrastPeak > 20, `hex-linear contrast pattern at the triangle grid ${m['hex-linear'].contrastPeak}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('texture: triplanar keeps the cliff unstretched; screenshots of every mode in the scene', async () => {
  const { page, problems } = await env.open('/texture.html#texture.material=soil');
  const slot = await figure(page, 'texture');
  for (const mode of MODES) {
    await both(slot, mode);
    await screenshot(slot.locator('canvas'), `texture-scene-${mode}`);
  }
  await choose(slot, 'view', 'cliff');
  await slide(slot, 'tile', 6);   // big features, so detail is texture structure, not texel grit
  const ratio = async () => {
    const p = await pixels(slot);
    const L = luminance(p);
    // The middle of the face: columns 20–80 %, rows 35–75 % (the top and the foot bend).
    const d = detail(L, p.width, [Math.round(0.2 * p.width), Math.round(0.8 * p.width)], [Math.round(0.35 * p.height), Math.round(0.75 * p.height)]);
    return d.across / d.along;
  };
  const r = {};
  for (const mode of ['plain', 'hex-vp']) {
    await both(slot, mode);
    r[`${mode}-off`] = await ratio();
    await screenshot(slot.locator('canvas'), `texture-cliff-${mode}-planar`);
    await slot.locator('input[data-key="triplanar"]').check();
    await settle(slot);
    r[`${mode}-on`] = await ratio();
    await screenshot(slot.locator('canvas'), `texture-cliff-${mode}-triplanar`);
    await slot.locator('input[data-key="triplanar"]').uncheck();
    await settle(slot);
  }
  console.log(JSON.stringify(r));
  for (const mode of ['plain', 'hex-vp']) {
    assert.ok(r[`${mode}-off`] >= 2, `${mode}, planar: detail across / along the slope ${r[`${mode}-off`]}`);
    assert.ok(Math.max(r[`${mode}-on`], 1 / r[`${mode}-on`]) <= 1.3, `${mode}, triplanar: detail ratio ${r[`${mode}-on`]}`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('texture: every control changes the picture, the divider drags, timing reports each mode, the permalink restores', async () => {
  const { page, problems } = await env.open('/texture.html#texture.view=top&texture.modeA=hex-vp&texture.modeB=iq-untiled');
  const slot = await figure(page, 'texture');
  let last = await pixels(slot);
  const expectChange = async (what, min = 0.05) => {
    await settle(slot);
    const now = await pixels(slot);
    assert.ok(changed(last, now) > min, `${what} should change the picture (changed ${changed(last, now)})`);
    last = now;
  };
  await slide(slot, 'tile', 0.5); await expectChange('tile size at its minimum');
  await slide(slot, 'tile', 8); await expectChange('tile size at its maximum');
  await slide(slot, 'variation', 4); await expectChange('iq variation 4', 0.02);
  await slide(slot, 'variation', 0.3); await expectChange('iq variation 0.3', 0.02);
  await choose(slot, 'modeB', 'hex-mikkelsen'); await expectChange('right mode');
  await slide(slot, 'rotation', 0); await expectChange('Mikkelsen rotation 0', 0.02);
  await slide(slot, 'rotation', 1); await expectChange('Mikkelsen rotation 1', 0.02);
  for (const m of ['pebbles', 'grass', 'soil', 'rock']) { await choose(slot, 'material', m); await expectChange(`texture ${m}`); }
  await choose(slot, 'view', 'cliff'); await expectChange('cliff view');
  await slot.locator('input[data-key="triplanar"]').check(); await expectChange('triplanar on');
  await slide(slot, 'sharpness', 4); await expectChange('sharpness 4', 0.01);
  await slide(slot, 'sharpness', 8); await expectChange('sharpness 8', 0.01);
  await choose(slot, 'view', 'scene'); await expectChange('scene view');
  // Drag the divider to a quarter of the width: the state and the picture follow.
  await slot.locator('.lf-texture-wrap').scrollIntoViewIfNeeded();
  const box = await slot.locator('.lf-texture-wrap').boundingBox();
  const div = await slot.locator('.lf-texture-divider').boundingBox();
  await page.mouse.move(div.x + div.width / 2, div.y + div.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.25, div.y + div.height / 2, { steps: 4 });
  await page.mouse.up();
  await expectChange('divider drag', 0.1);
  assert.equal(await slot.locator('input[data-key="split"]').inputValue(), '0.25');
  await choose(slot, 'layout', 'quad'); await expectChange('4-up');
  assert.equal(await slot.locator('canvas').getAttribute('data-modes'), 'plain,hex-vp,iq-untiled,hex-mikkelsen');
  assert.equal(await slot.locator('.lf-texture-label').count(), 4);
  assert.equal(await slot.locator('canvas').getAttribute('data-tile-px'), '50');
  await screenshot(slot, 'texture-quad');
  // Timing, in the cheap top view: one number per mode, with ratios to plain.
  await choose(slot, 'view', 'top');
  last = await pixels(slot);
  await slot.locator('button[data-key="timeModes"]').click();
  await page.waitForFunction(() => document.querySelectorAll('.lf-texture-ms').length === 5, null, { timeout: 240000 });
  const ms = await slot.locator('.lf-texture-ms').evaluateAll((els) => els.map((e) => [e.dataset.mode, Number(e.dataset.ms)]));
  console.log(JSON.stringify(ms));
  assert.deepEqual(ms.map(([m]) => m), MODES);
  for (const [m, v] of ms) assert.ok(Number.isFinite(v) && v > 0, `${m}: ${v} ms`);
  await settle(slot);
  assert.equal(changed(last, await pixels(slot)), 0, 'the picture is redrawn as it was after timing');
  // Permalink.
  const url = page.url();
  assert.match(url, /texture\.layout=quad/);
  assert.match(url, /texture\.split=0\.25/);
  const before = await pixels(slot);
  const again = await env.open(url.replace(env.origin, ''));
  const slot2 = await figure(again.page, 'texture');
  assert.equal(changed(before, await pixels(slot2)), 0);
  // Bad input to the package module: a TypeError naming the allowed modes.
  const err = await again.page.evaluate(async () => {
    const { modeIndex } = await import('/pkg/texture.js');
    try { modeIndex('hex'); return null; } catch (e) { return [e.constructor.name, e.message, modeIndex('hex-vp')]; }
  });
  assert.equal(err[0], 'TypeError');
  assert.match(err[1], /plain, hex-linear, hex-vp, iq-untiled, hex-mikkelsen/);
  assert.equal(err[2], 2);
  assert.deepEqual([...problems, ...again.problems], []);
  await page.close();
  await again.page.close();
});

test('texture: Save PNG; embeds in a plain page (shadow root) from its embed code, with its own styles', async () => {
  const { page, problems } = await env.open('/texture.html#texture.modeB=hex-vp&texture.material=pebbles');
  const slot = await figure(page, 'texture');
  await slot.locator('button[data-tool="embed"]').click();
  const code = await slot.locator('figure').getAttribute('data-embed');
  assert.match(code, /<landform-figure name="texture" mode-b="hex-vp" material="pebbles"><\/landform-figure>/);
  const site = await pixels(slot);
  // Save PNG: the whole stage, the rendered canvas in it (not blank).
  const [file] = await Promise.all([page.waitForEvent('download'), slot.locator('[data-tool="png"]').click()]);
  const bytes = await fs.readFile(await file.path());
  assert.deepEqual([...bytes.subarray(1, 4)], [80, 78, 71]);
  assert.ok(bytes.readUInt32BE(16) >= 800 && bytes.readUInt32BE(20) >= 450, `PNG ${bytes.readUInt32BE(16)}×${bytes.readUInt32BE(20)}`);
  const spread = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = `data:image/png;base64,${src}`;
    await img.decode();
    const c = Object.assign(document.createElement('canvas'), { width: 64, height: 64 }).getContext('2d');
    c.drawImage(img, 0, img.height * 0.6, img.width, img.height * 0.2, 0, 0, 64, 64);
    const d = c.getImageData(0, 0, 64, 64).data;
    let lo = 255, hi = 0;
    for (let i = 0; i < d.length; i += 4) { lo = Math.min(lo, d[i]); hi = Math.max(hi, d[i]); }
    return hi - lo;
  }, bytes.toString('base64'));
  assert.ok(spread > 40, `the saved picture shows the textured ground (red spread ${spread})`);
  const blank = await env.open('/embed-demo.html');
  const embedded = await blank.page.evaluate(async (markup) => {
    const div = document.createElement('div');
    div.innerHTML = markup.replace(/<script[^>]*><\/script>\n/, '');
    document.body.append(div);
    const f = div.querySelector('landform-figure');
    while (!f.dataset.ready) await new Promise((r) => setTimeout(r, 50));
    const label = f.shadowRoot.querySelector('.lf-texture-label');
    return { ready: f.dataset.ready, position: label && getComputedStyle(label).position, modes: f.shadowRoot.querySelector('canvas').dataset.modes };
  }, code);
  assert.deepEqual(embedded, { ready: 'true', position: 'absolute', modes: 'plain,hex-vp' });
  const inner = blank.page.locator('landform-figure[name="texture"]');
  await settle(inner);
  assert.equal(changed(site, await pixels(inner)), 0, 'the embed draws the same picture');
  assert.deepEqual([...problems, ...blank.problems], []);
  await page.close();
  await blank.page.close();
});
