// Figure 5: octaves. Same seed (1337) and scale (32), one to six octaves of fBm side
// by side: the large shapes stay put while each octave adds finer detail. The six
// fills (up to ~12 ms together) run in the page's worker pool; painting stays here.
import { paint } from '../palettes.js';
import { canvas } from '../figure.js';
import { el } from '../controls.js';
import { pool, latest } from '../landform.js';

const S = 150, COUNTS = [1, 2, 3, 4, 5, 6];

export default {
  name: 'octaves',
  title: 'Adding octaves',
  caption: 'Figure 5. One seed, one scale, one to six octaves. The big structure is the same in every panel: each new octave (twice the frequency, half the amplitude at the classic settings) only adds smaller bumps on top. Persistence sets how loud each new octave is; lacunarity how much finer it gets.',
  controls: [
    { key: 'persistence', type: 'range', label: 'Persistence', min: 0.1, max: 1, step: 0.01, value: 0.5 },
    { key: 'lacunarity', type: 'range', label: 'Lacunarity', min: 1, max: 4, step: 0.01, value: 2 },
    { key: 'scale', type: 'range', label: 'Scale', min: 8, max: 96, step: 1, value: 32 },
    { key: 'seed', type: 'seed', label: 'Seed', value: 1337 },
    { key: 'palette', type: 'choice', label: 'Palette', options: [['terrain', 'Terrain'], ['gray', 'Gray']], value: 'terrain' },
  ],

  async mount(stage, state) {
    const row = el('div', { class: 'lf-row lf-row6' });
    stage.append(row);
    const panels = COUNTS.map((n) => {
      const c = canvas(S, S, `fBm with ${n} octave${n > 1 ? 's' : ''}`);
      row.append(el('div', { class: 'lf-cell' }, c, el('span', {}, `${n} octave${n > 1 ? 's' : ''}`)));
      const ctx = c.getContext('2d');
      return { n, ctx, image: ctx.createImageData(S, S), values: new Float32Array(S * S), range: null, key: '' };
    });

    const draw = latest(stage, async (s) => {
      await Promise.all(panels.map((p) => {
        const spec = { noise: 'perlin', seed: s.seed, fractal: { kind: 'fbm', octaves: p.n, persistence: s.persistence, lacunarity: s.lacunarity } };
        const key = JSON.stringify(spec);
        // The bound to paint with comes from the pool with the fill (a new spec only).
        const bound = key === p.key ? p.range : pool().range(spec);
        // Pixel centres: at scale 32 the sixth octave has one lattice cell per pixel, and
        // whole-number coordinates would land on lattice points, where Perlin noise is 0.
        const fill = pool().fill2d(spec, { width: S, height: S, scale: s.scale, x0: 0.5, y0: 0.5 }, p.values);
        return Promise.all([bound, fill]).then(([range]) => { p.range = range; p.key = key; });
      }));
      for (const p of panels) p.ctx.putImageData(paint(p.image, p.values, p.range[0], p.range[1], s.palette), 0, 0);
    });
    await draw(state);
    return { update: draw, destroy() {} };
  },
};
