// Figure 2: continuity. A 1D Perlin profile scrolls past as a green landscape; under it,
// uniform random numbers drawn with the same seed jump from sample to sample.
import { canvas } from '../figure.js';
import { fieldFor } from '../landform.js';
import { el } from '../controls.js';
import { player } from '../player.js';

const H = 300;
const TOP = 0, TOP_H = 190;          // Perlin panel
const BOT = 204, BOT_H = 96;         // random panel

export default {
  name: 'continuity',
  title: 'Continuity: Perlin noise against plain random numbers',
  caption: 'Figure 2. Top: 1D Perlin noise scrolling past, filled like a landscape. Bottom: one uniform random number per sample, same seed. Both are “random”, but only the top one is continuous: each value stays close to its neighbours. Ticks on the baseline mark the lattice points, where Perlin noise is always zero.',
  controls: [
    { key: 'play', type: 'button', label: 'Pause' },
    { key: 'speed', type: 'range', label: 'Speed (cells/s)', min: 0, max: 4, step: 0.1, value: 1, digits: 1 },
    { key: 'scale', type: 'range', label: 'Cell width (px)', min: 16, max: 160, step: 1, value: 64 },
    { key: 'seed', type: 'seed', label: 'Seed', value: 42 },
  ],

  mount(stage, state) {
    // Phones get a narrower canvas (drawn at its own size, so the labels stay legible).
    const narrow = (stage.getBoundingClientRect().width || 800) < 520;
    const W = narrow ? 360 : 640;
    const STEP = narrow ? 6 : 8;     // pixels between random samples
    const c = canvas(W, H, 'A smooth green 1D Perlin profile above a jagged red line of independent random samples');
    const readout = el('p', { class: 'lf-ptext' });
    stage.append(el('div', { class: 'lf-panel' }, c, readout));
    const ctx = c.getContext('2d');
    const perlinValues = new Float32Array(W + 1);
    const n = Math.ceil(W / STEP) + 2;
    const randomValues = new Float32Array(n);
    let seed = -1;
    let offset = 0; // scroll position in pixels
    let set = () => {};

    function fields(s) {
      if (s.seed === seed) return;
      // Independent uniform samples from landform itself: value noise evaluated at
      // whole-number x returns its lattice values untouched (fade(0) = 0, so nothing is
      // blended). Those are the seeded Mulberry32 numbers, uniform in [-1, 1], reached
      // through the seeded permutation: neighbouring x give unrelated values (they
      // repeat only every 256 samples, far wider than the strip on screen).
      seed = s.seed;
    }

    function draw(s) {
      fields(s);
      const sc = s.scale;
      const perlin = fieldFor({ noise: 'perlin', seed }), uniform = fieldFor({ noise: 'value', seed });
      perlin.fill1d(perlinValues, { width: W + 1, scale: sc, x0: offset });
      const j0 = Math.floor(offset / STEP);
      uniform.fill1d(randomValues, { width: n, scale: 1, x0: j0 });

      ctx.fillStyle = '#f4f8fc';
      ctx.fillRect(0, 0, W, H);
      // Perlin: 1D classic Perlin lies in [-1/2, 1/2]; map that to the panel's height.
      const [lo, hi] = perlin.range;
      const y = (v) => TOP + 12 + (1 - (v - lo) / (hi - lo)) * (TOP_H - 24);
      const sky = ctx.createLinearGradient(0, TOP, 0, TOP + TOP_H);
      sky.addColorStop(0, '#dcecf9'); sky.addColorStop(1, '#f4f8fc');
      ctx.fillStyle = sky;
      ctx.fillRect(0, TOP, W, TOP_H);
      ctx.beginPath();
      ctx.moveTo(0, TOP + TOP_H);
      for (let i = 0; i <= W; i++) ctx.lineTo(i, y(perlinValues[i]));
      ctx.lineTo(W, TOP + TOP_H);
      ctx.closePath();
      const ground = ctx.createLinearGradient(0, TOP + 20, 0, TOP + TOP_H);
      ground.addColorStop(0, '#5aa046'); ground.addColorStop(1, '#2f6b2a');
      ctx.fillStyle = ground;
      ctx.fill();
      ctx.beginPath();
      for (let i = 0; i <= W; i++) ctx.lineTo(i, y(perlinValues[i]));
      ctx.strokeStyle = '#1f4d1c';
      ctx.lineWidth = 2;
      ctx.stroke();
      // Lattice points (Perlin is 0 there): ticks on the zero line.
      ctx.fillStyle = 'rgba(255,255,255,.85)';
      const first = Math.ceil(offset / sc) * sc;
      for (let x = first; x - offset <= W; x += sc) {
        const px = Math.round(x - offset);
        ctx.fillRect(px - 1, y(0) - 4, 2, 8);
      }

      // Random: one independent value per sample, joined by straight lines.
      ctx.fillStyle = '#fdf1f0';
      ctx.fillRect(0, BOT, W, BOT_H);
      const ry = (v) => BOT + 8 + (1 - (v + 1) / 2) * (BOT_H - 16);
      ctx.beginPath();
      for (let k = 0; k < n; k++) ctx.lineTo((j0 + k) * STEP - offset, ry(randomValues[k]));
      ctx.strokeStyle = '#c62f2f';
      ctx.lineWidth = 1.5;
      ctx.stroke();

      ctx.font = '600 13px system-ui, sans-serif';
      ctx.lineWidth = 3;
      ctx.strokeStyle = 'rgba(255,255,255,.8)';
      ctx.fillStyle = 'rgba(29,35,48,.9)';
      for (const [text, y] of [['Perlin 1D: neighbours agree', TOP + 20], [narrow ? 'Uniform random, same seed' : 'Uniform random, same seed: neighbours unrelated', BOT + 16]]) {
        ctx.strokeText(text, 10, y);
        ctx.fillText(text, 10, y);
      }
      readout.textContent = `x = ${(offset / sc).toFixed(2)} lattice cells`;
      readout.dataset.x = String(offset / sc);
    }

    const clock = player(c, (dt) => { offset += dt * state.speed * state.scale; draw(state); },
      (playing) => set('play', playing ? 'Pause' : 'Play'));
    draw(state);

    return {
      update(s, keys) {
        // Keep the same point of the noise at the left edge when the cell width changes.
        if (keys.includes('scale') && this.lastScale) offset *= s.scale / this.lastScale;
        this.lastScale = s.scale;
        draw(s);
      },
      lastScale: state.scale,
      action(key) { if (key === 'play') clock.toggle(); },
      bind(s) { set = s; set('play', clock.playing ? 'Pause' : 'Play'); },
      destroy() { clock.destroy(); },
    };
  },
};
