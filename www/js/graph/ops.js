// What the playground's editor offers for each node of a field graph: the ops by group,
// the names of their inputs, and a slider (or a short list) per parameter. The ranges
// here are the editor's, chosen to be useful; the core's own limits (docs/graphs.md) are
// checked by `new Field`, whose errors the editor shows next to the node they name.

const num = (key, label, min, max, step, value) => ({ key, label, kind: 'number', min, max, step, value });

/** A leaf: one noise kernel with its fractal and warp (the spec of every other figure). */
export const LEAF = {
  noise: [['perlin', 'Perlin'], ['perlin-improved', 'Improved'], ['simplex', 'Simplex'], ['value', 'Value'], ['worley', 'Worley']],
  fractal: [['fbm', 'fBm'], ['ridged', 'Ridged'], ['billow', 'Billow']],
  params: [
    num('octaves', 'Octaves', 1, 10, 1, 1),
    num('persistence', 'Persistence', 0.05, 1, 0.01, 0.5),
    num('lacunarity', 'Lacunarity', 1.1, 4, 0.01, 2),
    num('warp', 'Warp', 0, 4, 0.01, 0),
  ],
};

/** The default leaf a new input starts as. */
export const leaf = (seed = 1) => ({ noise: 'perlin', seed, fractal: { kind: 'fbm', octaves: 4 } });

// inputs: the names of the inputs in order (their count is the arity), or
// { min, max, name } for ops that take a list.
export const OPS = {
  add: { group: 'Combine', inputs: { min: 2, max: 8, name: 'term' } },
  sub: { group: 'Combine', inputs: ['a', 'b'] },
  mul: { group: 'Combine', inputs: { min: 2, max: 8, name: 'factor' } },
  min: { group: 'Combine', inputs: { min: 2, max: 8, name: 'input' } },
  max: { group: 'Combine', inputs: { min: 2, max: 8, name: 'input' } },
  smoothMin: { group: 'Combine', inputs: ['a', 'b'], params: [num('k', 'Smoothness k', 0.01, 1, 0.01, 0.1)] },
  smoothMax: { group: 'Combine', inputs: ['a', 'b'], params: [num('k', 'Smoothness k', 0.01, 1, 0.01, 0.1)] },
  blend: { group: 'Select', inputs: ['a', 'b', 'control'] },
  select: {
    group: 'Select', inputs: ['a', 'b', 'control'],
    params: [num('threshold', 'Threshold', -1, 1, 0.01, 0), num('falloff', 'Falloff', 0, 1, 0.01, 0.1)],
  },
  abs: { group: 'Shape', inputs: ['input'] },
  neg: { group: 'Shape', inputs: ['input'] },
  clamp: { group: 'Shape', inputs: ['input'], params: [num('min', 'Min', -2, 2, 0.01, -1), num('max', 'Max', -2, 2, 0.01, 1)] },
  scaleBias: { group: 'Shape', inputs: ['input'], params: [num('scale', 'Scale', -4, 4, 0.01, 1), num('bias', 'Bias', -2, 2, 0.01, 0)] },
  pow: { group: 'Shape', inputs: ['input'], params: [num('exponent', 'Exponent', 0.1, 8, 0.01, 2)] },
  curve: {
    group: 'Shape', inputs: ['input'],
    params: [{ key: 'points', label: 'Points x:y', kind: 'pairs', value: [[-1, -1], [-0.2, -0.5], [0.3, 0.6], [1, 1]] }],
  },
  terrace: {
    group: 'Shape', inputs: ['input'],
    params: [{ key: 'points', label: 'Steps', kind: 'list', value: [-1, -0.4, 0, 0.3, 0.6, 1] }, { key: 'invert', label: 'Invert', kind: 'bool', value: false }],
  },
  remap: {
    group: 'Shape', inputs: ['input'],
    params: [{ key: 'from', label: 'From', kind: 'list', value: [-1, 1] }, { key: 'to', label: 'To', kind: 'list', value: [0, 1] }],
  },
  translate: { group: 'Domain', inputs: ['input'], params: [{ key: 'by', label: 'By x, y, z', kind: 'list', value: [1, 0, 0] }] },
  scale: { group: 'Domain', inputs: ['input'], params: [{ key: 'by', label: 'By x, y, z', kind: 'list', value: [2, 2, 2] }] },
  rotate: { group: 'Domain', inputs: ['input'], params: [num('angle', 'Angle (°)', -180, 180, 1, 30)] },
  displace: { group: 'Domain', inputs: ['source', 'dx', 'dy'] },
  turbulence: {
    group: 'Domain', inputs: ['input'],
    params: [num('power', 'Power', 0, 2, 0.01, 0.5), num('frequency', 'Frequency', 0.1, 8, 0.01, 1), num('roughness', 'Roughness', 1, 6, 1, 3), num('seed', 'Seed', 0, 999, 1, 0)],
  },
  seedOffset: { group: 'Domain', inputs: ['input'], params: [num('by', 'Seed offset', 0, 999, 1, 1)] },
  constant: { group: 'Source', inputs: [], params: [num('value', 'Value', -2, 2, 0.01, 0.5)] },
  x: { group: 'Source', inputs: [] },
  y: { group: 'Source', inputs: [] },
  distance: { group: 'Source', inputs: [], params: [{ key: 'to', label: 'To x, y', kind: 'list', value: [0, 0] }] },
};

/** The names of a node's inputs (for a list op, as many as it has). */
export function inputNames(op, count) {
  const i = OPS[op]?.inputs ?? [];
  return Array.isArray(i) ? i : Array.from({ length: count }, (_, k) => `${i.name} ${k + 1}`);
}

/** How many inputs an op takes: [min, max]. */
export function arity(op) {
  const i = OPS[op]?.inputs ?? [];
  return Array.isArray(i) ? [i.length, i.length] : [i.min, i.max];
}

/** A new node of `op` whose inputs are `kept` (then fresh leaves up to the op's arity). */
export function node(op, kept = []) {
  const [lo, hi] = arity(op);
  const inputs = kept.slice(0, hi);
  while (inputs.length < lo) inputs.push(leaf(inputs.length + 1));
  const out = { op };
  if (hi > 0) out.inputs = inputs;
  for (const p of OPS[op].params ?? []) out[p.key] = structuredClone(p.value);
  return out;
}
