// Figure 4: the fade curve. Top: 6t⁵ − 15t⁴ + 10t³ against 3t² − 2t³ and plain t, and
// (toggle) their first and second derivatives: closed forms, plain maths. Below: the
// seams each one leaves in 2D Perlin noise, computed by landform's teaching variants.
import { canvas } from '../figure.js';
import { fieldFor } from '../landform.js';
import { el } from '../controls.js';
import { paintUp } from '../draw.js';

const PW = 720, PH = 250, S = 200;
const CURVES = [
  { name: 'quintic 6t⁵ − 15t⁴ + 10t³', short: 'quintic (classic)', color: '#2f6fdf', noise: 'perlin',
    f: [(t) => t * t * t * (t * (t * 6 - 15) + 10), (t) => 30 * t * t * (t - 1) * (t - 1), (t) => 60 * t * (2 * t - 1) * (t - 1)] },
  { name: 'smoothstep 3t² − 2t³', short: 'smoothstep', color: '#e0801e', noise: 'perlin-smoothstep',
    f: [(t) => t * t * (3 - 2 * t), (t) => 6 * t * (1 - t), (t) => 6 - 12 * t] },
  { name: 'linear t', short: 'linear (no fade)', color: '#7b8494', noise: 'perlin-linear',
    f: [(t) => t, () => 1, () => 0] },
];
const TITLES = ['f(t)', 'f′(t): slope', 'f″(t): curvature'];
const RANGES = [[-0.1, 1.1], [-0.2, 2], [-6.5, 6.5]];

