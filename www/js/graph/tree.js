// Plain helpers over a field-graph spec (a leaf object, or `{ op, inputs: [...], ... }`):
// node paths, immutable edits, the URL encoding and the code a reader copies. No DOM, no
// wasm: tests/e2e and the playground share them.

/** The node paths of a spec, written as the core writes them in errors: '' is the root,
 *  'inputs[1].inputs[0]' the first input of the root's second input. */
export function join(path, i) {
  return path ? `${path}.inputs[${i}]` : `inputs[${i}]`;
}

/** The path as a list of input indices ('' → []). */
export function indices(path) {
  return [...path.matchAll(/inputs\[(\d+)\]/g)].map((m) => Number(m[1]));
}

/** The node of `spec` at `path`, or undefined. */
export function nodeAt(spec, path) {
  let node = spec;
  for (const i of indices(path)) node = node?.inputs?.[i];
  return node;
}

/** A copy of `spec` with the node at `path` replaced by `f(node)`; only the nodes on the
 *  path are copied, the rest is shared (specs are never mutated in place). */
export function update(spec, path, f) {
  const go = (node, rest) => {
    if (!rest.length) return f(node);
    const [i, ...tail] = rest;
    const inputs = node.inputs.slice();
    inputs[i] = go(inputs[i], tail);
    return { ...node, inputs };
  };
  return go(spec, indices(path));
}

/** The parent path and index of a non-root path ('inputs[0].inputs[2]' → ['inputs[0]', 2]). */
export function parentOf(path) {
  const m = /^(.*?)(?:\.)?inputs\[(\d+)\]$/.exec(path);
  return m ? [m[1], Number(m[2])] : null;
}

/** Whether `spec` is a graph node (has an `op`) rather than a leaf. */
export const isNode = (spec) => typeof spec?.op === 'string';

/** The longest node path at the start of a core error message ('inputs[1].inputs[0].octaves
 *  must be …' → 'inputs[1].inputs[0]'), '' for the root, null if the message names none. */
export function errorPath(message) {
  const m = /((?:inputs\[\d+\]\.?)+)/.exec(message);
  if (m) return m[1].replace(/\.$/, '');
  return /\bspec\b|^landform: /.test(message) ? '' : null;
}

// base64url of UTF-8 JSON: safe in a URL hash and in an HTML attribute alike.
export function encode(spec) {
  const bytes = new TextEncoder().encode(JSON.stringify(spec));
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The spec of `encode`, or null for text that is not one. */
export function decode(text) {
  try {
    const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(s, (c) => c.charCodeAt(0))));
  } catch {
    return null;
  }
}

/** A JavaScript snippet that fills `spec` over `region` with the package. */
export function snippet(spec, region) {
  return [
    "import init, { Field } from 'landform';",
    '',
    'await init();',
    `const field = new Field(${JSON.stringify(spec, null, 2)});`,
    `const region = ${JSON.stringify(region)};`,
    'const heights = new Float32Array(region.width * region.height);',
    'field.fill2d(heights, region);',
    'const [lo, hi] = field.range;  // a bound on every value of the field',
    'field.free();',
  ].join('\n');
}

/** Counts the nodes of a spec (leaves included). */
export function count(spec) {
  return 1 + (isNode(spec) ? (spec.inputs ?? []).reduce((n, s) => n + count(s), 0) : 0);
}
