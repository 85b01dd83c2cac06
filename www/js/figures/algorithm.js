// Figure 3a: the lattice of gradient vectors, and the four corner dot products of the
// cell under the reader's pointer. The dot products are worked out here in JS from
// landform's gradients (so the reader sees each term); the noise value printed beside
// them is landform's own `sample2d`, and the two agree.
import { canvas } from '../figure.js';
import { fieldFor } from '../landform.js';
import { el } from '../controls.js';
import { arrow } from '../draw.js';

const CELLS = 6, C = 72, M = 26;          // cells per side, pixels per cell, margin
const N = CELLS * C, SIZE = N + 2 * M;
const CORNERS = [['SW', 0, 0], ['SE', 1, 0], ['NW', 0, 1], ['NE', 1, 1]];
const COLORS = { SW: '#c0392b', SE: '#d68910', NW: '#1e8449', NE: '#2e64c8' };

const fade = (t) => t * t * t * (t * (t * 6 - 15) + 10);
const lerp = (a, b, t) => a + t * (b - a);

// Pale diverging ramp (blue below zero, red above) so arrows stay readable on top.
function shade(v, lo, hi) {
  const t = Math.max(-1, Math.min(1, v / hi));
  const a = Math.abs(t) * 0.55;
  const [r, g, b] = t < 0 ? [70, 120, 220] : [225, 90, 60];
  return [255 + (r - 255) * a, 255 + (g - 255) * a, 255 + (b - 255) * a];
}

