// The playground's editor: a field graph as a nested outline, one card per node with its
// operation, its parameters as sliders and its inputs below it. Buttons (not drag and
// drop, which phones do badly) move an input up or down, wrap a node in a new operation,
// unwrap it, add and remove inputs. Every edit makes a new spec (tree.js) and hands it
// to `onEdit(spec, structural)`; the outline redraws itself only when the shape changed,
// so a slider keeps its focus while it is dragged.
import { el } from '../controls.js';
import { OPS, LEAF, arity, inputNames, node, leaf } from './ops.js';
import { join, nodeAt, update, parentOf, isNode } from './tree.js';

const GROUPS = ['Combine', 'Select', 'Shape', 'Domain', 'Source'];

function opSelect(value, label, first) {
  const s = el('select', { 'aria-label': label, class: 'lf-op' });
  if (first) s.append(el('option', { value: '' }, first));
  const noise = el('optgroup', { label: 'Noise' }, el('option', { value: 'leaf' }, 'noise'));
  s.append(noise);
  for (const g of GROUPS) {
    const group = el('optgroup', { label: g });
    for (const [op, o] of Object.entries(OPS)) if (o.group === g) group.append(el('option', { value: op }, op));
    s.append(group);
  }
  s.value = value;
  return s;
}

function slider(p, value, onInput) {
  const out = el('output', { class: 'lf-value' }, fmt(p, value));
  const input = el('input', { type: 'range', min: p.min, max: p.max, step: p.step, 'data-param': p.key, 'aria-label': p.label });
  input.value = value;
  input.addEventListener('input', () => {
    out.textContent = fmt(p, Number(input.value));
    onInput(Number(input.value), true);
  });
  input.addEventListener('change', () => onInput(Number(input.value), false));
  return el('label', { class: 'lf-control lf-range' }, el('span', { class: 'lf-label' }, p.label), input, out);
}

const fmt = (p, v) => Number(v).toFixed(Number.isInteger(p.step) ? 0 : p.step < 0.1 ? 2 : 1);

// Lists are typed as text: '-1, 0, 1' or, for curve points, '-1:-1, 0:0.5, 1:1'.
function listInput(p, value, onInput) {
  const show = p.kind === 'pairs' ? value.map((q) => q.join(':')).join(', ') : value.join(', ');
  const input = el('input', { type: 'text', value: show, 'data-param': p.key, 'aria-label': p.label, spellcheck: 'false' });
  input.addEventListener('change', () => {
    const parts = input.value.split(',').map((s) => s.trim()).filter(Boolean);
    const v = p.kind === 'pairs' ? parts.map((s) => s.split(':').map(Number)) : parts.map(Number);
    const ok = v.length > 0 && v.flat().every(Number.isFinite) && (p.kind !== 'pairs' || v.every((q) => q.length === 2));
    input.setAttribute('aria-invalid', String(!ok));
    if (ok) onInput(v, false);
  });
  return el('label', { class: 'lf-control lf-list' }, el('span', { class: 'lf-label' }, p.label), input);
}

function choice(label, options, value, onPick) {
  const s = el('select', { 'aria-label': label });
  for (const [v, text] of options) s.append(el('option', { value: v }, text));
  s.value = value;
  s.addEventListener('change', () => onPick(s.value));
  return el('label', { class: 'lf-control lf-pick' }, el('span', { class: 'lf-label' }, label), s);
}

/** The leaf's controls: kernel, seed, fractal and warp. */
function leafParams(spec, edit) {
  const f = spec.fractal ?? {};
  const set = (k, v, live) => edit((s) => ({ ...s, [k]: v }), live);
  const setFractal = (k, v, live) => edit((s) => ({ ...s, fractal: { ...(s.fractal ?? {}), [k]: v } }), live);
  const values = { octaves: f.octaves ?? 1, persistence: f.persistence ?? 0.5, lacunarity: f.lacunarity ?? 2, warp: spec.warp?.strength ?? 0 };
  const seed = el('input', { type: 'number', min: 0, max: 4294967295, step: 1, value: spec.seed ?? 0, 'aria-label': 'Seed', 'data-param': 'seed' });
  seed.addEventListener('change', () => {
    const v = Number(seed.value);
    if (Number.isInteger(v) && v >= 0 && v <= 4294967295) set('seed', v, false);
  });
  return [
    choice('Kernel', LEAF.noise, spec.noise ?? 'perlin', (v) => set('noise', v, false)),
    choice('Fractal', LEAF.fractal, f.kind ?? 'fbm', (v) => setFractal('kind', v, false)),
    el('label', { class: 'lf-control lf-pick' }, el('span', { class: 'lf-label' }, 'Seed'), seed),
    ...LEAF.params.map((p) => slider(p, values[p.key], (v, live) => (p.key === 'warp'
      ? edit((s) => { const { warp, ...rest } = s; return v > 0 ? { ...rest, warp: { ...(warp ?? {}), strength: v } } : rest; }, live)
      : setFractal(p.key, v, live)))),
  ];
}

