// The playground: build a field graph (docs/graphs.md) in a nested outline and see it
// live: the whole graph as a map and in 3D, the selected node on its own, the bound
// `field.range` computes through the graph. Every fill runs in the page's worker pool;
// the spec lives in the URL (and in an embed's `spec` attribute) as base64url JSON.
import { el, superscript } from '../controls.js';
import { canvas } from '../figure.js';
import { paint } from '../palettes.js';
import { pool, latest } from '../landform.js';
import { createTerrainView } from './island-gl.js';
import { createOutline } from '../graph/outline.js';
import { encode, decode, nodeAt, errorPath, snippet } from '../graph/tree.js';
import { fnv as hash } from '../hash.js';

const SIZE = 320, NODE = 160;
// The package's named graphs (`presets()`), by their keys there.
const PRESETS = [['island', 'Island'], ['ridgedMountains', 'Ridged mountains'], ['canyons', 'Canyons'], ['marble', 'Marble']];

// The sun of the relief view: from the north-west (up-left on the map), 45° up.
const SUN = [-0.5, -0.5, Math.SQRT1_2];

/** Packs the palette colours of `image` (already painted) dimmed or lit by the normals
 *  `n` (x, y, z per pixel): ambient 0.4 plus 0.6 × the sun's cosine, 1 on flat ground. */
function light(image, n) {
  const px = image.data;
  for (let i = 0, j = 0; i < px.length; i += 4, j += 3) {
    const cos = n[j] * SUN[0] + n[j + 1] * SUN[1] + n[j + 2] * SUN[2];
    const k = Math.min(1.3, Math.max(0.35, 0.4 + 0.6 * cos / SUN[2]));
    for (let c = 0; c < 3; c++) px[i + c] *= k;
  }
}

/** |∇f| per noise unit from the ∂x and ∂y planes of a derivative fill of `n` cells. */
function slopes(deriv, n, out) {
  for (let i = 0; i < n; i++) out[i] = Math.hypot(deriv[n + i], deriv[2 * n + i]);
  return out;
}

/** The value where `share` of `values` lies below (a 1024-bin histogram over [0, max]). */
function quantile(values, share) {
  let max = 0;
  for (const v of values) if (v > max) max = v;
  if (!(max > 0)) return 1;
  const bins = new Uint32Array(1024), k = 1023 / max;
  for (const v of values) bins[(v * k) | 0]++;
  for (let b = 0, below = 0; b < 1024; b++) if ((below += bins[b]) >= share * values.length) return (b + 1) / k;
  return max;
}

// Numbers for people: 0.125, 2.30 × 10⁵ (not 2.30e+5).
function num(v) {
  if (!(Math.abs(v) >= 1e4)) return v.toFixed(3);
  const [m, e] = v.toExponential(2).split('e');
  return `${m} × 10${superscript(Number(e))}`;
}
// A bound past 10¹² comes from a coordinate node (x, y, z, distance): such a field
// grows without end across the plane, and its bound is where positions stop.
const span = (a, b) =>
  `[${num(a)}, ${num(b)}]` + (Math.max(Math.abs(a), Math.abs(b)) >= 1e12 ? ' (grows with position)' : '');

// The colour scale: the bound, unless it is far wider than what the view holds (a
// `distance` node is unbounded on the plane), then the view's own spread. Returns
// [lo, hi, the view's spread as text].
function colours(lo, hi, values) {
  let min = Infinity, max = -Infinity;
  for (const v of values) { if (v < min) min = v; if (v > max) max = v; }
  const view = span(min, max);
  if (hi - lo <= 4 * (max - min) || max <= min) return [lo, hi, view];
  return [min, max, `${view} (colours span this view)`];
}

/** The region a preview of `side` pixels covers: the same SIZE / zoom noise units from
 *  the origin whatever its size (the presets are sized for 8 units), pixel centres. */
export const regionFor = (side, zoom) => ({ width: side, height: side, scale: zoom * side / SIZE, x0: 0.5, y0: 0.5 });