export default {
  name: 'algorithm',
  title: 'Gradients and the four dot products',
  caption: 'Figure 3a. Every lattice point holds a pseudo-random unit gradient (arrows). Move the pointer, or focus the picture and use the arrow keys: for the highlighted cell, each corner’s gradient is dotted with the vector from that corner to the probe (dashed). The four results are blended with the fade curve into the noise value. Shading: the noise itself, red above zero and blue below.',
  controls: [
    { key: 'seed', type: 'seed', label: 'Seed', value: 42 },
    { key: 'probeX', type: 'range', label: 'Probe x', min: 0, max: CELLS - 0.01, step: 0.01, value: 2.3 },
    { key: 'probeY', type: 'range', label: 'Probe y', min: 0, max: CELLS - 0.01, step: 0.01, value: 3.62 },
  ],

  mount(stage, state) {
    const c = canvas(SIZE, SIZE, 'Lattice of gradient arrows over the noise, with the probed cell highlighted');
    c.tabIndex = 0;
    c.classList.add('lf-interactive');
    const readout = el('div', { class: 'lf-ptext lf-dots' });
    stage.append(el('div', { class: 'lf-panel' }, c), readout);
    const ctx = c.getContext('2d');
    const values = new Float32Array(N * N);
    const back = Object.assign(document.createElement('canvas'), { width: N, height: N });
    const bctx = back.getContext('2d');
    const image = bctx.createImageData(N, N);
    let seed = -1, grads = null, set = () => {};
    const field = () => fieldFor({ noise: 'perlin', seed });

    function prepare(s) {
      if (s.seed === seed) return;
      seed = s.seed;
      grads = field().gradients(0, 0, CELLS + 1, CELLS + 1);
      // Pixel centres; image row r is noise y = (N - r - 0.5) / C so y points up.
      field().fill2d(values, { width: N, height: N, scale: C, x0: 0.5, y0: 0.5 });
      const [lo, hi] = field().range;
      const d = image.data;
      for (let r = 0; r < N; r++) {
        for (let i = 0; i < N; i++) {
          const [R, G, B] = shade(values[(N - 1 - r) * N + i], lo, hi);
          const p = 4 * (r * N + i);
          d[p] = R; d[p + 1] = G; d[p + 2] = B; d[p + 3] = 255;
        }
      }
      bctx.putImageData(image, 0, 0);
    }

    const X = (x) => M + x * C, Y = (y) => M + (CELLS - y) * C;

    function draw(s) {
      prepare(s);
      const px = s.probeX, py = s.probeY;
      const xi = Math.floor(px), yi = Math.floor(py), xf = px - xi, yf = py - yi;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, SIZE, SIZE);
      ctx.drawImage(back, M, M);
      // Lattice.
      ctx.strokeStyle = 'rgba(29,35,48,.25)';
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let k = 0; k <= CELLS; k++) {
        ctx.moveTo(X(k), Y(0)); ctx.lineTo(X(k), Y(CELLS));
        ctx.moveTo(X(0), Y(k)); ctx.lineTo(X(CELLS), Y(k));
      }
      ctx.stroke();
      // Probed cell.
      ctx.fillStyle = 'rgba(255,255,255,.35)';
      ctx.fillRect(X(xi), Y(yi + 1), C, C);
      ctx.strokeStyle = '#1d2330';
      ctx.lineWidth = 2.5;
      ctx.strokeRect(X(xi), Y(yi + 1), C, C);
      // Gradient arrows (unit length drawn as 0.42 of a cell).
      const L = 0.42 * C;
      for (let j = 0; j <= CELLS; j++) {
        for (let i = 0; i <= CELLS; i++) {
          const k = 2 * (j * (CELLS + 1) + i);
          const gx = grads[k], gy = grads[k + 1];
          const corner = i - xi >= 0 && i - xi <= 1 && j - yi >= 0 && j - yi <= 1;
          const color = corner ? COLORS[CORNERS.find(([, a, b]) => a === i - xi && b === j - yi)[0]] : '#3c4454';
          arrow(ctx, X(i), Y(j), X(i) + gx * L, Y(j) - gy * L, color, corner ? 3 : 1.6);
          ctx.beginPath(); ctx.arc(X(i), Y(j), corner ? 4 : 2.5, 0, 7); ctx.fillStyle = color; ctx.fill();
        }
      }
      // Distance vectors and dot products, in JS from the gradients.
      const dots = CORNERS.map(([name, a, b]) => {
        const k = 2 * ((yi + b) * (CELLS + 1) + xi + a);
        const gx = grads[k], gy = grads[k + 1], dx = xf - a, dy = yf - b;
        return { name, gx, gy, dx, dy, dot: gx * dx + gy * dy };
      });
      ctx.setLineDash([5, 4]);
      for (const d of dots) {
        const [, a, b] = CORNERS.find(([n]) => n === d.name);
        ctx.strokeStyle = COLORS[d.name];
        ctx.lineWidth = 1.8;
        ctx.beginPath(); ctx.moveTo(X(xi + a), Y(yi + b)); ctx.lineTo(X(px), Y(py)); ctx.stroke();
      }
      ctx.setLineDash([]);
      ctx.font = '600 13px system-ui, sans-serif';
      for (const d of dots) {
        const [, a, b] = CORNERS.find(([n]) => n === d.name);
        const tx = X(xi + a) + (a ? 6 : -6), ty = Y(yi + b) + (b ? -8 : 16);
        ctx.textAlign = a ? 'left' : 'right';
        ctx.lineWidth = 3; ctx.strokeStyle = 'rgba(255,255,255,.9)';
        const label = d.dot.toFixed(3);
        ctx.strokeText(label, tx, ty);
        ctx.fillStyle = COLORS[d.name];
        ctx.fillText(label, tx, ty);
      }
      ctx.textAlign = 'left';
      ctx.beginPath(); ctx.arc(X(px), Y(py), 5.5, 0, 7);
      ctx.fillStyle = '#fff'; ctx.fill();
      ctx.lineWidth = 2.5; ctx.strokeStyle = '#1d2330'; ctx.stroke();

      const u = fade(xf), v = fade(yf);
      const blend = lerp(lerp(dots[0].dot, dots[1].dot, u), lerp(dots[2].dot, dots[3].dot, u), v);
      const value = field().sample2d(px, py);
      const f = (x, d = 4) => (x < 0 ? '−' : '\u2007') + Math.abs(x).toFixed(d);
      const rows = dots.map((d) => el('tr', {},
        el('th', { style: `color:${COLORS[d.name]}` }, d.name),
        el('td', {}, `(${f(d.gx, 2)}, ${f(d.gy, 2)})`),
        el('td', {}, `(${f(d.dx, 2)}, ${f(d.dy, 2)})`),
        el('td', { 'data-dot': d.name }, f(d.dot))));
      readout.replaceChildren(
        el('table', {}, el('thead', {}, el('tr', {}, el('th', {}, 'corner'), el('th', {}, 'gradient g'), el('th', {}, 'corner → probe d'), el('th', {}, 'g · d'))), el('tbody', {}, ...rows)),
        el('p', {}, `probe (${px.toFixed(2)}, ${py.toFixed(2)}): cell (${xi}, ${yi}), xf = ${xf.toFixed(2)}, yf = ${yf.toFixed(2)}; u = fade(xf) = ${u.toFixed(4)}, v = fade(yf) = ${v.toFixed(4)}`),
        el('p', {}, 'lerp(lerp(SW, SE, u), lerp(NW, NE, u), v) = ', el('strong', {}, blend.toFixed(4)),
          ' · landform sample2d = ', el('strong', { 'data-value': '' }, value.toFixed(4))),
      );
      Object.assign(readout.dataset, { dots: JSON.stringify(dots.map((d) => d.dot)), xf: String(xf), yf: String(yf), value: String(value) });
    }

    function moveTo(x, y) {
      state.probeX = Math.round(Math.min(CELLS - 0.01, Math.max(0, x)) * 100) / 100;
      state.probeY = Math.round(Math.min(CELLS - 0.01, Math.max(0, y)) * 100) / 100;
      set('probeX', state.probeX); set('probeY', state.probeY);
      draw(state);
    }
    const onPointer = (e) => {
      if (e.pointerType !== 'mouse' && e.type === 'pointermove' && !e.buttons) return;
      const r = c.getBoundingClientRect(), k = SIZE / r.width;
      moveTo(((e.clientX - r.left) * k - M) / C, CELLS - ((e.clientY - r.top) * k - M) / C);
    };
    c.addEventListener('pointermove', onPointer);
    c.addEventListener('pointerdown', onPointer);
    c.addEventListener('keydown', (e) => {
      const step = e.shiftKey ? 0.25 : 0.05;
      const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[e.key];
      if (!d) return;
      e.preventDefault();
      moveTo(state.probeX + d[0], state.probeY + d[1]);
    });
    draw(state);
    return { update: draw, bind(s) { set = s; }, };
  },
};
