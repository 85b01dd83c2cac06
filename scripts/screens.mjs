// Screenshots of every page of the site (www/js/pages.js) at 1280 × 800 and 375 × 740,
// first screen and whole page, into artifacts/screens/. Every figure is mounted and
// settled first. Usage: node scripts/screens.mjs [page.html …]
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { start } from '../tests/e2e/helpers.mjs';
import { PAGES } from '../www/js/pages.js';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screens');
fs.mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);
const pages = PAGES.map((p) => (p.href === './' ? 'index.html' : p.href)).filter((h) => !only.length || only.includes(h));
const env = await start();
for (const href of pages) {
  for (const [w, h] of [[1280, 800], [375, 740]]) {
    const { page, problems } = await env.open(`/${href}`, { width: w, height: h });
    await page.evaluate(() => window.landformMountAll?.());
    await page.waitForFunction(() => [...document.querySelectorAll('div[data-figure], landform-figure')].every((e) => e.dataset.ready), null, { timeout: 120000 });
    // Let workers, erosion and animations settle, then back to the top.
    await page.waitForTimeout(8000);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    const name = `${href.replace('.html', '')}-${w}`;
    await page.screenshot({ path: path.join(out, `${name}-top.png`) });
    await page.screenshot({ path: path.join(out, `${name}-full.png`), fullPage: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(`${name}: ${width > w ? `scrolls sideways (${width} px) · ` : ''}${problems.length ? problems.join('; ') : 'no errors'}`);
    await page.close();
  }
}
await env.close();