function opParams(spec, edit) {
  return (OPS[spec.op].params ?? []).map((p) => {
    const value = spec[p.key] ?? p.value;
    const set = (v, live) => edit((s) => ({ ...s, [p.key]: v }), live);
    if (p.kind === 'number') return slider(p, value, set);
    if (p.kind === 'bool') {
      const box = el('input', { type: 'checkbox', 'data-param': p.key });
      box.checked = !!value;
      box.addEventListener('change', () => set(box.checked, false));
      return el('label', { class: 'lf-control lf-toggle' }, box, el('span', { class: 'lf-label' }, p.label));
    }
    return listInput(p, value, set);
  });
}

/**
 * Builds the outline into `root`. `onEdit(spec, live)` after every edit (live while a
 * slider moves), `onSelect(path)` when a node is picked for the second preview.
 * Returns { show(spec, selected), mark(path, message) }.
 */
export function createOutline(root, { onEdit, onSelect }) {
  let spec = null, selected = '';
  const list = el('ol', { class: 'lf-outline', 'aria-label': 'Field graph' });
  root.append(list);

  const edit = (path, f, live, structural) => {
    spec = update(spec, path, f);
    onEdit(spec, live);
    if (structural) draw();
  };

  function card(s, path, role, parent) {
    const here = el('li', { class: 'lf-node', 'data-path': path });
    const op = isNode(s) ? s.op : 'leaf';
    const pick = opSelect(op, `Operation of ${path || 'the root'}`);
    pick.addEventListener('change', () => edit(path, (old) => (pick.value === 'leaf' ? leaf() : node(pick.value, old.inputs ?? [old])), false, true));
    const wrap = opSelect('', `Wrap ${path || 'the root'} in`, 'wrap in…');
    wrap.querySelector('option[value="leaf"]').remove();
    wrap.addEventListener('change', () => edit(path, (old) => node(wrap.value, [old]), false, true));
    const tools = [];
    const button = (label, title, f, extra = {}) => tools.push(el('button', { type: 'button', class: 'lf-node-tool', title, 'aria-label': `${title} (${path || 'root'})`, ...extra, onclick: f }, label));
    button('◉', 'Preview this node', () => { selected = path; onSelect(path); mark(); }, { 'aria-pressed': String(path === selected), 'data-tool': 'preview' });
    const at = parentOf(path);
    if (at) {
      const [pp, i] = at;
      const siblings = nodeAt(spec, pp).inputs;
      const move = (d) => edit(pp, (p) => { const inputs = p.inputs.slice(); [inputs[i], inputs[i + d]] = [inputs[i + d], inputs[i]]; return { ...p, inputs }; }, false, true);
      if (i > 0) button('↑', 'Move up', () => move(-1), { 'data-tool': 'up' });
      if (i < siblings.length - 1) button('↓', 'Move down', () => move(1), { 'data-tool': 'down' });
      if (siblings.length > arity(parent.op)[0]) {
        button('✕', 'Remove', () => edit(pp, (p) => ({ ...p, inputs: p.inputs.filter((_, k) => k !== i) }), false, true), { 'data-tool': 'remove' });
      }
    }
    if (isNode(s) && s.inputs?.length) button('⤒', 'Replace by its first input', () => edit(path, (old) => old.inputs[0], false, true), { 'data-tool': 'unwrap' });
    here.append(
      el('div', { class: 'lf-node-head' }, el('span', { class: 'lf-node-role' }, role), pick, wrap, ...tools),
      el('div', { class: 'lf-node-params' }, ...(isNode(s) ? opParams(s, (f, live) => edit(path, f, live)) : leafParams(s, (f, live) => edit(path, f, live)))),
      el('p', { class: 'lf-node-error', role: 'alert' }),
    );
    if (isNode(s) && s.inputs) {
      const names = inputNames(s.op, s.inputs.length);
      const kids = el('ol', { class: 'lf-node-inputs' }, ...s.inputs.map((c, k) => card(c, join(path, k), names[k], s)));
      here.append(kids);
      if (s.inputs.length < arity(s.op)[1]) {
        here.append(el('button', { type: 'button', class: 'lf-node-add', 'data-tool': 'add', onclick: () => edit(path, (p) => ({ ...p, inputs: [...p.inputs, leaf(p.inputs.length + 1)] }), false, true) }, `+ ${OPS[s.op].inputs.name}`));
      }
    }
    return here;
  }

  function draw() {
    list.replaceChildren(card(spec, '', 'output', null));
    mark();
  }

  let error = null;
  function mark(path = error?.path, message = error?.message) {
    error = path == null ? null : { path, message };
    for (const li of list.querySelectorAll('.lf-node')) {
      const p = li.dataset.path;
      const bad = error && p === error.path;
      li.classList.toggle('lf-bad', !!bad);
      li.classList.toggle('lf-selected', p === selected);
      li.querySelector(':scope > .lf-node-error').textContent = bad ? error.message : '';
      li.querySelector(':scope > .lf-node-head [data-tool="preview"]').setAttribute('aria-pressed', String(p === selected));
    }
  }

  return {
    show(next, sel = selected) {
      spec = next;
      selected = nodeAt(spec, sel) ? sel : '';
      draw();
    },
    get selected() { return selected; },
    mark,
  };
}
