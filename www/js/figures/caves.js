// Figure 6: caves. Perlin noise mapped to [0, 1] and thresholded into rock and air,
// then smoothed by a cellular automaton, then its small pockets removed or every cave
// joined to the largest. All of it runs in landform (caveThreshold, caveSmooth,
// caveRegions, cavePockets, caveConnect); this module only draws and counts.
import { canvas } from '../figure.js';
import { fieldFor } from '../landform.js';
import { el } from '../controls.js';

const W = 192, H = 128, K = 2; // cells, and pixels per cell

// ABGR words for a Uint32Array view of ImageData (little-endian).
const rgb = (r, g, b) => (255 << 24 | b << 16 | g << 8 | r) >>> 0;
const ROCK = rgb(58, 50, 46), AIR = rgb(240, 232, 218), POCKET = rgb(236, 170, 160);
const FILLED = rgb(120, 78, 66), TUNNEL = rgb(232, 140, 40);

export default {
  name: 'caves',
  title: 'Caves from a threshold, cleaned up by a cellular automaton',
  caption: 'Figure 6. “Threshold only”: Perlin noise (a few octaves, for ragged edges worth cleaning up) mapped to [0, 1]; every cell below the threshold is rock (dark), the rest air (light). Raise the threshold and the caves close; lower it and the rock crumbles. Pink: pockets, caves smaller than the minimum size. “Smoothed, pockets handled”: the same map after the cellular automaton (an air cell turns to rock when at least “birth” of its 8 neighbours are rock; rock survives with at least “survival” rock neighbours) and then either keeping the pockets, filling them (brown), or joining every cave to the largest with one-cell tunnels (orange).',
  controls: [
    { key: 'threshold', type: 'range', label: 'Threshold', min: 0.3, max: 0.7, step: 0.01, value: 0.5 },
    { key: 'scale', type: 'range', label: 'Scale', min: 6, max: 60, step: 1, value: 20 },
    { key: 'octaves', type: 'range', label: 'Octaves', min: 1, max: 5, step: 1, value: 3 },
    { key: 'seed', type: 'seed', label: 'Seed', value: 7 },
    { key: 'iterations', type: 'range', label: 'CA steps', min: 0, max: 10, step: 1, value: 4 },
    { key: 'birth', type: 'range', label: 'Birth ≥', min: 1, max: 9, step: 1, value: 5 },
    { key: 'survival', type: 'range', label: 'Survival ≥', min: 0, max: 9, step: 1, value: 4 },
    { key: 'pockets', type: 'choice', label: 'Pockets', options: [['keep', 'Keep'], ['remove', 'Remove'], ['connect', 'Connect']], value: 'remove' },
    { key: 'minSize', type: 'range', label: 'Min cave (cells)', min: 0, max: 400, step: 5, value: 60 },
  ],

  mount(stage, state, lf) {
    const make = (label, title) => {
      const c = canvas(W * K, H * K, label);
      const ctx = c.getContext('2d');
      stage.append(el('div', { class: 'lf-panel' }, c, el('span', {}, title)));
      return { ctx, image: ctx.createImageData(W * K, H * K) };
    };
    const left = make('Cave map from the threshold alone: dark rock, light air, pink pockets', 'Threshold only');
    const right = make('Cave map after smoothing and pocket handling', 'Smoothed, pockets handled');
    const table = el('table', { class: 'lf-cavestats' });
    const readout = el('div', { class: 'lf-ptext lf-full', 'aria-live': 'polite' }, table);
    stage.append(readout);
    const values = new Float32Array(W * H);

    // Paints a grid; `shade(i)` may override the colour of cell i.
    function draw(panel, grid, shade) {
      const px = new Uint32Array(panel.image.data.buffer), row = W * K;
      for (let j = 0; j < H; j++) {
        for (let i = 0; i < W; i++) {
          const c = j * W + i, color = shade(c) ?? (grid[c] ? ROCK : AIR);
          const o = j * K * row + i * K;
          px[o] = px[o + 1] = px[o + row] = px[o + row + 1] = color; // K = 2
        }
      }
      panel.ctx.putImageData(panel.image, 0, 0);
    }

    // Caves and pockets (caves under minSize cells) from landform's region labelling.
    function count(grid, minSize) {
      const r = lf.caveRegions(grid, W, H);
      let pockets = 0;
      for (const s of r.sizes) if (s < minSize) pockets++;
      let rock = 0;
      for (const g of grid) rock += g ? 1 : 0;
      return { regions: r, caves: r.count, pockets, rock: rock / grid.length };
    }

    function update(s) {
      fieldFor({ noise: 'perlin', seed: s.seed, fractal: { kind: 'fbm', octaves: s.octaves } }).fill2d(values, { width: W, height: H, scale: s.scale, x0: 0.5, y0: 0.5 });
      for (let i = 0; i < values.length; i++) values[i] = (values[i] + 1) / 2;
      const raw = lf.caveThreshold(values, s.threshold);
      const smooth = lf.caveSmooth(raw, W, H, s.iterations, s.birth, s.survival);
      const a = count(raw, s.minSize), b = count(smooth, s.minSize);
      let final = smooth;
      if (s.pockets === 'remove') final = lf.cavePockets(smooth, W, H, s.minSize).grid;
      if (s.pockets === 'connect') final = lf.caveConnect(smooth, W, H).grid;
      const c = s.pockets === 'keep' ? b : count(final, s.minSize);

      const small = (r, i) => r.labels[i] && r.sizes[r.labels[i] - 1] < s.minSize;
      draw(left, raw, (i) => (small(a.regions, i) ? POCKET : undefined));
      draw(right, final, (i) => {
        if (final[i] !== smooth[i]) return final[i] ? FILLED : TUNNEL;
        return s.pockets === 'keep' && small(b.regions, i) ? POCKET : undefined;
      });

      const label = { keep: 'kept', remove: 'pockets removed', connect: 'caves connected' }[s.pockets];
      const rows = [['Threshold only', a, 'raw'], [`After ${s.iterations} CA step${s.iterations === 1 ? '' : 's'}`, b, 'smoothed'], [`Then ${label}`, c, 'final']];
      table.replaceChildren(
        el('thead', {}, el('tr', {}, el('th', {}, ''), el('th', {}, 'caves'), el('th', {}, `pockets < ${s.minSize}`), el('th', {}, 'rock'))),
        el('tbody', {}, ...rows.map(([name, r, key]) => el('tr', { 'data-stage': key, 'data-caves': r.caves, 'data-pockets': r.pockets, 'data-rock': r.rock.toFixed(4) },
          el('th', {}, name), el('td', {}, String(r.caves)), el('td', {}, String(r.pockets)), el('td', {}, `${(100 * r.rock).toFixed(1)} %`)))),
      );
    }
    update(state);
    return { update };
  },
};