export default {
  name: 'fade',
  title: 'The fade curve and the seams it removes',
  caption: 'Figure 4. Top: the three ways to go from 0 to 1 across a cell. Turn on the derivatives: only the quintic has zero slope and zero curvature at both ends (hollow rings mark ends where a derivative is not zero). Below: Perlin noise built with each curve. A jump in slope at the cell edges shows as creases (linear); a jump in curvature as faint seams (smoothstep). “Emphasise seams” shades each pixel by how strongly the surface bends (a discrete Laplacian), which makes them stand out.',
  controls: [
    { key: 'derivs', type: 'toggle', label: 'Show derivatives', value: false },
    { key: 'seams', type: 'toggle', label: 'Emphasise seams', value: false },
    { key: 'scale', type: 'range', label: 'Cell size (px)', min: 12, max: 100, step: 1, value: 50 },
    { key: 'seed', type: 'seed', label: 'Seed', value: 42 },
  ],

  mount(stage, state) {
    // Phones get a narrower plot with the derivative panels stacked, so labels stay legible.
    const narrow = (stage.getBoundingClientRect().width || 800) < 520;
    const plot = canvas(narrow ? 360 : PW, PH, 'Fade curves: quintic, smoothstep and linear');
    const legend = el('div', { class: 'lf-curves' }, ...CURVES.map((c) => el('span', {}, el('i', { style: `background:${c.color}` }), c.name)));
    stage.append(el('div', { class: 'lf-panel lf-full' }, plot, legend));
    const row = el('div', { class: 'lf-row lf-row3' });
    stage.append(row);
    const panels = CURVES.map((cv) => {
      const c = canvas(S, S, `Perlin noise with the ${cv.name} fade`);
      row.append(el('div', { class: 'lf-cell' }, c, el('span', { style: `color:${cv.color}` }, cv.short)));
      const ctx = c.getContext('2d');
      return { cv, ctx, image: ctx.createImageData(S, S) };
    });
    const pctx = plot.getContext('2d');
    const big = new Float32Array((S + 2) * (S + 2));
    const values = new Float32Array(S * S);

    function drawPlot(derivs) {
      const count = derivs ? 3 : 1, gap = 18;
      const cols = narrow ? 1 : count, rows = narrow ? count : 1;
      const cw = narrow ? 360 : PW, ch = narrow ? (derivs ? 3 * 200 : PH) : PH;
      if (plot.width !== cw || plot.height !== ch) { plot.width = cw; plot.height = ch; }
      pctx.fillStyle = '#fff';
      pctx.fillRect(0, 0, cw, ch);
      const w = (cw - gap * (cols + 1)) / cols, rh = ch / rows;
      for (let p = 0; p < count; p++) {
        const x0 = gap + (narrow ? 0 : p * (w + gap)), y0 = 28 + (narrow ? p * rh : 0), h = rh - 52;
        const [lo, hi] = RANGES[p];
        const X = (t) => x0 + t * w, Y = (v) => y0 + (1 - (v - lo) / (hi - lo)) * h;
        pctx.strokeStyle = '#d9dde5'; pctx.lineWidth = 1;
        pctx.strokeRect(x0, y0, w, h);
        pctx.beginPath(); pctx.moveTo(x0, Y(0)); pctx.lineTo(x0 + w, Y(0)); pctx.stroke();
        if (p === 0) { pctx.beginPath(); pctx.moveTo(x0, Y(1)); pctx.lineTo(x0 + w, Y(1)); pctx.setLineDash([3, 3]); pctx.stroke(); pctx.setLineDash([]); }
        pctx.fillStyle = '#5b6475'; pctx.font = '600 13px system-ui, sans-serif'; pctx.textAlign = 'left';
        pctx.fillText(TITLES[p], x0, y0 - 9);
        pctx.font = '12px system-ui, sans-serif';
        pctx.fillText('0', x0 - 4, y0 + h + 15); pctx.textAlign = 'right'; pctx.fillText('1', x0 + w + 4, y0 + h + 15);
        pctx.fillText('t', x0 + w / 2 + 4, y0 + h + 15);
        pctx.save();
        pctx.beginPath(); pctx.rect(x0, y0, w, h); pctx.clip();
        for (const cv of [...CURVES].reverse()) {
          pctx.beginPath();
          for (let i = 0; i <= 200; i++) pctx.lineTo(X(i / 200), Y(cv.f[p](i / 200)));
          pctx.strokeStyle = cv.color; pctx.lineWidth = cv === CURVES[0] ? 3 : 2.2;
          pctx.stroke();
        }
        pctx.restore();
        if (p > 0) {
          // Ends where the derivative is not zero: the neighbouring cell will disagree.
          for (const cv of CURVES) for (const t of [0, 1]) {
            const v = cv.f[p](t);
            if (Math.abs(v) < 1e-9) continue;
            pctx.beginPath(); pctx.arc(X(t), Y(Math.max(lo, Math.min(hi, v))), 5, 0, 7);
            pctx.strokeStyle = cv.color; pctx.lineWidth = 2; pctx.fillStyle = '#fff'; pctx.fill(); pctx.stroke();
          }
        }
      }
      pctx.textAlign = 'left';
    }

    function drawSeams(s) {
      for (const p of panels) {
        const field = fieldFor({ noise: p.cv.noise, seed: s.seed });
        const [lo, hi] = field.range;
        if (!s.seams) {
          field.fill2d(values, { width: S, height: S, scale: s.scale, x0: 0.5, y0: 0.5 });
          p.ctx.putImageData(paintUp(p.image, values, S, S, lo, hi, 'gray'), 0, 0);
          continue;
        }
        // Discrete Laplacian in lattice units (× scale²), so the shading does not
        // depend on the zoom; a one-pixel border feeds the neighbours of the edge pixels.
        const B = S + 2;
        field.fill2d(big, { width: B, height: B, scale: s.scale, x0: -0.5, y0: -0.5 });
        const k = s.scale * s.scale;
        for (let j = 0; j < S; j++) {
          for (let i = 0; i < S; i++) {
            const q = (j + 1) * B + i + 1;
            values[j * S + i] = Math.abs(big[q - 1] + big[q + 1] + big[q - B] + big[q + B] - 4 * big[q]) * k;
          }
        }
        p.ctx.putImageData(paintUp(p.image, values, S, S, 0, 8, 'heat'), 0, 0);
      }
    }

    function draw(s, keys) {
      if (!keys || keys.includes('derivs')) drawPlot(s.derivs);
      if (!keys || keys.some((k) => k !== 'derivs')) drawSeams(s);
    }
    draw(state);
    return { update: draw };
  },
};
