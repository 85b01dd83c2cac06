// The playground: build a field graph (docs/graph.md) in a nested outline and see it
// live: the whole graph as a map and in 3D, the selected node on its own, the bound
// `field.range` computes through the graph. Every fill runs in the page's worker pool;
// the spec lives in the URL (and in an embed's `spec` attribute) as base64url JSON.
import { el } from '../controls.js';
import { canvas } from '../figure.js';
import { paint } from '../palettes.js';
import { pool, latest } from '../landform.js';
import { createTerrainView } from './island-gl.js';
import { createOutline } from '../graph/outline.js';
import { encode, decode, nodeAt, errorPath, snippet } from '../graph/tree.js';
import { PRESETS } from '../graph/presets.js';

const SIZE = 320, NODE = 160;

// 32-bit FNV-1a over the values' bits: tests compare it with `new Field(spec)`'s fill.
function hash(values) {
  const u = new Uint32Array(values.buffer, values.byteOffset, values.length);
  let h = 0x811c9dc5;
  for (let i = 0; i < u.length; i++) {
    let w = u[i];
    for (let b = 0; b < 4; b++) { h = Math.imul(h ^ (w & 255), 0x01000193) >>> 0; w >>>= 8; }
  }
  return h.toString(16).padStart(8, '0');
}

/** The region the preview of `side` pixels covers: `zoom` samples per noise unit, the
 *  origin at the centre (where `distance` masks are centred), pixel centres sampled. */
export const regionFor = (side, zoom) => ({ width: side, height: side, scale: zoom * side / SIZE, x0: 0.5 - side / 2, y0: 0.5 - side / 2 });

