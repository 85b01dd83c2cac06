// The field graph playground: a graph built through the outline draws exactly what
// `new Field(spec)` fills, bad graphs mark the node at fault, the selected node has its
// own preview, and the URL round-trips the graph.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, figure, pixels, changed, luminance, settle, screenshot } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

const stage = (slot) => slot.locator('.lf-stage');
const data = (slot, key) => stage(slot).evaluate((s, k) => s.dataset[k], key);

// The hash the figure shows (js/hash.js) of `new Field(spec)[method]` (fill2d or fill2dDeriv: three planes)
// over the playground's main region, on this page's own module (not the pool's workers).
function fieldHash(page, spec, zoom = 40, method = 'fill2d') {
  return page.evaluate(async ({ spec, zoom, method }) => {
    const { landform } = await import('/js/landform.js');
    const { regionFor } = await import('/js/figures/playground.js');
    const { fnv } = await import('/js/hash.js');
    const { Field } = await landform();
    const region = regionFor(320, zoom);
    const out = new Float32Array(region.width * region.height * (method === 'fill2d' ? 1 : 3));
    const f = new Field(spec);
    f[method](out, region);
    f.free();
    return fnv(out);
  }, { spec, zoom, method });
}

// The graph the figure drew last, and the one the URL holds.
const specOf = async (slot) => JSON.parse(await data(slot, 'spec'));
const urlSpec = (page) => page.evaluate(async () => {
  const { decode } = await import('/js/graph/tree.js');
  return decode(new URLSearchParams(location.hash.slice(1)).get('playground.spec') ?? '');
});

async function pick(slot, path, label, value) {
  await slot.locator(`.lf-node[data-path="${path}"] > .lf-node-head select[aria-label^="${label}"]`).selectOption(value);
  await settle(slot);
}

