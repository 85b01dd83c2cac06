// variants.html: figures 11 (variants with live timings), 12 (five mistakes, broken
// and fixed) and 13 (quiz), and the "At a glance" summary.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { start, figure, pixels, changed, luminance, slide, settle, screenshot, ARTIFACTS } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

// Mean squared difference of luminance between horizontal and vertical neighbours:
// high when the picture has fine detail.
function hf(p) {
  const l = luminance(p);
  let s = 0, n = 0;
  for (let y = 0; y < p.height - 1; y++) {
    for (let x = 0; x < p.width - 1; x++) {
      const i = y * p.width + x;
      s += (l[i + 1] - l[i]) ** 2 + (l[i + p.width] - l[i]) ** 2;
      n++;
    }
  }
  return s / n;
}
// The same, relative to the picture's variance: the share of its energy in fine detail,
// independent of overall contrast.
function detail(p) {
  const l = luminance(p);
  const mean = l.reduce((a, b) => a + b) / l.length;
  const v = l.reduce((a, b) => a + (b - mean) ** 2, 0) / l.length;
  return hf(p) / v;
}
const stats = (p) => {
  const l = luminance(p);
  const mean = l.reduce((a, b) => a + b) / l.length;
  const sd = Math.sqrt(l.reduce((a, b) => a + (b - mean) ** 2, 0) / l.length);
  return { mean, sd, black: l.filter((v) => v < 0.02).length / l.length };
};

test('variants: four generators at one seed and scale, each timed (> 0) in this browser', async () => {
  const { page, problems } = await env.open('/variants.html');
  const slot = await figure(page, 'variants');
  await page.waitForFunction(() => document.querySelector('[data-figure="variants"] .lf-stage')?.dataset.measured, null, { timeout: 30000 });
  await screenshot(slot, 'variants');
  const timings = async () => Object.fromEntries(await slot.locator('.lf-speed').evaluateAll((els) => els.map((e) => [e.dataset.noise, Number(e.dataset.ms)])));
  const t1 = await timings();
  assert.deepEqual(Object.keys(t1), ['value', 'perlin', 'simplex', 'worley']);
  for (const [k, ms] of Object.entries(t1)) assert.ok(ms > 0 && Number.isFinite(ms), `${k}: ${ms} ms per million samples`);
  assert.match(await slot.locator('.lf-speed').first().textContent(), /ms per million samples/);
  assert.equal(await slot.locator('table.lf-table tbody tr').count(), 4, 'pros/cons table');

  const all = async () => Promise.all([0, 1, 2, 3].map((i) => pixels(slot, i)));
  let before = await all();
  // Larger scale: bigger features, less fine detail, in every generator.
  await slide(slot, 'scale', 80);
  let after_ = await all();
  for (let i = 0; i < 4; i++) assert.ok(hf(after_[i]) < hf(before[i]), `panel ${i}: scale 80 smoother than 32 (${hf(after_[i])} < ${hf(before[i])})`);
  // More octaves: more fine detail.
  before = after_;
  await slide(slot, 'octaves', 5);
  after_ = await all();
  for (let i = 0; i < 3; i++) assert.ok(detail(after_[i]) > detail(before[i]), `panel ${i}: 5 octaves more detailed than 1 (${detail(after_[i])} vs ${detail(before[i])})`);
  // Seed: every panel changes.
  before = after_;
  await slot.locator('.lf-seed').click();
  await settle(slot);
  after_ = await all();
  for (let i = 0; i < 4; i++) assert.ok(changed(before[i], after_[i]) > 0.3, `panel ${i} reseeded`);
  // Measure again with 5 octaves: timings refresh and Perlin costs more than at 1 octave.
  await slot.locator('button[data-key="measure"]').click();
  await page.waitForFunction(() => document.querySelector('[data-figure="variants"] .lf-stage')?.dataset.measured === 'octaves=5', null, { timeout: 30000 });
  const t5 = await timings();
  for (const [k, ms] of Object.entries(t5)) assert.ok(ms > 0, `${k} re-measured`);
  assert.ok(t5.perlin > 1.3 * t1.perlin, `5 octaves (${t5.perlin}) cost more than 1 (${t1.perlin})`);
  console.log('ms per million samples, 1 octave:', t1, '5 octaves:', t5);
  assert.deepEqual(problems, []);
  await page.close();
});

