// Figure 3b: what each step of the algorithm contributes. The same lattice and
// gradients (same seed) computed four ways by landform's teaching variants.
import { paintUp } from '../draw.js';
import { canvas } from '../figure.js';
import { fieldFor } from '../landform.js';
import { el } from '../controls.js';

const S = 200;
const PANELS = [
  ['perlin', 'Classic: quintic fade'],
  ['perlin-linear', 'Linear: no fade'],
  ['perlin-smoothstep', 'Smoothstep 3t² − 2t³'],
  ['perlin-corner-sw', 'South-west corner alone'],
];

export default {
  name: 'algorithm-variants',
  title: 'Classic, linear, smoothstep and one corner',
  caption: 'Figure 3b. One seed, four versions of the algorithm. Without the fade curve (linear) the cell edges show as creases; smoothstep hides them better but not fully; the quintic fade leaves no trace of the grid. The last panel keeps only the south-west corner’s term, dot(g, d) · (1 − u)(1 − v): a bump that lives in the lower-left of each cell, one of the four that add up to the classic picture.',
  controls: [
    { key: 'seed', type: 'seed', label: 'Seed', value: 42 },
    { key: 'scale', type: 'range', label: 'Cell size (px)', min: 16, max: 100, step: 1, value: 50 },
    { key: 'palette', type: 'choice', label: 'Palette', options: [['heat', 'Heat'], ['gray', 'Gray']], value: 'heat' },
  ],

  mount(stage, state) {
    const row = el('div', { class: 'lf-row' });
    stage.append(row);
    const panels = PANELS.map(([noise, label]) => {
      const c = canvas(S, S, `${label} Perlin noise heatmap`);
      row.append(el('div', { class: 'lf-cell' }, c, el('span', {}, label)));
      const ctx = c.getContext('2d');
      return { noise, ctx, image: ctx.createImageData(S, S) };
    });
    const values = new Float32Array(S * S);

    function draw(s) {
      for (const p of panels) {
        const field = fieldFor({ noise: p.noise, seed: s.seed });
        field.fill2d(values, { width: S, height: S, scale: s.scale, x0: 0.5, y0: 0.5 });
        const [lo, hi] = field.range;
        p.ctx.putImageData(paintUp(p.image, values, S, S, lo, hi, s.palette), 0, 0);
      }
    }
    draw(state);
    return { update: draw };
  },
};
