// Figure 1: a 2D heatmap of Perlin or value noise with fBm octaves, three palettes and
// a seed button (the noise article's first figure). The 512² fill runs in the page's
// worker pool, so dragging a slider never holds the main thread for the fill.
import { paintRanked } from '../palettes.js';
import { canvas } from '../figure.js';
import { pool, latest } from '../landform.js';

const SIZE = 512;

export default {
  name: 'heatmap',
  title: 'Perlin and value noise as a heatmap',
  caption: 'Figure 1. Scale sets how wide features are; octaves add finer layers; persistence sets how much each extra layer weighs (0.5 is classic); lacunarity how much the frequency rises between layers (2 is classic). The colours follow the map’s own spread of values: the lowest half of the cells is water, then come grass, brown mountain (about a tenth) and, on the top few percent, rock and snow. Read the terrain palette as a heightmap: blue water, green grass, brown mountain, white snow.',
  controls: [
    { key: 'noise', type: 'choice', label: 'Noise', options: [['perlin', 'Perlin'], ['value', 'Value']], value: 'perlin' },
    { key: 'palette', type: 'choice', label: 'Palette', options: [['terrain', 'Terrain'], ['heat', 'Heat'], ['gray', 'Gray']], value: 'terrain' },
    { key: 'seed', type: 'seed', label: 'New seed', value: 42 },
    { key: 'scale', type: 'range', label: 'Scale', min: 4, max: 128, step: 1, value: 32 },
    { key: 'octaves', type: 'range', label: 'Octaves', min: 1, max: 8, step: 1, value: 4 },
    { key: 'persistence', type: 'range', label: 'Persistence', min: 0.1, max: 1, step: 0.01, value: 0.5 },
    { key: 'lacunarity', type: 'range', label: 'Lacunarity', min: 1, max: 4, step: 0.01, value: 2 },
  ],

  async mount(stage, state) {
    const c = canvas(SIZE, SIZE, 'Noise heatmap');
    stage.append(c);
    const ctx = c.getContext('2d');
    const image = ctx.createImageData(SIZE, SIZE);
    let values = new Float32Array(SIZE * SIZE), lo = 0, hi = 1;

    const draw = latest(stage, async (s) => {
      const spec = { noise: s.noise, seed: s.seed, fractal: { kind: 'fbm', octaves: s.octaves, persistence: s.persistence, lacunarity: s.lacunarity } };
      // Sample pixel centres (x0 = y0 = ½): at whole-number positions octaves whose frequency
      // is a multiple of the scale would land on lattice points, where gradient noise is 0.
      values = await pool().fill2d(spec, { width: SIZE, height: SIZE, scale: s.scale, x0: 0.5, y0: 0.5 }, values);
      ({ lo, hi } = paintRanked(image, values, s.palette));
      ctx.putImageData(image, 0, 0);
    });
    await draw(state);
    const heightmap = () => ({ values, width: SIZE, height: SIZE, lo, hi });
    return { update: draw, heightmap };
  },
};
