// Figure 3c: the noise computed cell by cell. Each step asks landform for exactly one
// lattice cell's pixels (fill2d with that cell's x0/y0) and paints them, so the reader
// sees that every cell is finished using only its own four corner gradients.
import { paint } from '../palettes.js';
import { canvas } from '../figure.js';
import { fieldFor } from '../landform.js';
import { el } from '../controls.js';
import { arrow } from '../draw.js';
import { player } from '../player.js';

const CELLS = 8, C = 48, N = CELLS * C, TOTAL = CELLS * CELLS, M = 16, SIZE = N + 2 * M;
const HOLD = 1.5; // seconds the finished picture stays before the sweep starts over

export default {
  name: 'algorithm-sweep',
  title: 'The noise, one cell at a time',
  caption: 'Figure 3c. The sweep computes one lattice cell per step, row by row from the top left. The outlined cell is the one just computed, its four corner gradients drawn as arrows. No cell needs its neighbours, yet the edges match: adjacent cells share the two gradients on their common edge, and the fade curve makes values and slopes agree there.',
  controls: [
    { key: 'play', type: 'button', label: 'Pause' },
    { key: 'step', type: 'button', label: 'Step' },
    { key: 'reset', type: 'button', label: 'Restart' },
    { key: 'speed', type: 'range', label: 'Speed (cells/s)', min: 1, max: 40, step: 1, value: 6 },
    { key: 'seed', type: 'seed', label: 'Seed', value: 42 },
  ],

  mount(stage, state) {
    const c = canvas(SIZE, SIZE, 'Perlin noise being computed one lattice cell at a time');
    const readout = el('p', { class: 'lf-ptext' });
    stage.append(el('div', { class: 'lf-panel' }, c, readout));
    const ctx = c.getContext('2d');
    const image = ctx.createImageData(N, N);
    const cellImage = ctx.createImageData(C, C);
    const cell = new Float32Array(C * C);
    let seed = -1, grads = null, done = 0, carry = 0, hold = 0, set = () => {};

    function prepare(s) {
      if (s.seed === seed) return;
      grads = fieldFor({ noise: 'perlin', seed: s.seed }).gradients(0, 0, CELLS + 1, CELLS + 1);
      seed = s.seed;
      restart();
    }
    function restart() {
      done = 0; carry = 0; hold = 0;
      const px = new Uint32Array(image.data.buffer);
      px.fill(0xfff6f4f2); // ABGR: a pale background
    }
    // Cell k: screen column k % CELLS, screen row ⌊k / CELLS⌋ from the top; y points up.
    const where = (k) => ({ col: k % CELLS, yi: CELLS - 1 - Math.floor(k / CELLS) });

    function computeNext() {
      if (done >= TOTAL) return;
      const { col, yi } = where(done);
      const field = fieldFor({ noise: 'perlin', seed });
      field.fill2d(cell, { width: C, height: C, scale: C, x0: col * C + 0.5, y0: yi * C + 0.5 });
      const [lo, hi] = field.range;
      paint(cellImage, cell, lo, hi, 'heat');
      const src = new Uint32Array(cellImage.data.buffer), dst = new Uint32Array(image.data.buffer);
      const top = (CELLS - 1 - yi) * C;
      for (let r = 0; r < C; r++) {
        // Cell row r is noise y = yi + (r + .5)/C: screen row counts down from the cell's top.
        dst.set(src.subarray(r * C, r * C + C), (top + C - 1 - r) * N + col * C);
      }
      done++;
    }

    function draw() {
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, SIZE, SIZE);
      ctx.putImageData(image, M, M);
      ctx.save();
      ctx.translate(M, M);
      ctx.strokeStyle = 'rgba(29,35,48,.18)';
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let k = 1; k < CELLS; k++) { ctx.moveTo(k * C + 0.5, 0); ctx.lineTo(k * C + 0.5, N); ctx.moveTo(0, k * C + 0.5); ctx.lineTo(N, k * C + 0.5); }
      ctx.stroke();
      if (done > 0) {
        const { col, yi } = where(done - 1);
        const x = col * C, y = (CELLS - 1 - yi) * C;
        ctx.strokeStyle = '#1d2330'; ctx.lineWidth = 2.5;
        ctx.strokeRect(x + 1, y + 1, C - 2, C - 2);
        for (const [a, b] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
          const k = 2 * ((yi + b) * (CELLS + 1) + col + a);
          const X = (col + a) * C, Y = (CELLS - yi - b) * C;
          arrow(ctx, X, Y, X + grads[k] * C * 0.45, Y - grads[k + 1] * C * 0.45, '#1d2330', 2.2, 6);
          ctx.beginPath(); ctx.arc(X, Y, 3.5, 0, 7); ctx.fill();
        }
      }
      ctx.restore();
      readout.textContent = done >= TOTAL ? `All ${TOTAL} cells computed.` : `Cell ${done} of ${TOTAL} computed.`;
      readout.dataset.done = String(done);
    }

    const clock = player(c, (dt) => {
      if (done >= TOTAL) {
        hold += dt;
        if (hold > HOLD) { restart(); draw(); }
        return;
      }
      carry += dt * state.speed;
      let n = Math.floor(carry);
      carry -= n;
      if (!n) return;
      while (n-- > 0) computeNext();
      draw();
    }, (playing) => set('play', playing ? 'Pause' : 'Play'));

    prepare(state);
    // Start from a finished picture when motion is reduced, otherwise an empty grid.
    if (!clock.playing) while (done < TOTAL) computeNext();
    draw();

    return {
      update(s) { prepare(s); draw(); },
      action(key) {
        if (key === 'play') clock.toggle();
        if (key === 'step') { clock.pause(); if (done >= TOTAL) restart(); computeNext(); draw(); }
        if (key === 'reset') { restart(); draw(); }
      },
      bind(s) { set = s; set('play', clock.playing ? 'Pause' : 'Play'); },
      destroy() { clock.destroy(); },
    };
  },
};