export default {
  name: 'playground',
  title: 'Field graph playground',
  caption: 'Build a field from nodes: each card is one operation with its inputs nested under it; a plain noise is a leaf. Pick an operation from a card’s menu, wrap a card in a new one, move inputs with the arrows. Left, the whole graph, coloured over the bound landform computes for it; beside it the node picked with ◉ alone; under them the graph as terrain (drag to turn it). Copy the spec, a JavaScript snippet or the embed code below.',
  controls: [
    // The graph as base64url JSON; '' (the default) is the chosen preset as it is.
    { key: 'spec', type: 'text', value: '' },
    { key: 'preset', type: 'choice', label: 'Start from', options: PRESETS, value: 'island' },
    { key: 'zoom', type: 'range', label: 'Zoom (px per unit)', min: 8, max: 256, step: 1, value: 40 },
    // What the main map shows: the value, or through the analytic gradient
    // (`fill2dDeriv`) the relief lit by its normals or the steepness.
    { key: 'show', type: 'choice', label: 'Show', options: [['height', 'Height'], ['relief', 'Lit relief'], ['slope', 'Slope']], value: 'height' },
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
    let values = new Float32Array(SIZE * SIZE), deriv = new Float32Array(3 * SIZE * SIZE), nodeValues = new Float32Array(NODE * NODE);
    const presets = lf.presets();
    let spec = decode(state.spec) ?? presets[state.preset], lo = -1, hi = 1, scale = [-1, 1];

    const outline = createOutline(editor, {
      onEdit: (next) => { spec = next; change?.('spec', encode(next)); },
      onSelect: () => draw(spec, stateNow),
    });
    let stateNow = state;

    const draw = latest(stage, async (g, s) => {
      try {
        const p = pool();
        [lo, hi] = await p.range(g);
        if (s.show === 'height') { delete stage.dataset.derivError; delete stage.dataset.derivHash; }
        const why = s.show === 'height' ? 'height' : await derivatives(p, g, s);
        const gradient = why === '';
        if (!gradient) values = await p.fill2d(g, regionFor(SIZE, s.zoom), values);
        const [clo, chi, view] = colours(lo, hi, values);
        scale = [clo, chi];
        rangeText.textContent = `range ${span(lo, hi)} · this view ${view}`;
        if (why !== '' && why !== 'height') rangeText.textContent += ` · no ${s.show} view: ${why}`;
        if (gradient && s.show === 'slope') {
          const steep = slopes(deriv, SIZE * SIZE, new Float32Array(SIZE * SIZE)), top = quantile(steep, 0.99);
          paint(image, steep, 0, top, 'heat');
          rangeText.textContent += ` · slope 0 to ${num(top)} per unit (99 % of the view)`;
        } else {
          paint(image, values, clo, chi, s.palette);
          if (gradient) light(image, relief(deriv, chi - clo, s.zoom));
        }
        ctx.putImageData(image, 0, 0);
        stage.dataset.hash = hash(values);
        stage.dataset.spec = JSON.stringify(g);
        stage.dataset.range = `${lo},${hi}`;
        const path = outline.selected;
        const part = nodeAt(g, path);
        const [nlo, nhi] = path ? await p.range(part) : [lo, hi];
        nodeValues = await p.fill2d(part, regionFor(NODE, s.zoom), nodeValues);
        const [nclo, nchi] = colours(nlo, nhi, nodeValues);
        paint(simage, nodeValues, nclo, nchi, s.palette);
        sctx.putImageData(simage, 0, 0);
        subText.textContent = `${path || 'the whole graph'} · range ${span(nlo, nhi)}`;
        if (gl) {
          // Heights over the colour scale; with the terrain palette the sea is its shore.
          const k = 0.6 / Math.max(1e-6, chi - clo);
          paint({ data: colors }, values, clo, chi, s.palette);
          gl.setTerrain(values.map((v) => Math.min(0.6, Math.max(0, (v - clo) * k))), SIZE, SIZE, colors, s.palette === 'terrain' ? 0.3 : 0);
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

    // The derivative fill of the main map into `deriv` (its value plane into `values`,
    // the same bits as a plain fill): '', or why not for a graph without a derivative
    // (one with a `terrace`), which then draws its heights.
    async function derivatives(p, g, s) {
      delete stage.dataset.derivError;
      delete stage.dataset.derivHash;
      try {
        deriv = await p.fill2dDeriv(g, regionFor(SIZE, s.zoom), deriv);
      } catch (e) {
        if (!(e instanceof TypeError)) throw e;
        stage.dataset.derivError = errorPath(e.message) ?? '';
        return e.message;
      }
      values.set(deriv.subarray(0, SIZE * SIZE));
      stage.dataset.derivHash = hash(deriv);
      return '';
    }

    // Unit normals of the map as a relief whose whole colour scale `spread` stands
    // 0.15 × the map's width high (the 3D view's proportions, roughly): per pixel the
    // slope of that surface is the gradient per unit × height per value ÷ pixels per unit.
    const normals = new Float32Array(3 * SIZE * SIZE);
    function relief(d, spread, zoom) {
      lf.normalMapFromDeriv(normals, d, SIZE, SIZE, Math.min(1e4, 0.15 * SIZE / Math.max(1e-6, spread) / zoom));
      return normals;
    }

    // The second preview starts on the root's first input (the root is the main map).
    outline.show(spec, spec.inputs ? 'inputs[0]' : '');
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
          spec = presets[s.preset];
          outline.show(spec, spec.inputs ? 'inputs[0]' : '');
          change?.('spec', '');
          return undefined;   // the spec's change draws it
        } else if (keys.includes('spec')) {
          const next = decode(s.spec) ?? presets[s.preset];
          if (next && encode(next) !== encode(spec)) { spec = next; outline.show(spec); }
        }
        return draw(spec, s);
      },
      heightmap: () => ({ values, width: SIZE, height: SIZE, lo: scale[0], hi: scale[1] }),
      tools: [
        copy('spec JSON', 'spec', () => JSON.stringify(spec, null, 2)),
        copy('JS snippet', 'snippet', () => snippet(spec, regionFor(SIZE, stateNow.zoom))),
      ],
    };
  },
};
