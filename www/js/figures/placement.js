// Figure 10: trees where an fBm "fertility" field exceeds a threshold, never closer
// than a minimum spacing (Poisson-disk sampling by landform's placeTrees), so forests
// grow in patches and never line up on a grid.
import { canvas } from '../figure.js';
import { fieldFor } from '../landform.js';
import { el } from '../controls.js';

const N = 192; // density field side, in cells
const PX = 2; // canvas pixels per cell

export default {
  name: 'placement',
  title: 'Placing trees with noise and a minimum spacing',
  caption: 'Figure 10. The faint background is an fBm field. A tree may stand only where the field is above the threshold, and never closer than the minimum spacing to another tree (Poisson-disk sampling): forests appear in natural patches, without rows or clumps.',
  controls: [
    { key: 'threshold', type: 'range', label: 'Threshold', min: 0, max: 1, step: 0.01, value: 0.5 },
    { key: 'spacing', type: 'range', label: 'Min spacing', min: 3, max: 16, step: 0.5, value: 6, digits: 1 },
    { key: 'seed', type: 'seed', label: 'Seed', value: 5 },
  ],

  mount(stage, state, lf) {
    const c = canvas(N * PX, N * PX, 'Trees placed on a density field');
    c.style.width = '384px';
    const count = el('p', { class: 'lf-wreadout', 'aria-live': 'polite' });
    stage.append(el('div', { class: 'lf-panel lf-top' }, c, count));
    const ctx = c.getContext('2d');
    const values = new Float32Array(N * N);
    const density = new Float32Array(N * N);
    const ground = document.createElement('canvas');
    ground.width = ground.height = N;
    const gctx = ground.getContext('2d');
    const gimg = gctx.createImageData(N, N);
    let fieldSeed = null;

    function fillDensity(seed) {
      const f = fieldFor({ noise: 'perlin', seed, fractal: { kind: 'fbm', octaves: 5, persistence: 0.5, lacunarity: 2 } });
      f.fill2d(values, { width: N, height: N, scale: 56 });
      const hi = f.range[1];
      for (let i = 0; i < values.length; i++) density[i] = Math.min(1, Math.max(0, 0.5 + values[i] / (0.84 * hi)));
      // Meadow colour, a little darker where the ground is more fertile.
      const px = new Uint32Array(gimg.data.buffer);
      for (let i = 0; i < density.length; i++) {
        const d = density[i];
        const r = 226 - 70 * d, g = 232 - 38 * d, b = 196 - 84 * d;
        px[i] = (255 << 24 | (b & 255) << 16 | (g & 255) << 8 | (r & 255)) >>> 0;
      }
      gctx.putImageData(gimg, 0, 0);
      fieldSeed = seed;
    }

    function draw(s) {
      if (fieldSeed !== s.seed) fillDensity(s.seed);
      const trees = lf.placeTrees(density, N, N, s.threshold, s.spacing, s.seed);
      const n = trees.length / 2;
      ctx.imageSmoothingEnabled = true;
      ctx.drawImage(ground, 0, 0, N * PX, N * PX);
      const r = Math.max(2.5, s.spacing * PX * 0.42);
      // Shadows first (offset down-right), then crowns lit from the upper left.
      ctx.fillStyle = 'rgba(40, 52, 30, 0.28)';
      for (let k = 0; k < n; k++) {
        ctx.beginPath();
        ctx.ellipse(trees[2 * k] * PX + r * 0.45, trees[2 * k + 1] * PX + r * 0.5, r * 1.05, r * 0.8, 0, 0, 2 * Math.PI);
        ctx.fill();
      }
      for (let k = 0; k < n; k++) {
        const x = trees[2 * k] * PX, y = trees[2 * k + 1] * PX;
        const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.35, r * 0.1, x, y, r);
        // Crowns on richer ground are a little darker and fuller.
        const shade = 1.1 - 0.3 * density[(y / PX | 0) * N + (x / PX | 0)];
        g.addColorStop(0, `rgb(${118 * shade | 0}, ${170 * shade | 0}, ${84 * shade | 0})`);
        g.addColorStop(1, `rgb(${34 * shade | 0}, ${92 * shade | 0}, ${46 * shade | 0})`);
        ctx.fillStyle = g;
        ctx.beginPath();
        ctx.arc(x, y, r, 0, 2 * Math.PI);
        ctx.fill();
      }
      count.textContent = `${n} trees (threshold ${s.threshold.toFixed(2)}, spacing ≥ ${s.spacing} cells)`;
      c.dataset.count = String(n);
      // Positions in cells, for tests and the curious: "x,y x,y …".
      c.dataset.trees = Array.from({ length: n }, (_, k) => `${trees[2 * k].toFixed(2)},${trees[2 * k + 1].toFixed(2)}`).join(' ');
    }

    draw(state);
    const heightmap = () => ({ values: density, width: N, height: N, lo: 0, hi: 1 });
    return { update: draw, heightmap, destroy() {} };
  },
};