async function param(slot, path, key, value) {
  await slot.locator(`.lf-node[data-path="${path}"] > .lf-node-params [data-param="${key}"]`).evaluate((input, v) => {
    input.value = v;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, String(value));
  await settle(slot);
}

test('playground: a graph built in the outline draws what new Field(spec) fills, bit for bit', async () => {
  const { page, problems } = await env.open('/playground.html');
  const slot = await figure(page, 'playground');
  await settle(slot);
  assert.equal(await data(slot, 'error'), undefined, await slot.locator('.lf-error').textContent());
  let last = await pixels(slot);
  // The root becomes a blend of the island and two new leaves; then one leaf changes.
  await pick(slot, '', 'Wrap the root', 'blend');
  assert.equal(await slot.locator('.lf-node[data-path="inputs[2]"]').count(), 1);
  const spec = await specOf(slot);
  assert.deepEqual(await urlSpec(page), spec);
  assert.equal(spec.op, 'blend');
  assert.equal(spec.inputs.length, 3);
  assert.equal(await data(slot, 'hash'), await fieldHash(page, spec));
  let now = await pixels(slot);
  assert.ok(changed(last, now) > 0.2, `wrapping in a blend should change the map (changed ${changed(last, now)})`);
  last = now;
  await param(slot, 'inputs[2]', 'octaves', 1);
  now = await pixels(slot);
  assert.ok(changed(last, now) > 0.05, `a control leaf's octaves should change the map (changed ${changed(last, now)})`);
  const spec2 = await specOf(slot);
  assert.equal(spec2.inputs[2].fractal.octaves, 1);
  assert.equal(await data(slot, 'hash'), await fieldHash(page, spec2));
  // The range shown is the core's bound and holds for the picture.
  const [lo, hi] = (await data(slot, 'range')).split(',').map(Number);
  assert.ok(lo < hi);
  await screenshot(slot, 'playground');
  assert.deepEqual(problems, []);
  await page.close();
});

test('playground: the selected node has its own preview; moving inputs and presets redraw', async () => {
  const { page, problems } = await env.open('/playground.html');
  const slot = await figure(page, 'playground');
  await slot.locator('button[data-value="ridgedMountains"]').click();
  await settle(slot);
  const sub0 = await pixels(slot, 1);
  assert.equal(await slot.locator('.lf-node.lf-selected').getAttribute('data-path'), 'inputs[0]');
  await slot.locator('.lf-node[data-path="inputs[1]"] > .lf-node-head [data-tool="preview"]').click();
  await settle(slot);
  const sub1 = await pixels(slot, 1);
  assert.ok(changed(sub0, sub1) > 0.2, 'previewing the second input alone should change the node view');
  assert.equal(await slot.locator('.lf-node.lf-selected').getAttribute('data-path'), 'inputs[1]');
  const main0 = await pixels(slot);
  await slot.locator('.lf-node[data-path="inputs[0]"] > .lf-node-head [data-tool="down"]').click();
  await settle(slot);
  assert.ok(changed(main0, await pixels(slot)) > 0.2, 'swapping the inputs of select should change the map');
  for (const preset of ['canyons', 'marble', 'island']) {
    const before = await pixels(slot);
    await slot.locator(`button[data-value="${preset}"]`).click();
    await settle(slot);
    assert.equal(await data(slot, 'error'), undefined, `${preset}: ${await slot.locator('.lf-error').textContent()}`);
    assert.ok(changed(before, await pixels(slot)) > 0.2, `preset ${preset} should redraw`);
    assert.equal(await data(slot, 'hash'), await fieldHash(page, await specOf(slot)));
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('playground: a bad graph marks the node the error names; the URL round-trips the graph', async () => {
  const { page, problems } = await env.open('/playground.html');
  const slot = await figure(page, 'playground');
  await settle(slot);
  const bad = { op: 'abs', inputs: [{ op: 'add', inputs: [{ noise: 'perlin', seed: 1 }, { noise: 'value', seed: 2, fractal: { octaves: 99 } }] }] };
  const hash = await page.evaluate(async (s) => (await import('/js/graph/tree.js')).encode(s), bad);
  const url = `/playground.html#playground.spec=${hash}`;
  const again = await env.open(url);
  const slot2 = await figure(again.page, 'playground');
  await settle(slot2);
  assert.equal(await data(slot2, 'error'), 'inputs[0].inputs[1]');
  const card = slot2.locator('.lf-node[data-path="inputs[0].inputs[1]"]');
  assert.match(await card.getAttribute('class'), /lf-bad/);
  assert.match(await card.locator(':scope > .lf-node-error').textContent(), /octaves/);
  // Fixing it through the card clears the mark and draws.
  await param(slot2, 'inputs[0].inputs[1]', 'octaves', 3);
  assert.equal(await data(slot2, 'error'), undefined);
  assert.equal(await slot2.locator('.lf-node.lf-bad').count(), 0);
  const fixed = await specOf(slot2);
  assert.deepEqual(await urlSpec(again.page), fixed);
  assert.equal(await data(slot2, 'hash'), await fieldHash(again.page, fixed));
  // The fixed page's URL reopens the same graph and picture.
  const picture = await pixels(slot2);
  const third = await env.open(again.page.url().replace(env.origin, ''));
  const slot3 = await figure(third.page, 'playground');
  await settle(slot3);
  assert.equal(changed(picture, await pixels(slot3)), 0);
  assert.deepEqual(await specOf(slot3), fixed);
  assert.equal(await slot3.locator('.lf-node').count(), 4);
  // Copy buttons hand over the spec and a snippet that builds it.
  await slot3.locator('[data-tool="spec"]').click();
  assert.deepEqual(JSON.parse(await data(slot3, 'copied')), fixed);
  await slot3.locator('[data-tool="snippet"]').click();
  assert.match(await data(slot3, 'copied'), /new Field\(/);
  assert.deepEqual([...problems, ...again.problems, ...third.problems], []);
  for (const p of [page, again.page, third.page]) await p.close();
});

test('playground: a field that grows with position says so, in readable numbers', async () => {
  const tree = { op: 'add', inputs: [{ op: 'x' }, { noise: 'perlin', seed: 3 }] };
  const first = await env.open('/playground.html');
  const hash = await first.page.evaluate(async (s) => (await import('/js/graph/tree.js')).encode(s), tree);
  await first.page.close();
  const { page, problems } = await env.open(`/playground.html#playground.spec=${hash}`);
  const slot = await figure(page, 'playground');
  await settle(slot);
  assert.equal(await data(slot, 'error'), undefined);
  const text = await slot.locator('p[data-range]').textContent();
  // The bound is true (positions stop somewhere) but says why it is huge, without e+15.
  assert.match(text, /^range \[-\d\.\d\d × 10¹⁵, \d\.\d\d × 10¹⁵\] \(grows with position\) · this view \[-?\d+\.\d{3}, \d+\.\d{3}\] \(colours span this view\)$/);
  assert.doesNotMatch(text, /e\+/);
  const [lo, hi] = (await data(slot, 'range')).split(',').map(Number);
  assert.ok(lo < -1e15 && hi > 1e15, `range ${lo}, ${hi}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('playground: lit relief and slope come from the analytic gradient, bit for bit; terrace says why not', async () => {
  const { page, problems } = await env.open('/playground.html');
  const slot = await figure(page, 'playground');
  await settle(slot);
  const spec = await specOf(slot);
  const height = await pixels(slot), heightHash = await data(slot, 'hash');
  assert.equal(await data(slot, 'derivHash'), undefined);
  await slot.locator('button[data-value="relief"]').click();
  await settle(slot);
  const relief = await pixels(slot);
  // The same heights (the value plane has fill2d's bits), now lit: the sun side brighter
  // and the far side darker than the flat colours, over much of the map.
  assert.equal(await data(slot, 'hash'), heightHash);
  assert.equal(await data(slot, 'derivHash'), await fieldHash(page, spec, 40, 'fill2dDeriv'));
  const [a, b] = [luminance(height), luminance(relief)];
  const brighter = a.filter((v, i) => b[i] > v + 0.02).length / a.length;
  const darker = a.filter((v, i) => b[i] < v - 0.02).length / a.length;
  assert.ok(brighter > 0.1 && darker > 0.1, `relief should light and shade (brighter ${brighter}, darker ${darker})`);
  await screenshot(slot, 'playground-relief');
  await slot.locator('button[data-value="slope"]').click();
  await settle(slot);
  const slope = await pixels(slot);
  assert.ok(changed(relief, slope) > 0.5, 'the slope view should repaint the map');
  assert.match(await slot.locator('p[data-range]').textContent(), /slope 0 to [\d.]+ per unit/);
  await screenshot(slot, 'playground-slope');
  // The state is in the URL: a fresh page opens on the same slope picture.
  const again = await env.open(page.url().replace(env.origin, ''));
  const slot2 = await figure(again.page, 'playground');
  await settle(slot2);
  assert.equal(changed(slope, await pixels(slot2)), 0);
  // Canyons terrace their ground (the root): no derivative, so the heights show, with the reason.
  await slot.locator('button[data-value="canyons"]').click();
  await settle(slot);
  assert.equal(await data(slot, 'derivError'), '', 'the root terrace is the node at fault');
  assert.match(await slot.locator('p[data-range]').textContent(), /no slope view: .*terrace/);
  assert.equal(await data(slot, 'hash'), await fieldHash(page, await specOf(slot)));
  assert.deepEqual([...problems, ...again.problems], []);
  await page.close();
  await again.page.close();
});
