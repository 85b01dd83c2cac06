// The evolve figure's pictures and numbers, as pure functions of plain arrays:
// uplift presets and the brush, the uplift map, shaded relief with rivers by
// drainage area, and the slope–area points with their least-squares line.
import { ramp } from '../palettes.js';
import { heightColor, hillshade, RIVER } from './island-paint.js';

/** Uplift presets, as a fraction (0–1) of the largest rate, on a w × h grid. */
export const PRESETS = [['uniform', 'Uniform'], ['ridge', 'A ridge'], ['collide', 'Two ranges'], ['none', 'None (paint)']];

export function preset(name, w, h) {
  const u = new Float32Array(w * h);
  const g = (d, s) => Math.exp(-(d * d) / (2 * s * s));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const fx = x / (w - 1), fy = y / (h - 1);
      let v = 0;
      if (name === 'uniform') v = 1;
      // A ridge: a band along a gently curving line across the map.
      else if (name === 'ridge') v = g(fy - 0.5 - 0.06 * Math.sin(fx * 2 * Math.PI), 0.12);
      // Two ranges pushed together: two oblique bands, strongest where they meet.
      else if (name === 'collide') v = Math.min(1, 0.9 * g(fy - 0.3 - 0.25 * fx, 0.08) + 0.9 * g(fy - 0.75 + 0.2 * fx, 0.08) + 0.25);
      u[y * w + x] = v;
    }
  }
  return u;
}

/** Adds (or, with erase, removes) a round dab of uplift centred on cell (cx, cy). */
export function dab(u, w, h, cx, cy, radius, strength, erase) {
  const r = Math.ceil(radius);
  for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(h - 1, Math.ceil(cy + r)); y++) {
    for (let x = Math.max(0, Math.floor(cx - r)); x <= Math.min(w - 1, Math.ceil(cx + r)); x++) {
      const d = Math.hypot(x - cx, y - cy) / radius;
      if (d >= 1) continue;
      const s = strength * (1 - d * d) ** 2;   // smooth fall-off to the rim
      const i = y * w + x;
      u[i] = erase ? Math.max(0, u[i] - s) : Math.min(1, u[i] + s);
    }
  }
}

let heat = null;
/** The uplift map, 0 (dark) to the largest rate (bright), into packed RGBA `out`. */
export function paintUplift(out, u) {
  heat ??= new Uint32Array(ramp('heat').buffer.slice(0));
  for (let i = 0; i < u.length; i++) out[i] = heat[Math.min(255, (u[i] * 255) | 0)];
}

/**
 * Shaded relief into packed RGBA `out`: heights `h` (m) coloured on the terrain ramp
 * up to `top`, lit from the north-west (unless `shade` is false: the 3D view lights
 * its own mesh), and rivers where the drainage area is at
 * least `riverArea` (m²), stronger as it grows towards the map's largest.
 */
export function paintRelief(out, h, area, w, { top, riverArea, shade: lit = true }) {
  const n = h.length, norm = new Float32Array(n);
  for (let i = 0; i < n; i++) norm[i] = h[i] / top;
  let amax = riverArea;
  for (let i = 0; i < n; i++) if (area[i] > amax) amax = area[i];
  const span = Math.log(amax / riverArea) || 1;
  for (let i = 0; i < n; i++) {
    const x = i % w, y = (i / w) | 0;
    const c = heightColor(h[i] > 0 ? norm[i] * 0.9 + 0.1 : 0.07, 0.1, 1), shade = lit ? hillshade(norm, w, i, x, y) : 1;
    let r = (c & 255) * shade, g = ((c >> 8) & 255) * shade, b = ((c >> 16) & 255) * shade;
    if (norm[i] > 0.02 && area[i] >= riverArea) {
      const a = 0.45 + 0.55 * Math.log(area[i] / riverArea) / span;
      r += (RIVER[0] - r) * a; g += (RIVER[1] - g) * a; b += (RIVER[2] - b) * a;
    }
    out[i] = 0xff000000 | (Math.min(255, b) << 16) | (Math.min(255, g) << 8) | Math.min(255, r);
  }
}

/**
 * Slope–area points of every cell that drains to a lower receiver and has uplift
 * (at least 2% of the largest), slope divided by U/K so that cells with different
 * uplift share one law: at steady state (n = 1) S·K/U = A^(−m). Returns
 * { logA, logS (Float32Array), fit: { slope, intercept, count } } where the fit is
 * least squares over channel cells (at least `channelArea` m²).
 */
export function slopeArea(h, area, rec, uplift, w, { cellSize, k, umax, channelArea }) {
  const logA = [], logS = [];
  let sx = 0, sy = 0, sxx = 0, sxy = 0, c = 0;
  for (let i = 0; i < h.length; i++) {
    const r = rec[i];
    if (r === i || uplift[i] < 0.02) continue;
    const dx = (r % w) - (i % w), dy = ((r / w) | 0) - ((i / w) | 0);
    const s = (h[i] - h[r]) / (Math.hypot(dx, dy) * cellSize);
    if (!(s > 0)) continue;
    const la = Math.log10(area[i]), ls = Math.log10(s * k / (uplift[i] * umax));
    logA.push(la); logS.push(ls);
    if (area[i] >= channelArea) { sx += la; sy += ls; sxx += la * la; sxy += la * ls; c++; }
  }
  const d = c * sxx - sx * sx;
  const slope = c > 2 && d > 0 ? (c * sxy - sx * sy) / d : NaN;
  return { logA: Float32Array.from(logA), logS: Float32Array.from(logS), fit: { slope, intercept: (sy - slope * sx) / c, count: c } };
}
