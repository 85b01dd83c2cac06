// The README's usage example really runs: its ```js block, with `from 'landform'`
// pointed at the built package, executes as a module in the browser.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { start } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

test('README usage example runs in the browser and fills the array', async () => {
  const readme = await fs.readFile(new URL('../../README.md', import.meta.url), 'utf8');
  const code = readme.match(/## Use it[\s\S]*?```js\n([\s\S]*?)```/)[1];
  assert.ok(code.split('\n').filter(Boolean).length <= 6, 'the example stays five-ish lines');
  const { page, problems } = await env.open('/index.html');
  const result = await page.evaluate(async (src) => {
    const body = src.replace("from 'landform'", `from '${location.origin}/pkg/landform.js'`) +
      '\nwindow.__readme = { n: out.length, nonzero: out.filter((v) => v !== 0).length, max: Math.max(...out), range: f.range };';
    const url = URL.createObjectURL(new Blob([body], { type: 'text/javascript' }));
    await import(url);
    return window.__readme;
  }, code);
  assert.equal(result.n, 256 * 256);
  assert.ok(result.nonzero > 60000, `most samples are non-zero (${result.nonzero})`);
  assert.ok(result.max <= result.range[1] && result.max > 0.2);
  assert.deepEqual(problems, []);
  await page.close();
});

test('README field graph example runs in the browser and fills within the range', async () => {
  const readme = await fs.readFile(new URL('../../README.md', import.meta.url), 'utf8');
  const code = readme.match(/### Field graphs[\s\S]*?```js\n([\s\S]*?)```/)[1];
  const { page, problems } = await env.open('/index.html');
  const result = await page.evaluate(async (src) => {
    const body = src.replace("from 'landform'", `from '${location.origin}/pkg/landform.js'`) +
      '\nwindow.__graph = { n: out.length, lo: Math.min(...out), hi: Math.max(...out), range: f.range, island: [...island.range] };';
    const url = URL.createObjectURL(new Blob([body], { type: 'text/javascript' }));
    await import(url);
    return window.__graph;
  }, code);
  assert.equal(result.n, 256 * 256);
  assert.ok(result.lo >= result.range[0] && result.hi <= result.range[1], JSON.stringify(result));
  assert.ok(result.hi - result.lo > 0.3 * (result.range[1] - result.range[0]), JSON.stringify(result));
  assert.deepEqual(result.island, [-1, 1]);
  assert.deepEqual(problems, []);
  await page.close();
});