export default {
  name: 'playground',
  title: 'Field graph playground',
  caption: 'Build a field from nodes: each card is one operation with its inputs nested under it; a plain noise is a leaf. Pick an operation from a card’s menu, wrap a card in a new one, move inputs with the arrows. Left, the whole graph, coloured over the bound landform computes for it; beside it the node picked with ◉ alone; under them the graph as terrain (drag to turn it). Copy the spec, a JavaScript snippet or the embed code below.',
  controls: [
    { key: 'spec', type: 'text', value: encode(PRESETS[0].spec) },
    { key: 'preset', type: 'choice', label: 'Start from', options: PRESETS.map((p) => [p.key, p.label]), value: PRESETS[0].key },
    { key: 'zoom', type: 'range', label: 'Zoom (px per unit)', min: 8, max: 256, step: 1, value: 48 },
    { key: 'palette', type: 'choice', label: 'Palette', options: [['terrain', 'Terrain'], ['heat', 'Heat'], ['gray', 'Gray']], value: 'terrain' },
  ],

  async mount(stage, state, lf, { change } = {}) {
    const main = canvas(SIZE, SIZE, 'The whole graph as a map');
    const sub = canvas(NODE, NODE, 'The selected node alone');
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    const view3d = canvas(Math.round(SIZE * dpr), Math.round(SIZE * 0.75 * dpr), 'The graph as terrain: drag to orbit');
    const rangeText = el('p', { class: 'lf-note', 'data-range': '' });
    const subText = el('p', { class: 'lf-note' });
    const error = el('p', { class: 'lf-error', role: 'alert' });
    const editor = el('div', { class: 'lf-graph-editor' });
    stage.append(
      el('link', { rel: 'stylesheet', href: new URL('../../css/playground.css', import.meta.url).href }),
      el('div', { class: 'lf-playground' },
        editor,
        el('div', { class: 'lf-graph-views' },
          el('div', { class: 'lf-panel' }, main, rangeText),
          el('div', { class: 'lf-panel' }, sub, subText),
          el('div', { class: 'lf-panel lf-graph-3d' }, view3d),
          error)));
    const gl = createTerrainView(view3d, { meshMax: 128 });
    if (!gl) view3d.replaceWith(el('p', { class: 'lf-note' }, 'The 3D view needs WebGL2, which this browser does not offer.'));
    const ctx = main.getContext('2d'), sctx = sub.getContext('2d');
    const image = ctx.createImageData(SIZE, SIZE), simage = sctx.createImageData(NODE, NODE);
    const colors = new Uint8Array(SIZE * SIZE * 4);
    let values = new Float32Array(SIZE * SIZE), nodeValues = new Float32Array(NODE * NODE);
    let spec = decode(state.spec) ?? PRESETS[0].spec, lo = -1, hi = 1;

    const outline = createOutline(editor, {
      onEdit: (next) => { spec = next; change?.('spec', encode(next)); },
      onSelect: () => draw(spec, stateNow),
    });
    let stateNow = state;

    const draw = latest(stage, async (g, s) => {
      try {
        const p = pool();
        [lo, hi] = await p.range(g);
        values = await p.fill2d(g, regionFor(SIZE, s.zoom), values);
        paint(image, values, lo, hi, s.palette);
        ctx.putImageData(image, 0, 0);
        let min = Infinity, max = -Infinity;
        for (const v of values) { if (v < min) min = v; if (v > max) max = v; }
        rangeText.textContent = `range [${lo.toFixed(3)}, ${hi.toFixed(3)}] · this view [${min.toFixed(3)}, ${max.toFixed(3)}]`;
        stage.dataset.hash = hash(values);
        stage.dataset.range = `${lo},${hi}`;
        const path = outline.selected;
        const part = nodeAt(g, path);
        const [nlo, nhi] = path ? await p.range(part) : [lo, hi];
        nodeValues = await p.fill2d(part, regionFor(NODE, s.zoom), nodeValues);
        paint(simage, nodeValues, nlo, nhi, s.palette);
        sctx.putImageData(simage, 0, 0);
        subText.textContent = `${path || 'the whole graph'} · range [${nlo.toFixed(3)}, ${nhi.toFixed(3)}]`;
        if (gl) {
          const k = 1 / Math.max(1e-6, hi - lo);
          paint({ data: colors }, values, lo, hi, s.palette);
          gl.setTerrain(values.map((v) => 0.35 * (v - lo) * k), SIZE, SIZE, colors, 0);
        }
        error.textContent = '';
        outline.mark(null);
        delete stage.dataset.error;
      } catch (e) {
        // A bad graph: say which node, next to it, and keep the last good picture.
        const path = errorPath(e.message) ?? '';
        outline.mark(path, e.message);
        error.textContent = `This graph cannot be built: ${e.message}`;
        stage.dataset.error = path;
      }
    });

    outline.show(spec);
    await draw(spec, state);

    const copy = (label, tool, text) => el('button', {
      type: 'button', class: 'lf-tool', 'data-tool': tool,
      onclick: async () => {
        const t = text();
        stage.dataset.copied = t;
        try { await navigator.clipboard.writeText(t); error.textContent = `${label} copied.`; }
        catch { error.textContent = `Copy failed; here it is:\n${t}`; }
      },
    }, `Copy ${label}`);

    return {
      update(s, keys) {
        stateNow = s;
        if (keys.includes('preset')) {
          spec = PRESETS.find((p) => p.key === s.preset).spec;
          outline.show(spec, '');
          change?.('spec', encode(spec));
          return undefined;   // the spec's change draws it
        } else if (keys.includes('spec')) {
          const next = decode(s.spec);
          if (next && encode(next) !== encode(spec)) { spec = next; outline.show(spec); }
        }
        return draw(spec, s);
      },
      heightmap: () => ({ values, width: SIZE, height: SIZE, lo, hi }),
      tools: [
        copy('spec JSON', 'spec', () => JSON.stringify(spec, null, 2)),
        copy('JS snippet', 'snippet', () => snippet(spec, regionFor(SIZE, stateNow.zoom))),
      ],
    };
  },
};
