// The frame around every figure: stage, controls, caption, and tools (PNG export,
// copy embed code). State flows one way: control → state → figure.update → pixels.
// On the site, each figure's state lives in the page URL (`#heatmap.seed=7&…`) so a
// link reopens it as it was; in an embed it comes from the element's attributes.
import { buildControls, parseValue, el } from './controls.js';
import { landform } from './landform.js';
import { png16, float32 } from './export.js';
import { snapshot } from './snapshot.js';

/** The state a figure starts from: its defaults, overridden by `overrides` (strings). */
export function initialState(def, overrides = {}) {
  const state = {};
  for (const c of def.controls) {
    if (c.type === 'button') continue;
    state[c.key] = c.key in overrides ? parseValue(c, overrides[c.key]) : c.value;
  }
  return state;
}

/** Reads `name.key=value` pairs for figure `name` from the URL hash. */
export function stateFromHash(name, hash = location.hash) {
  const out = {};
  for (const [k, v] of new URLSearchParams(hash.replace(/^#/, ''))) {
    if (k.startsWith(name + '.')) out[k.slice(name.length + 1)] = v;
  }
  return out;
}

function writeHash(name, def, state) {
  const params = new URLSearchParams(location.hash.replace(/^#/, ''));
  for (const c of def.controls) {
    if (c.type === 'button') continue;
    const key = `${name}.${c.key}`;
    if (state[c.key] === c.value) params.delete(key);
    else params.set(key, String(state[c.key]));
  }
  const hash = params.toString();
  history.replaceState(null, '', hash ? `#${hash}` : location.pathname + location.search);
}

/** The `<landform-figure>` markup that reproduces `state`. */
export function embedCode(name, def, state) {
  const src = new URL('../landform-embed.js', import.meta.url).href;
  const attrs = def.controls
    .filter((c) => c.type !== 'button' && state[c.key] !== c.value)
    .map((c) => ` ${c.key.replace(/[A-Z]/g, (m) => '-' + m.toLowerCase())}="${state[c.key]}"`)
    .join('');
  return `<script type="module" src="${src}"></script>\n<landform-figure name="${name}"${attrs}></landform-figure>`;
}

/**
 * Mounts figure module `def` into `host`. Options: `state` (initial overrides),
 * `permalink` (keep state in the URL), `embed` (inside a shadow root).
 * Returns { state, update(key, value), destroy() } once the figure is drawn.
 */
export async function createFigure(host, def, { state: overrides = {}, permalink = false } = {}) {
  const lf = await landform();
  const state = initialState(def, overrides);
  const stage = el('div', { class: 'lf-stage' });
  const controls = el('div', { class: 'lf-controls' });
  const tools = el('div', { class: 'lf-tools' });
  const caption = el('figcaption', {}, def.caption ?? '');
  // layout 'side': controls beside the stage on wide screens (figure.css).
  const figure = el('figure', { class: `lf-figure${def.layout === 'side' ? ' lf-side' : ''}`, 'data-figure': def.name }, stage, controls, caption, tools);
  host.replaceChildren(figure);

  const status = el('span', { class: 'lf-status', role: 'status' });
  let instance = null;
  let frame = 0;
  const pending = new Set();
  const onChange = (key, value) => {
    state[key] = value;
    pending.add(key);
    if (permalink) writeHash(def.name, def, state);
    // Coalesce slider drags to one render per animation frame.
    if (!frame && instance) frame = requestAnimationFrame(() => {
      frame = 0;
      const keys = [...pending];
      pending.clear();
      // Work that fails later (a worker that died) says so in the figure, in words.
      Promise.resolve(instance.update(state, keys)).catch((e) => {
        status.textContent = `This picture could not be redrawn. ${e.message}`;
        console.error(e);
      });
    });
  };
  // A figure whose own stage edits state (the playground's outline) reports it with
  // `change(key, value)`, so it flows through the URL and back like a control's.
  instance = await def.mount(stage, state, lf, { change: onChange });
  const set = buildControls(controls, def.controls, state, onChange, (key) => instance.action?.(key, state, set), { closed: def.closedGroups });
  instance.bind?.(set);

  tools.append(
    // Figures without a picture (def.noCanvas, e.g. the quiz) have nothing to save as PNG.
    ...(def.noCanvas ? [] : [el('button', { type: 'button', class: 'lf-tool', 'data-tool': 'png', onclick: () => exportPng(def, stage) }, 'Save PNG')]),
    el('button', {
      type: 'button', class: 'lf-tool', 'data-tool': 'embed',
      onclick: async () => {
        const code = embedCode(def.name, def, state);
        figure.dataset.embed = code;
        try { await navigator.clipboard.writeText(code); status.textContent = 'Embed code copied.'; }
        catch { status.textContent = 'Copy failed; the code is selected below.'; }
        showCode(tools, code);
      },
    }, 'Copy embed code'),
    ...heightmapTools(def, instance),
    ...(instance.tools ?? []),
    status,
  );
  return { state, figure, update: onChange, destroy: () => { cancelAnimationFrame(frame); instance.destroy?.(); } };
}

// Figures whose instance has `heightmap()` → { values, width, height, lo, hi } also
// export it as a 16-bit grayscale PNG and as raw float32.
function heightmapTools(def, instance) {
  if (!instance.heightmap) return [];
  const h = () => instance.heightmap();
  return [
    el('button', {
      type: 'button', class: 'lf-tool', 'data-tool': 'png16',
      onclick: async () => { const m = h(); download(await png16(m.values, m.width, m.height, m.lo, m.hi), `landform-${def.name}-16bit.png`); },
    }, '16-bit PNG'),
    el('button', {
      type: 'button', class: 'lf-tool', 'data-tool': 'f32',
      onclick: () => { const m = h(); download(float32(m.values), `landform-${def.name}-${m.width}x${m.height}.f32`); },
    }, 'Raw float32'),
  ];
}

function showCode(tools, code) {
  let box = tools.querySelector('textarea');
  if (!box) { box = el('textarea', { class: 'lf-code', rows: 3, readonly: '', 'aria-label': 'Embed code' }); tools.append(box); }
  box.value = code;
  box.select();
}

// The whole stage as the reader sees it (every panel, with its labels).
function exportPng(def, stage) {
  if (!stage.querySelector('canvas')) return;
  snapshot(stage).toBlob((blob) => download(blob, `landform-${def.name}.png`));
}

/** Saves a Blob as a file. */
export function download(blob, filename) {
  const a = el('a', { href: URL.createObjectURL(blob), download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** Creates a canvas of `w × h` pixels with an accessible label. */
export function canvas(w, h, label) {
  const c = el('canvas', { width: w, height: h, role: 'img', 'aria-label': label });
  return c;
}
