// The benchmark page (www/bench/, prepared by bench/prepare.mjs): a short run from the
// Run button fills the summary with landform beside the JS peers, every landform variant
// (scalar, SIMD, SIMD kernel, pool, pool with fills in flight) gives the same bits, and the
// interactive and erosion figures are reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { start } from './helpers.mjs';
import { root } from '../../bench/prepare.mjs';

test('benchmark page runs from its button and reports equal bits', { timeout: 180000 }, async () => {
  if (!fs.existsSync(path.join(root, 'www/bench/pkg-scalar/landform.js'))) {
    assert.fail('www/bench/pkg-scalar is missing: run node bench/prepare.mjs (scripts/test.sh does)');
  }
  const env = await start();
  try {
    const { page, problems } = await env.open('/bench/?reps=1&warm=0&workloads=W1,W3&graph=G2');
    await page.click('#run');
    await page.waitForFunction(() => /^(done|failed)/.test(document.getElementById('status').textContent), null, { timeout: 150000 });
    const status = await page.textContent('#status');
    assert.match(status, /^done/);
    const summary = await page.$$eval('#out > table tr', (trs) => trs.slice(1).map((tr) => [...tr.cells].map((c) => c.textContent)));
    assert.equal(summary.length, 6, 'W1 and W3 × simplex, perlin, value');
    for (const [workload, noise, simd, peer, vsPeer, , pool, inFlight, bits] of summary) {
      assert.equal(bits, 'equal', `${workload} ${noise}: all landform variants give the same bits`);
      assert.ok(Number(simd) > 0, `${workload} ${noise} SIMD rate`);
      assert.match(peer, /^(simplex-noise|noisejs|fastnoise-lite|open-simplex-noise) /);
      for (const r of [vsPeer, pool, inFlight]) assert.match(r, /^\d+\.\d\d×$/);
    }
    const extras = await page.textContent('#out > p');
    assert.match(extras, /Figure 1 at 512², 4 octaves, while a slider moves: median [\d.]+ ms per frame/);
    assert.match(extras, /Erosion: [\d,]+ droplets\/s on 512²; depression filling \+ D8 on 1024²: \d+ ms; one landscape step \(stream power and diffusion\) on 1024²: \d+ ms\./);
    assert.match(extras, /Field graph G2 \(simplex graph, 2D 1024²[^)]*\): [\d.]+ ms, [\d.]+× its leaves' own fills, [\d.]+× faster than the fastest JS/);
    const rows = await page.$$eval('#out details tr', (trs) => trs.length - 1);
    assert.ok(rows >= 2 * (5 * 3 + 6), `every contestant listed (${rows} rows)`);
    assert.deepEqual(problems, []);
  } finally {
    await env.close();
  }
});
