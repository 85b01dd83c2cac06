// Figure 11: value, Perlin, simplex and Worley noise side by side at one seed and
// scale, each with its speed measured in this browser, and a table of trade-offs.
// The panels are filled in the page's worker pool (Worley fBm at six octaves takes
// ~100 ms); the speed measurement runs on this thread, after the panels are drawn.
import { paint } from '../palettes.js';
import { canvas } from '../figure.js';
import { el } from '../controls.js';
import { pool, latest, fieldFor } from '../landform.js';

const N = 192; // panel side
const T = 256; // timing fill side (256² = 65 536 samples per run)
const RUNS = 5;

const KINDS = [
  { noise: 'value', name: 'Value', pro: 'Trivial to write: random numbers on a grid, smoothly blended.', con: 'Blocky; the grid shows through.', use: 'Teaching, retro assets.' },
  { noise: 'perlin', name: 'Perlin (classic)', pro: 'The standard; smooth, no blocky cells.', con: 'Axis-aligned artefacts at high frequency; 2ⁿ corners per sample.', use: 'The historical default.' },
  { noise: 'simplex', name: 'Simplex', pro: 'Fewer artefacts, n + 1 corners per sample: scales to 3D and 4D.', con: 'More complex to implement.', use: '3D, animation, textures.' },
  { noise: 'worley', name: 'Worley (cellular)', pro: 'Cell-like patterns: distance to the nearest scattered point.', con: 'Not a smooth noise in the usual sense.', use: 'Stones, scales, honeycombs.' },
];

export default {
  name: 'variants',
  title: 'Four kinds of noise, side by side',
  caption: 'Figure 11. The same seed and scale through four generators. The speed under each is measured here, now, in your browser: the median of five fills of 256 × 256 samples with the current octaves.',
  controls: [
    { key: 'seed', type: 'seed', label: 'Seed', value: 42 },
    { key: 'scale', type: 'range', label: 'Scale', min: 8, max: 96, step: 1, value: 32 },
    { key: 'octaves', type: 'range', label: 'Octaves', min: 1, max: 6, step: 1, value: 1 },
    { key: 'measure', type: 'button', label: 'Measure again' },
  ],

  async mount(stage, state) {
    const timing = new Float32Array(T * T);
    const warm = new Float32Array(64 * 64);
    const panels = KINDS.map((k) => {
      const c = canvas(N, N, `${k.name} noise`);
      c.dataset.noise = k.noise;
      c.classList.add('lf-variant');
      const speed = el('span', { class: 'lf-speed', 'data-noise': k.noise }, 'measuring…');
      stage.append(el('div', { class: 'lf-panel lf-top' }, c, el('strong', {}, k.name), speed));
      return { k, c, ctx: c.getContext('2d'), img: c.getContext('2d').createImageData(N, N), speed, values: new Float32Array(N * N) };
    });
    const rows = KINDS.map((k) => el('tr', {}, el('th', { scope: 'row' }, k.name), el('td', { 'data-label': 'Pros' }, k.pro), el('td', { 'data-label': 'Cons' }, k.con), el('td', { 'data-label': 'Good for' }, k.use)));
    stage.append(el('div', { class: 'lf-table-wrap' }, el('table', { class: 'lf-table' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Noise'), el('th', { scope: 'col' }, 'Pros'), el('th', { scope: 'col' }, 'Cons'), el('th', { scope: 'col' }, 'Good for'))),
      el('tbody', {}, ...rows))));

    const spec = (noise, s) => ({ noise, seed: s.seed, fractal: { kind: 'fbm', octaves: s.octaves, persistence: 0.5, lacunarity: 2 } });
    let s = state;

    const draw = latest(stage, async (next) => {
      s = next;
      // Each panel's 2D bound comes from the pool with its fill.
      const bounds = await Promise.all(panels.map((p) => {
        const sp = spec(p.k.noise, s);
        return Promise.all([pool().range(sp, 2), pool().fill2d(sp, { width: N, height: N, scale: s.scale }, p.values)]).then(([range]) => range);
      }));
      for (const [i, p] of panels.entries()) {
        const [lo, hi] = bounds[i];
        // Worley's 2D bound (√2) is above its typical values; show its real spread.
        const top = p.k.noise === 'worley' ? lo + (hi - lo) * 0.735 : hi;
        p.ctx.putImageData(paint(p.img, p.values, lo, top, 'gray'), 0, 0);
      }
    });

    let timer = 0;
    function measure() {
      clearTimeout(timer);
      for (const p of panels) { p.speed.textContent = 'measuring…'; delete p.speed.dataset.ms; }
      delete stage.dataset.measured;
      const specs = panels.map((p) => spec(p.k.noise, s));
      const runs = panels.map(() => []);
      specs.forEach((sp) => fieldFor(sp).fill2d(warm, { width: 64, height: 64, scale: s.scale })); // warm-up
      let round = 0;
      // Round-robin, one round per task: a hiccup of the machine hits all four alike,
      // and the page stays responsive between rounds.
      const next = () => {
        // The shared cache may free a Field between rounds (other figures use it too),
        // so each round asks for it again; the lookup stays outside the timed call.
        specs.forEach((sp, k) => {
          const f = fieldFor(sp);
          const t0 = performance.now();
          f.fill2d(timing, { width: T, height: T, scale: s.scale, x0: round * 7 });
          runs[k].push(performance.now() - t0);
        });
        if (++round < RUNS) { timer = setTimeout(next, 0); return; }
        panels.forEach((p, k) => {
          const sorted = runs[k].sort((a, b) => a - b);
          const msPerMillion = (sorted[RUNS >> 1] / (T * T)) * 1e6;
          p.speed.dataset.ms = msPerMillion.toFixed(3);
          p.speed.textContent = `${msPerMillion < 10 ? msPerMillion.toFixed(1) : Math.round(msPerMillion)} ms per million samples`;
        });
        stage.dataset.measured = `octaves=${s.octaves}`;
      };
      timer = setTimeout(next, 50);
    }

    await draw(state);
    measure();
    return {
      update: draw,
      action(key) { if (key === 'measure') measure(); },
      destroy() { clearTimeout(timer); },
    };
  },
};