test('mistakes: each broken picture shows its fault, the fixed one does not', async () => {
  const { page, problems } = await env.open('/variants.html');
  const slot = await figure(page, 'mistakes');
  const view = async (mistake, v) => {
    await slot.locator(`[data-key="mistake"] button[data-value="${mistake}"]`).click();
    await slot.locator(`[data-key="view"] button[data-value="${v}"]`).click();
    await settle(slot);
    assert.equal(await slot.locator('.lf-badge').textContent(), v === 'broken' ? '✗ Broken' : '✓ Fixed');
    return pixels(slot);
  };
  const warnings = async () => slot.locator('.lf-warnings li').allTextContents();

  // 1. No normalisation: the negative half is clipped to black.
  const nb = stats(await view('normalise', 'broken'));
  await screenshot(slot, 'mistakes-normalise-broken');
  const nf = stats(await view('normalise', 'fixed'));
  assert.ok(nb.black > 0.3, `broken: ${nb.black} black`);
  assert.ok(nf.black < 0.01, `fixed: ${nf.black} black`);

  // 2. Integer coordinates: every sample lands on a lattice point, the picture is flat.
  const ib = stats(await view('integer', 'broken'));
  const ifx = stats(await view('integer', 'fixed'));
  assert.ok(ib.sd < 1e-6, `broken is constant (sd ${ib.sd})`);
  assert.ok(ifx.sd > 0.05, `fixed varies (sd ${ifx.sd})`);

  // 3. Persistence > 1: fine grain dominates, and landform warns.
  const pb = await view('persistence', 'broken');
  assert.ok((await warnings()).some((w) => /persistence/.test(w)), 'warning shown');
  await screenshot(slot, 'mistakes-persistence-broken');
  const pf = await view('persistence', 'fixed');
  assert.deepEqual(await warnings(), []);
  assert.ok(detail(pb) > 2 * detail(pf), `broken is grainier (${detail(pb)} vs ${detail(pf)})`);

  // 4. Lacunarity = 1: identical octaves, no detail; landform warns.
  const lb = await view('lacunarity', 'broken');
  assert.ok((await warnings()).some((w) => /lacunarity/.test(w)));
  const lfix = await view('lacunarity', 'fixed');
  assert.ok(detail(lb) < detail(lfix) / 1.5, `lacunarity 1 has less high-frequency energy (${detail(lb)} vs ${detail(lfix)})`);

  // 5. Scale vs octaves: zooming with octaves leaves features small; the scale enlarges them.
  const sb = await view('scale', 'broken');
  const sf = await view('scale', 'fixed');
  assert.ok(detail(sf) < detail(sb) / 2, `scale 96 has larger features than 8 octaves (${detail(sf)} vs ${detail(sb)})`);
  assert.match(await slot.locator('.lf-snippet').textContent(), /scale: 96/);

  // Seed: a new picture, same verdict.
  await slot.locator('.lf-seed').click();
  await settle(slot);
  assert.ok(changed(sf, await pixels(slot)) > 0.3);
  assert.deepEqual(problems, []);
  await page.close();
});

test('mistakes: the permalink restores the chosen mistake and view', async () => {
  const { page, problems } = await env.open('/variants.html');
  const slot = await figure(page, 'mistakes');
  await slot.locator('[data-key="mistake"] button[data-value="lacunarity"]').click();
  await slot.locator('[data-key="view"] button[data-value="fixed"]').click();
  await settle(slot);
  const url = page.url();
  assert.match(url, /mistakes\.mistake=lacunarity/);
  const a = await pixels(slot);
  const again = await env.open(url.replace(env.origin, ''));
  const slot2 = await figure(again.page, 'mistakes');
  assert.equal(changed(a, await pixels(slot2)), 0);
  assert.equal(await slot2.locator('[data-key="view"] button[aria-checked="true"]').getAttribute('data-value'), 'fixed');
  assert.deepEqual([...problems, ...again.problems], []);
  await page.close();
  await again.page.close();
});

