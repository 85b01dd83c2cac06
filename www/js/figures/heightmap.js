// Figure 7: a heightmap from fBm: 5 octaves, stretched to [0, 1], raised to the power
// k to widen the valleys and sharpen the peaks, with a side view along one row. The
// fill runs in the page's worker pool (a new scale or seed); k, sea level, palette and
// row only repaint the map kept here.
import { paint, ramp } from '../palettes.js';
import { canvas } from '../figure.js';
import { pool, latest } from '../landform.js';
import { el } from '../controls.js';

const S = 320, PH = 120;

export default {
  name: 'heightmap',
  title: 'A heightmap: fBm, normalised, then shaped',
  caption: 'Figure 7. fBm with 5 octaves, stretched to [0, 1] (0 at this map’s lowest point, 1 at its highest), then raised to the power k. k = 1 keeps the noise as it is; larger k pushes most of the land down into broad lowlands and leaves a few sharp peaks. The terrain colours put the coast at the sea level slider. Below: the side view along the marked row. Drag on the map, or focus it and use the arrow keys, to move the row.',
  controls: [
    { key: 'k', type: 'range', label: 'Exponent k', min: 0.5, max: 5, step: 0.1, value: 2.5, digits: 1 },
    { key: 'scale', type: 'range', label: 'Scale', min: 32, max: 256, step: 1, value: 128 },
    { key: 'row', type: 'range', label: 'Profile row', min: 0, max: S - 1, step: 1, value: 160 },
    { key: 'sea', type: 'range', label: 'Sea level', min: 0, max: 0.5, step: 0.01, value: 0.08 },
    { key: 'palette', type: 'choice', label: 'Palette', options: [['terrain', 'Terrain'], ['gray', 'Gray']], value: 'terrain' },
    { key: 'seed', type: 'seed', label: 'Seed', value: 42 },
  ],

  async mount(stage, state) {
    const map = canvas(S, S, 'Heightmap in the terrain palette with the profile row marked');
    map.tabIndex = 0;
    map.classList.add('lf-interactive');
    const side = canvas(S, PH, 'Side view: the terrain along the marked row');
    stage.append(el('div', { class: 'lf-panel lf-stack' }, map, side));
    const mctx = map.getContext('2d'), sctx = side.getContext('2d');
    const image = mctx.createImageData(S, S);
    // raw: the stretched map on screen; spare: the pool fills it, then the two swap, so
    // a repaint while a fill is in flight never shows half of each.
    let raw = new Float32Array(S * S), spare = new Float32Array(S * S);
    const height = new Float32Array(S * S);
    let key = '', set = () => {};

    const specOf = (s) => ({ noise: 'perlin', seed: s.seed, fractal: { kind: 'fbm', octaves: 5, persistence: 0.5, lacunarity: 2 } });
    const keyOf = (s) => JSON.stringify(specOf(s)) + s.scale;

    // One fill at a time; a newer seed or scale asked for meanwhile wins (latest).
    const refill = latest(stage, async (s) => {
      const k = keyOf(s);
      if (k !== key) {
        spare = await pool().fill2d(specOf(s), { width: S, height: S, scale: s.scale, x0: 0.5, y0: 0.5 }, spare);
        // Stretch by this map's own extremes: fBm rarely comes near its theoretical
        // bound (field.range), so (h − lo)/(hi − lo) with that bound would crowd every
        // value into the middle and the power k would sink the whole map underwater.
        let lo = Infinity, hi = -Infinity;
        for (const v of spare) { if (v < lo) lo = v; if (v > hi) hi = v; }
        const inv = 1 / (hi - lo || 1);
        for (let i = 0; i < spare.length; i++) spare[i] = (spare[i] - lo) * inv;
        [raw, spare] = [spare, raw];
        key = k;
      }
      paintAll(s);
    });

    // Repaints at once when only k, sea, palette or row changed; else refills first.
    function draw(s) {
      if (keyOf(s) !== key) return refill(s);
      paintAll(s);
    }

    function paintAll(s) {
      for (let i = 0; i < raw.length; i++) height[i] = Math.pow(raw[i], s.k);
      // The terrain palette puts its coastline at 0.49 of the ramp; place that at the
      // chosen sea level so lowlands read as land (gray: heights as they are).
      const lo = s.palette === 'terrain' ? (s.sea - 0.49) / 0.51 : 0;
      mctx.putImageData(paint(image, height, lo, 1, s.palette), 0, 0);
      const row = s.row;
      mctx.fillStyle = 'rgba(255,255,255,.9)';
      mctx.fillRect(0, row - 1, S, 3);
      mctx.fillStyle = '#1d2330';
      mctx.fillRect(0, row, S, 1);

      // Side view: one filled column per map column, coloured as on the map.
      const lut = ramp(s.palette);
      sctx.fillStyle = '#eef4fa';
      sctx.fillRect(0, 0, S, PH);
      const base = PH - 4, top = 10;
      for (let x = 0; x < S; x++) {
        const h = height[row * S + x], t = Math.min(255, Math.max(0, (h - lo) / (1 - lo) * 255)) | 0;
        sctx.fillStyle = `rgb(${lut[4 * t]},${lut[4 * t + 1]},${lut[4 * t + 2]})`;
        const y = base - h * (base - top);
        sctx.fillRect(x, y, 1, PH - y);
      }
      sctx.beginPath();
      for (let x = 0; x < S; x++) sctx.lineTo(x + 0.5, base - height[row * S + x] * (base - top));
      sctx.strokeStyle = '#1d2330'; sctx.lineWidth = 1.5; sctx.stroke();
      if (s.palette === 'terrain') {
        const y = base - s.sea * (base - top);
        sctx.fillStyle = 'rgba(38,99,168,.55)';
        sctx.fillRect(0, y, S, base - y > 0 ? PH - y : 0);
      }
      sctx.font = '12px system-ui, sans-serif'; sctx.fillStyle = '#5b6475';
      sctx.fillText(`row ${row}`, 6, 16);
    }

    function moveRow(r) {
      state.row = Math.max(0, Math.min(S - 1, Math.round(r)));
      set('row', state.row);
      draw(state);
    }
    const onPointer = (e) => {
      if (e.type === 'pointermove' && !e.buttons) return;
      const rect = map.getBoundingClientRect();
      moveRow((e.clientY - rect.top) * S / rect.height);
    };
    map.addEventListener('pointerdown', (e) => { map.setPointerCapture?.(e.pointerId); onPointer(e); });
    map.addEventListener('pointermove', onPointer);
    map.addEventListener('keydown', (e) => {
      const d = { ArrowUp: -1, ArrowDown: 1, PageUp: -32, PageDown: 32 }[e.key];
      if (!d) return;
      e.preventDefault();
      moveRow(state.row + d * (e.shiftKey ? 8 : 1));
    });
    await draw(state);
    return {
      update: draw,
      bind(s) { set = s; },
      heightmap: () => ({ values: height, width: S, height: S, lo: 0, hi: 1 }),
    };
  },
};
