// Measurements for the texture figure's rendered frames: autocorrelation at a shift,
// spectral power at a (non-integer) frequency, and directional detail.
import { mean } from './metrics.mjs';

/** Pearson correlation of image `L` (w × h) with itself shifted by (dx, dy) ≥ 0. */
export function autocorrelation(L, w, h, dx, dy) {
  const a = [], b = [];
  for (let y = 0; y + dy < h; y++) for (let x = 0; x + dx < w; x++) { a.push(L[y * w + x]); b.push(L[(y + dy) * w + x + dx]); }
  const ma = mean(a), mb = mean(b);
  let sab = 0, saa = 0, sbb = 0;
  for (let i = 0; i < a.length; i++) { sab += (a[i] - ma) * (b[i] - mb); saa += (a[i] - ma) ** 2; sbb += (b[i] - mb) ** 2; }
  return sab / Math.sqrt(saa * sbb);
}

/** |Σ (v − mean) e^(−2πi(fx·x + fy·y))|² / n, frequencies in cycles per pixel. */
export function power(v, w, h, fx, fy) {
  const m = mean(v);
  let re = 0, im = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const a = -2 * Math.PI * (fx * x + fy * y), d = v[y * w + x] - m;
    re += d * Math.cos(a); im += d * Math.sin(a);
  }
  return (re * re + im * im) / v.length;
}

/** Local contrast: squared deviation of each pixel from the image mean. */
export function contrastMap(L) {
  const m = mean(L);
  return L.map((v) => (v - m) * (v - m));
}

/** Mean |∂L/∂x| and |∂L/∂y| over rows [y0, y1) and columns [x0, x1). */
export function detail(L, w, [x0, x1], [y0, y1]) {
  let gx = 0, gy = 0, n = 0;
  for (let y = y0; y < y1 - 1; y++) for (let x = x0; x < x1 - 1; x++) {
    gx += Math.abs(L[y * w + x + 1] - L[y * w + x]);
    gy += Math.abs(L[(y + 1) * w + x] - L[y * w + x]);
    n++;
  }
  return { across: gx / n, along: gy / n };
}
