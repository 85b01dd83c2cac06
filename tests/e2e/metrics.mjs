// Picture measurements for the figure tests: gray levels, high-frequency energy,
// box blur, correlation, seam strength along lattice edges, and render timing.
import { luminance } from './helpers.mjs';

export const mean = (a) => a.reduce((s, v) => s + v, 0) / a.length;

export function std(a) {
  const m = mean(a);
  return Math.sqrt(a.reduce((s, v) => s + (v - m) * (v - m), 0) / a.length);
}

/**
 * Mean |p(x − 1) − 2p(x) + p(x + 1)| of the luminance: energy at the highest
 * frequencies. (The plain difference |p(x) − p(x + 1)| is dominated by the slopes of
 * the large shapes, which fBm's normalisation flattens as octaves are added.)
 */
export function hfEnergy(p) {
  const L = luminance(p), w = p.width;
  let s = 0;
  for (let y = 0; y < p.height; y++) for (let x = 1; x + 1 < w; x++) { const i = y * w + x; s += Math.abs(L[i - 1] - 2 * L[i] + L[i + 1]); }
  return s / (p.height * (w - 2));
}

/** Box blur of the luminance with radius r (the low-pass image). */
export function blur(p, r) {
  const L = luminance(p), w = p.width, h = p.height, out = new Float64Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    let s = 0, n = 0;
    for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) {
      const X = x + dx, Y = y + dy;
      if (X >= 0 && X < w && Y >= 0 && Y < h) { s += L[Y * w + X]; n++; }
    }
    out[y * w + x] = s / n;
  }
  return out;
}

export function correlation(a, b) {
  const ma = mean(a), mb = mean(b);
  let sab = 0, saa = 0, sbb = 0;
  for (let i = 0; i < a.length; i++) { sab += (a[i] - ma) * (b[i] - mb); saa += (a[i] - ma) ** 2; sbb += (b[i] - mb) ** 2; }
  return sab / Math.sqrt(saa * sbb);
}

/**
 * Seam strength of a heatmap whose pixel column i samples x = (i + 0.5) / cell:
 * the mean jump in slope, |(v[i+1] − v[i]) − (v[i−1] − v[i−2])|, across the vertical
 * lattice edges, divided by the same jump measured across mid-cell columns.
 * About 1 for a surface whose slope is continuous; much more for creases.
 */
export function seamRatio(p, cell) {
  const L = luminance(p), w = p.width;
  const jump = (i) => {
    let s = 0;
    for (let y = 0; y < p.height; y++) {
      const r = y * w;
      s += Math.abs((L[r + i + 1] - L[r + i]) - (L[r + i - 1] - L[r + i - 2]));
    }
    return s / p.height;
  };
  let edge = 0, mid = 0, n = 0;
  for (let k = 1; k * cell + 2 < w; k++) {
    const e = Math.round(k * cell), m = Math.round((k - 0.5) * cell);
    if (m < 2) continue;
    edge += jump(e); mid += jump(m); n++;
  }
  return edge / mid;
}

/**
 * Moves a slider and returns how long the animation frame that re-renders it took
 * (ms from the frame's start to after the figure's render), an upper bound on the render.
 */
export async function renderTime(slot, key, value) {
  return slot.locator(`input[type=range][data-key="${key}"]`).evaluate((input, v) => new Promise((resolve) => {
    input.value = v;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    // Registered after the figure's own frame callback, so it runs right after it.
    requestAnimationFrame((frameStart) => {
      const t = performance.now() - frameStart;
      input.dispatchEvent(new Event('change', { bubbles: true }));
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(t)));
    });
  }), String(value));
}
