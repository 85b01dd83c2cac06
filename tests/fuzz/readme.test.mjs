// The README's "Reliability" section names a test for each promise: each name must be
// the title (or the start of the title) of a test that exists, so a claim cannot
// outlive its test.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

const root = new URL('../../', import.meta.url);
const read = (p) => readFileSync(new URL(p, root), 'utf8');

test('every test the README Reliability section names exists', () => {
  const section = read('README.md').match(/### Reliability\n([\s\S]*?)\n### /)[1].replace(/\s+/g, ' ').replace(/\*\*[^*]+\*\*/g, '');
  const names = [...section.matchAll(/\*([^*]+)\*/g)].map((m) => m[1]).filter((n) => !/^\*/.test(n));
  const sources = [
    ...readdirSync(new URL('tests/fuzz/', root)).filter((f) => f.endsWith('.mjs')).map((f) => read(`tests/fuzz/${f}`)),
    ...readdirSync(new URL('tests/e2e/', root)).filter((f) => f.endsWith('.mjs')).map((f) => read(`tests/e2e/${f}`)),
  ].join('\n').replace(/\$\{[^}]+\} /g, '');
  assert.ok(names.length >= 12, `${names.length} names`);
  for (const name of names) {
    const bare = name.replace(/^\d+ /, '');
    assert.ok(sources.includes(`test('${bare}`) || sources.includes(`test(\`${bare}`), `no test named '${name}'`);
  }
  assert.match(read('tests/web.rs'), /fn golden_hashes_match_the_native_build_bit_for_bit/);
});
