// Figure 12: five common mistakes with noise, each computed live, with a switch
// between the broken and the fixed picture.
import { paint } from '../palettes.js';
import { canvas } from '../figure.js';
import { fieldFor } from '../landform.js';
import { el } from '../controls.js';

const N = 288;

const fbm = (seed, octaves, persistence = 0.5, lacunarity = 2) => ({ noise: 'perlin', seed, fractal: { kind: 'fbm', octaves, persistence, lacunarity } });

// Each mistake: how to compute the broken and the fixed picture, and what to say.
export const MISTAKES = {
  normalise: {
    label: 'Not normalised',
    title: 'Using raw noise as a height',
    broken: { spec: (s) => fbm(s, 5), scale: 64, palette: 'gray', range: () => [0, 1], code: 'height = noise(x, y)  // in [−1, 1]' },
    fixed: { spec: (s) => fbm(s, 5), scale: 64, palette: 'gray', range: (f) => f.range, code: 'height = (noise(x, y) + 1) / 2  // in [0, 1]' },
    why: 'Noise is centred on zero. Treated as a brightness or height in [0, 1], everything below zero is clipped: half the map becomes one flat black sea.',
    fix: 'Map the output range onto [0, 1] first: h = (v − lo) / (hi − lo), which for [−1, 1] is (v + 1) / 2.',
  },
  integer: {
    label: 'Integer coordinates',
    title: 'Sampling at whole numbers',
    broken: { spec: (s) => fbm(s, 4), scale: 1, palette: 'gray', range: (f) => f.range, code: 'v = noise(x, y)  // x, y = 0, 1, 2, …' },
    fixed: { spec: (s) => fbm(s, 4), scale: 48, palette: 'gray', range: (f) => f.range, code: 'v = noise(x / 48, y / 48) // between lattice points' },
    why: 'Gradient noise is exactly zero at every lattice point. With a scale of 1, each pixel samples exactly there, so every pixel gets the same value: a flat gray.',
    fix: 'Divide pixel coordinates by a scale (48 here) so samples fall between lattice points.',
  },
  persistence: {
    label: 'Persistence > 1',
    title: 'Persistence above 1',
    broken: { spec: (s) => fbm(s, 6, 1.6), scale: 64, palette: 'terrain', range: (f) => f.range, code: 'fbm(x, y, { octaves: 6, persistence: 1.6 })' },
    fixed: { spec: (s) => fbm(s, 6, 0.5), scale: 64, palette: 'terrain', range: (f) => f.range, code: 'fbm(x, y, { octaves: 6, persistence: 0.5 })' },
    why: 'Each octave is louder than the last, so the finest layer dominates: the large shapes drown in grain (and an unnormalised sum leaves its range).',
    fix: 'Keep persistence below 1; 0.5 makes each octave half as loud as the one before.',
  },
  lacunarity: {
    label: 'Lacunarity = 1',
    title: 'Lacunarity of 1',
    broken: { spec: (s) => fbm(s, 6, 0.5, 1), scale: 64, palette: 'terrain', range: (f) => f.range, code: 'fbm(x, y, { octaves: 6, lacunarity: 1 })' },
    fixed: { spec: (s) => fbm(s, 6, 0.5, 2), scale: 64, palette: 'terrain', range: (f) => f.range, code: 'fbm(x, y, { octaves: 6, lacunarity: 2 })' },
    why: 'Every octave has the same frequency, so you add the same noise to itself six times: no detail at all, only six times the work.',
    fix: 'Raise the frequency each octave; a lacunarity of 2 doubles it, so each layer adds finer detail.',
  },
  scale: {
    label: 'Scale vs octaves',
    title: 'Zooming with octaves',
    broken: { spec: (s) => fbm(s, 8), scale: 32, palette: 'terrain', range: (f) => f.range, code: 'scale: 32, octaves: 8  // "bigger mountains?"' },
    fixed: { spec: (s) => fbm(s, 4), scale: 96, palette: 'terrain', range: (f) => f.range, code: 'scale: 96, octaves: 4  // 3× larger features' },
    why: 'Goal: mountains three times larger than at scale 32 with 4 octaves. Raising octaves only adds finer layers; the mountains stay the same size.',
    fix: 'Scale is the zoom (how large features are); octaves are the detail (how many layers). Raise the scale to 96.',
  },
};

export default {
  name: 'mistakes',
  title: 'Five common mistakes, broken and fixed',
  caption: 'Figure 12. Pick a mistake, then switch between the broken and the fixed version. Both pictures are computed by landform with exactly the parameters shown; its warnings appear when it spots a suspicious setting.',
  controls: [
    { key: 'mistake', type: 'choice', label: 'Mistake', options: Object.entries(MISTAKES).map(([k, m]) => [k, m.label]), value: 'normalise' },
    { key: 'view', type: 'choice', label: 'View', options: [['broken', '✗ Broken'], ['fixed', '✓ Fixed']], value: 'broken' },
    { key: 'seed', type: 'seed', label: 'Seed', value: 11 },
  ],

  mount(stage, state) {
    const c = canvas(N, N, 'The mistake, computed live');
    c.style.width = '320px';
    const ctx = c.getContext('2d');
    const img = ctx.createImageData(N, N);
    const values = new Float32Array(N * N);
    const badge = el('span', { class: 'lf-badge' });
    const title = el('h4', { class: 'lf-mistake-title' });
    const text = el('p', {});
    const code = el('code', { class: 'lf-snippet' });
    const warnings = el('ul', { class: 'lf-warnings', 'aria-label': 'landform warnings' });
    stage.append(
      el('div', { class: 'lf-panel lf-top lf-badged' }, c, badge),
      el('div', { class: 'lf-explain', 'aria-live': 'polite' }, title, text, code, warnings),
    );

    function draw(s) {
      const m = MISTAKES[s.mistake];
      const v = m[s.view];
      const f = fieldFor(v.spec(s.seed));
      f.fill2d(values, { width: N, height: N, scale: v.scale });
      const [lo, hi] = v.range(f);
      ctx.putImageData(paint(img, values, lo, hi, v.palette), 0, 0);
      warnings.replaceChildren(...f.warnings.map((w) => el('li', {}, `⚠ landform: ${w}`)));
      const broken = s.view === 'broken';
      badge.textContent = broken ? '✗ Broken' : '✓ Fixed';
      badge.className = `lf-badge ${broken ? 'lf-bad' : 'lf-good'}`;
      c.setAttribute('aria-label', `${m.title}: ${broken ? 'broken' : 'fixed'} picture`);
      c.dataset.view = s.view;
      title.textContent = m.title;
      text.textContent = broken ? m.why : m.fix;
      code.textContent = v.code;
    }

    draw(state);
    return { update: draw, destroy() {} };
  },
};