test('quiz: every choice explains itself, right and wrong are marked, keyboard works, the score counts first answers', async () => {
  const { page, problems } = await env.open('/variants.html');
  const slot = await figure(page, 'quiz');
  assert.equal(await slot.locator('[data-tool="png"]').count(), 0, 'no PNG export for a figure without a canvas');
  assert.equal(await slot.locator('[data-tool="embed"]').count(), 1);
  const questions = slot.locator('.lf-question');
  assert.equal(await questions.count(), 4);
  const rights = [];
  for (let q = 0; q < 4; q++) {
    const answers = questions.nth(q).locator('.lf-answer');
    assert.equal(await answers.count(), 3);
    const texts = new Set();
    let right = 0;
    for (let c = 0; c < 3; c++) {
      await answers.nth(c).click();
      const fb = questions.nth(q).locator('.lf-feedback');
      const text = await fb.textContent();
      assert.ok(text.length > 30, `q${q} choice ${c} explained: ${text}`);
      texts.add(text);
      const result = await answers.nth(c).getAttribute('data-result');
      assert.ok(result === 'right' || result === 'wrong');
      assert.equal(await answers.nth(c).getAttribute('aria-pressed'), 'true');
      assert.equal(await answers.nth(c).locator('.lf-mark').textContent(), result === 'right' ? '✓ Right' : '✗ Wrong');
      assert.match(text, result === 'right' ? /^✓ Correct\./ : /^✗ Not quite\./);
      // Colour as well as text: green for right, red for wrong.
      const border = await answers.nth(c).evaluate((b) => getComputedStyle(b).borderColor);
      assert.equal(border, result === 'right' ? 'rgb(30, 132, 73)' : 'rgb(192, 57, 43)');
      if (result === 'right') { right++; rights.push(c); }
      // Only the chosen answer is marked.
      for (let o = 0; o < 3; o++) if (o !== c) assert.equal(await answers.nth(o).getAttribute('aria-pressed'), 'false');
    }
    assert.equal(texts.size, 3, 'each choice has its own explanation');
    assert.equal(right, 1, 'exactly one right answer');
  }
  assert.notDeepEqual(rights, [0, 0, 0, 0], 'the right answer is not always first');
  // First answers were A, A, A, A: right only where A is right.
  const firstRight = rights.filter((c) => c === 0).length;
  assert.equal(await slot.locator('.lf-score').getAttribute('data-right'), String(firstRight));
  assert.match(await slot.locator('.lf-score').textContent(), new RegExp(`Score: ${firstRight} / 4`));
  await screenshot(slot, 'quiz-answered');

  // Keyboard only: start over, then Tab/Enter/Space through the right answers.
  await slot.locator('button[data-key="reset"]').click();
  assert.equal(await slot.locator('.lf-score').getAttribute('data-answered'), '0');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.q), '0', 'focus returns to the first answer');
  for (let q = 0; q < 4; q++) {
    // Focus is on choice 0 of question q; tab to the right choice.
    for (let k = 0; k < rights[q]; k++) await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => [document.activeElement.dataset.q, document.activeElement.dataset.choice]);
    assert.deepEqual(focused, [String(q), String(rights[q])]);
    await page.keyboard.press(q % 2 ? 'Space' : 'Enter');
    assert.equal(await questions.nth(q).locator('.lf-answer').nth(rights[q]).getAttribute('data-result'), 'right');
    for (let k = rights[q]; k < 3; k++) await page.keyboard.press('Tab'); // on to the next question
  }
  assert.equal(await slot.locator('.lf-score').getAttribute('data-right'), '4');
  assert.match(await slot.locator('.lf-score').textContent(), /4 \/ 4/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('at a glance: six cards on one screen, on desktop and at 375 px', async () => {
  const { page, problems } = await env.open('/variants.html');
  const glance = page.locator('section.glance');
  await glance.scrollIntoViewIfNeeded();
  assert.equal(await glance.locator('.g-card').count(), 6);
  const box = await glance.boundingBox();
  assert.ok(box.height < 900, `fits one desktop screen (${box.height}px)`);
  const text = await glance.textContent();
  for (const w of ['coherent', 'Fade', 'Persistence', 'Lacunarity', 'Octaves', 'Worley', 'Simplex', 'Biomes', 'Lacunarity = 1']) assert.ok(text.includes(w), w);
  await glance.screenshot({ path: path.join(ARTIFACTS, 'glance-desktop.png') });
  await page.setViewportSize({ width: 375, height: 800 });
  await glance.scrollIntoViewIfNeeded();
  const narrow = await glance.boundingBox();
  assert.ok(narrow.width <= 375, 'no horizontal overflow');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 375, 'the page does not scroll sideways');
  await glance.screenshot({ path: path.join(ARTIFACTS, 'glance-375.png') });
  assert.deepEqual(problems, []);
  await page.close();
});
