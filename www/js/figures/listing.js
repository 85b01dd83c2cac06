// Figure 3d: Perlin noise in plain JavaScript. The figure shows the complete source of
// js/listing/perlin2.js and draws its picture by importing and running that very file,
// so the code on the page is the code that made the picture.
import { canvas } from '../figure.js';
import { el } from '../controls.js';
import { drawNoise } from '../listing/perlin2.js';

const SIZE = 200;
const SOURCE = new URL('../listing/perlin2.js', import.meta.url);

export default {
  name: 'listing',
  title: 'Perlin noise in plain JavaScript',
  caption: 'Figure 3d. The whole program, under eighty lines of plain JavaScript with no library: a seeded permutation table, the fade curve, eight gradient directions, one cell’s blend, and the octave loop. The picture is drawn by this code itself, running in your browser; move the sliders to call drawNoise again.',
  controls: [
    { key: 'seed', type: 'seed', label: 'Seed', value: 1 },
    { key: 'scale', type: 'range', label: 'Scale', min: 8, max: 96, step: 1, value: 32 },
    { key: 'octaves', type: 'range', label: 'Octaves', min: 1, max: 6, step: 1, value: 4 },
    { key: 'persistence', type: 'range', label: 'Persistence', min: 0.1, max: 0.9, step: 0.01, value: 0.5 },
  ],

  async mount(stage, state) {
    const picture = canvas(SIZE, SIZE, 'Perlin fBm drawn by the listing beside it');
    const code = el('code', {});
    const listing = el('pre', { class: 'lf-listing', tabindex: '0', 'aria-label': 'Source of perlin2.js' }, code);
    stage.append(el('div', { class: 'lf-panel lf-top' }, picture, el('span', {}, 'drawNoise(canvas, …)')), listing);
    code.textContent = await (await fetch(SOURCE)).text();
    const draw = (s) => drawNoise(picture, { seed: s.seed, scale: s.scale, octaves: s.octaves, persistence: s.persistence });
    draw(state);
    const copy = el('button', {
      type: 'button', class: 'lf-tool', 'data-tool': 'copy-code',
      onclick: async () => { try { await navigator.clipboard.writeText(code.textContent); copy.textContent = 'Code copied'; } catch { getSelection().selectAllChildren(code); } },
    }, 'Copy the code');
    return { update: draw, tools: [copy] };
  },
};
