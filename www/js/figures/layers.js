// Figure 5b: the octaves one by one. Top row: each octave on its own, scaled by its
// amplitude; bottom row: the running sum after that octave. The last sum is the fBm.
//
// Octave i of landform's fBm is the base noise at frequency lacunarityⁱ with weight
// persistenceⁱ / Σ weights (src/fractal.rs), so octave i alone is a single-octave
// Perlin field filled at scale / lacunarityⁱ, times that weight; and the running sum
// after k octaves is landform's k-octave fBm times (Σ of its k weights) / Σ all weights.
//
// The twelve fills (~10 ms together at six octaves) run in the page's worker pool.
import { paint } from '../palettes.js';
import { canvas } from '../figure.js';
import { el } from '../controls.js';
import { pool, latest } from '../landform.js';

const S = 128, MAX = 6;

export default {
  name: 'layers',
  title: 'Octaves as layers',
  caption: 'Figure 5b. Top: each octave alone, at its own frequency and weighted by its amplitude (later octaves are fainter because they count for less). Bottom: the sum so far. The first octave decides where the mountains are; the others only roughen them. “Stretch layers” shows each octave at full contrast so its pattern is visible.',
  controls: [
    { key: 'octaves', type: 'range', label: 'Octaves', min: 1, max: MAX, step: 1, value: 4 },
    { key: 'persistence', type: 'range', label: 'Persistence', min: 0.1, max: 1, step: 0.01, value: 0.5 },
    { key: 'lacunarity', type: 'range', label: 'Lacunarity', min: 1, max: 4, step: 0.01, value: 2 },
    { key: 'stretch', type: 'toggle', label: 'Stretch layers', value: false },
    { key: 'seed', type: 'seed', label: 'Seed', value: 1337 },
  ],

  async mount(stage, state) {
    const layerRow = el('div', { class: 'lf-row lf-row6' });
    const sumRow = el('div', { class: 'lf-row lf-row6' });
    stage.append(el('p', { class: 'lf-rowlabel' }, 'Each octave, weighted'), layerRow, el('p', { class: 'lf-rowlabel' }, 'Running sum'), sumRow);
    const make = (row, label) => {
      const c = canvas(S, S, label);
      const span = el('span', {});
      const cell = el('div', { class: 'lf-cell' }, c, span);
      row.append(cell);
      const ctx = c.getContext('2d');
      return { cell, span, ctx, image: ctx.createImageData(S, S) };
    };
    const layers = Array.from({ length: MAX }, (_, i) => make(layerRow, `Octave ${i + 1} alone`));
    const sums = Array.from({ length: MAX }, (_, i) => make(sumRow, `Sum of octaves 1 to ${i + 1}`));
    const layerValues = layers.map(() => new Float32Array(S * S));
    const sumValues = sums.map(() => new Float32Array(S * S));
    const [lo, hi] = await pool().range({ noise: 'perlin' }); // the same for every seed

    const draw = latest(stage, async (s) => {
      const scale = 64;
      const amps = [], freqs = [];
      let a = 1, f = 1, total = 0;
      for (let i = 0; i < s.octaves; i++) { amps.push(a); freqs.push(f); total += a; a *= s.persistence; f *= s.lacunarity; }
      const workers = pool();
      const sumSpec = (i) => ({ noise: 'perlin', seed: s.seed, fractal: { kind: 'fbm', octaves: i + 1, persistence: s.persistence, lacunarity: s.lacunarity } });
      await Promise.all(amps.flatMap((_, i) => [
        workers.fill2d({ noise: 'perlin', seed: s.seed }, { width: S, height: S, scale: scale / freqs[i], x0: 0.5 * freqs[i], y0: 0.5 * freqs[i] }, layerValues[i]),
        workers.fill2d(sumSpec(i), { width: S, height: S, scale, x0: 0.5, y0: 0.5 }, sumValues[i]),
      ]));
      let partial = 0;
      for (let i = 0; i < MAX; i++) {
        const show = i < s.octaves;
        layers[i].cell.hidden = sums[i].cell.hidden = !show;
        if (!show) continue;
        const w = amps[i] / total;
        let values = layerValues[i];
        if (!s.stretch) for (let k = 0; k < values.length; k++) values[k] *= w;
        // Weighted layers share one gray scale, set so the first (loudest) fills it.
        const k0 = s.stretch ? 1 : amps[0] / total;
        layers[i].ctx.putImageData(paint(layers[i].image, values, lo * k0, hi * k0, 'gray'), 0, 0);
        layers[i].span.textContent = `×${freqs[i].toFixed(freqs[i] % 1 ? 2 : 0)} freq, weight ${w.toFixed(3)}`;

        partial += amps[i];
        values = sumValues[i];
        const k = partial / total;
        for (let q = 0; q < values.length; q++) values[q] *= k;
        sums[i].ctx.putImageData(paint(sums[i].image, values, lo, hi, 'terrain'), 0, 0);
        sums[i].span.textContent = i === 0 ? 'octave 1' : `octaves 1–${i + 1}`;
      }
    });
    await draw(state);
    return { update: draw, destroy() {} };
  },
};
