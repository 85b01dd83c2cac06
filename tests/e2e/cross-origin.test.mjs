// Embeds from another origin (issue 14): a blog on one server embeds the island figure
// (the island worker, the pool workers) from landform's files on another, served like
// GitHub Pages (Access-Control-Allow-Origin: *, no COOP/COEP). Workers start through
// same-origin blob: modules; when a browser still refuses them, the figure says so in
// plain words instead of showing a raw SecurityError.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { start, pixels, luminance } from './helpers.mjs';

let env, blog, blogOrigin;

// The other origin: a one-page blog that loads landform-embed.js from `env.origin`.
const post = (src, name, attrs = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post</title></head>
<body><h1>My island</h1><p>Embedded from elsewhere:</p>
<landform-figure name="${name}"${attrs}></landform-figure>
<script type="module" src="${src}/landform-embed.js"></script></body></html>`;

before(async () => {
  env = await start();
  blog = http.createServer((req, res) => {
    const u = new URL(req.url, 'http://x');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(post(env.origin, u.searchParams.get('name') ?? 'island', u.searchParams.get('attrs') ?? ''));
  });
  await new Promise((r) => blog.listen(0, '127.0.0.1', r));
  blogOrigin = `http://127.0.0.1:${blog.address().port}`;
});
after(async () => { blog.close(); await env.close(); });

async function openBlog(query, init) {
  const page = await env.browser.newPage({ viewport: { width: 1100, height: 900 } });
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  if (init) await page.addInitScript(init);
  await page.goto(`${blogOrigin}/${query}`);
  await page.waitForFunction(() => document.querySelector('landform-figure')?.dataset.ready, null, { timeout: 60000 });
  return { page, problems, el: page.locator('landform-figure') };
}

test('cross-origin embed: the island figure runs its island worker (map and erosion) from another origin', async () => {
  assert.notEqual(new URL(blogOrigin).port, new URL(env.origin).port);
  const { page, problems, el } = await openBlog('?name=island&attrs=' + encodeURIComponent(' droplets="30000"'));
  assert.equal(await el.getAttribute('data-ready'), 'true', await el.evaluate((e) => e.shadowRoot.textContent.slice(0, 300)));
  // Erosion finished in its worker, and the map shows land and sea.
  await page.waitForFunction(() => /30,000 droplets in/.test(document.querySelector('landform-figure').shadowRoot.querySelector('.lf-erosion-text')?.textContent ?? ''), null, { timeout: 60000 });
  const lum = luminance(await pixels(el, 0));
  let lo = 1, hi = 0;
  for (const v of lum) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  assert.ok(hi - lo > 0.3, `the map is drawn (luminance ${lo.toFixed(2)}–${hi.toFixed(2)})`);
  // Every stage ran in the island worker, whose script came from landform's origin: the
  // worker reported its timings, and the page's stage says which worker drew.
  assert.match(await el.evaluate((e) => e.shadowRoot.querySelector('.lf-stage').dataset.timing), /in the island worker: shape/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('cross-origin embed: octaves (pool only) draws all six panels from another origin', async () => {
  const { page, problems, el } = await openBlog('?name=octaves');
  assert.equal(await el.getAttribute('data-ready'), 'true');
  for (let i = 0; i < 6; i++) {
    const lum = luminance(await pixels(el, i));
    let lo = 1, hi = 0;
    for (const v of lum) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    assert.ok(hi - lo > 0.2, `panel ${i + 1} is drawn`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

// Two ways a browser refuses workers: at once (a SecurityError from the constructor,
// as before this fix), or later (the worker script fails to load: an error event).
const refuse = {
  throws: () => { window.Worker = class { constructor() { throw new DOMException('Failed to construct Worker: the script cannot be accessed from origin', 'SecurityError'); } }; },
  fails: () => {
    const Real = window.Worker;
    window.Worker = class extends Real {
      constructor(url, o) { super(URL.createObjectURL(new Blob(['throw new Error("no")'], { type: 'text/javascript' })), o); }
    };
  },
};

for (const [how, init] of Object.entries(refuse)) {
  test(`cross-origin embed: when the browser refuses workers (${how}), the figure says why in plain words`, async () => {
    const { page, el } = await openBlog('?name=island', init);
    const text = await el.evaluate((e) => e.shadowRoot.textContent);
    assert.equal(await el.getAttribute('data-ready'), 'error');
    assert.match(text, /could not start\. The browser would not start the background workers/);
    assert.match(text, /Access-Control-Allow-Origin/);
    assert.doesNotMatch(text, /SecurityError|DOMException|Failed to construct/);
    await page.close();
  });
}
