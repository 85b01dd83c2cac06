// Colours of the island figure: the 2D map views, the 3D view's per-cell colours and
// the stage thumbnails. Pure functions of the pipeline's arrays, which come in one
// object `m` = { size, terrain, moisture, flow, biome, rivers, lakes, top } (the arrays
// of island-map.js; top: the island's highest point) plus, for thumbnails, the
// intermediate maps.
import { ramp } from '../palettes.js';

// Display colours for the biome map: Red Blob's palette (the core's `biomeLegend()`)
// with the shore, the sea and rock made to read at a glance on a small map.
const BIOME_COLORS = {
  ocean: [46, 84, 138], beach: [226, 208, 160], rock: [124, 116, 108], marsh: [74, 118, 104],
  snow: [248, 249, 252], tundra: [190, 190, 172], bare: [150, 146, 140], scorched: [96, 92, 90],
  'temperate-desert': [206, 206, 150], 'subtropical-desert': [218, 190, 138], shrubland: [140, 156, 112],
  taiga: [112, 146, 98], grassland: [140, 178, 86], 'temperate-deciduous-forest': [96, 148, 78],
  'temperate-rain-forest': [62, 124, 78], 'tropical-seasonal-forest': [92, 158, 66], 'tropical-rain-forest': [48, 118, 76],
};
export const RIVER = [52, 112, 206];
export const LAKE = [70, 128, 196];

/** [r, g, b] per biome id, from the core's legend. */
export const biomePalette = (legend) => legend.map((b) => BIOME_COLORS[b.key] ?? b.color);

const pack = (r, g, b) => 0xff000000 | (Math.max(0, Math.min(255, b)) << 16) | (Math.max(0, Math.min(255, g)) << 8) | Math.max(0, Math.min(255, r));
const unpack = (c) => [c & 255, (c >> 8) & 255, (c >> 16) & 255];

let lut = null;
/** Packed RGBA of height `e`: the terrain ramp with the sea level at its shore and `top` at its snow. */
export function heightColor(e, sea, top) {
  lut ??= new Uint32Array(ramp('terrain').buffer.slice(0));
  const t = e < sea ? 0.5 * Math.max(0, e) / sea : 0.5 + 0.5 * Math.min(1, (e - sea) / Math.max(1e-3, top - sea));
  return lut[Math.min(255, (t * 255) | 0)];
}

/** Relief shading of cell i = (x, y): sun from the north-west, 45° up; 1 on flat ground. */
export function hillshade(h, size, i, x, y) {
  const l = x > 0 ? h[i - 1] : h[i], r = x < size - 1 ? h[i + 1] : h[i];
  const u = y > 0 ? h[i - size] : h[i], d = y < size - 1 ? h[i + size] : h[i];
  const z = size * 0.45;
  const gx = (r - l) * z, gy = (d - u) * z;
  const lit = (gx * 0.5 + gy * 0.5 + 0.7071) / Math.sqrt(gx * gx + gy * gy + 1) / 0.7071;
  return Math.min(1.25, Math.max(0.45, 0.4 + 0.6 * lit));
}

/** Flow accumulation on a log scale: dark → blue → white. */
function flowColor(a, logMax) {
  const t = Math.log(a) / logMax;
  return [10 + 230 * t * t, 20 + 220 * t, 40 + 215 * Math.sqrt(t)];
}

/**
 * The 2D map into `px` (Uint32 RGBA per cell). `o` = { view: 'height' | 'moisture' |
 * 'flow' | 'biomes', sea, threshold (in cells of this map), rivers (overlay on), biomeRGB }.
 */
export function paintMap(px, m, o) {
  const { size, terrain: h, moisture, flow: acc, biome: ids, rivers, lakes: lake, top } = m;
  const { view, sea, biomeRGB } = o;
  const n = size * size;
  let maxAcc = 1;
  if (view === 'flow') for (let i = 0; i < n; i++) if (acc[i] > maxAcc) maxAcc = acc[i];
  const logMax = Math.log(maxAcc);
  const logT = Math.log(Math.max(2, o.threshold));
  for (let y = 0, i = 0; y < size; y++) {
    for (let x = 0; x < size; x++, i++) {
      let r, g, b;
      const water = h[i] < sea;
      if (view === 'flow') {
        [r, g, b] = flowColor(acc[i], logMax);
        if (water) { r *= 0.5; g *= 0.5; b *= 0.6; }
      } else {
        if (view === 'biomes') [r, g, b] = biomeRGB[ids[i]];
        else if (view === 'moisture') {
          // Dry ochre → green → wet teal.
          const mo = moisture[i], u = mo < 0.5 ? mo * 2 : (mo - 0.5) * 2;
          if (mo < 0.5) { r = 214 - 104 * u; g = 178 - 2 * u; b = 112 - 28 * u; }
          else { r = 110 - 82 * u; g = 176 - 64 * u; b = 84 + 66 * u; }
          if (water) { r = r * 0.3 + 40; g = g * 0.3 + 56; b = b * 0.3 + 90; }
        } else [r, g, b] = unpack(heightColor(h[i], sea, top));
        if (o.rivers && (lake[i] || rivers[i]) && view !== 'moisture') {
          const [rr, rg, rb] = lake[i] ? LAKE : RIVER;
          const a = lake[i] ? 0.85 : Math.min(1, 0.55 + 0.45 * (Math.log(acc[i]) - logT) / 2.5);
          r += (rr - r) * a; g += (rg - g) * a; b += (rb - b) * a;
        }
        const hs = hillshade(h, size, i, x, y);
        const shade = water || lake[i] ? 0.85 + 0.15 * hs : view === 'moisture' ? 0.6 + 0.4 * hs : hs;
        r *= shade; g *= shade; b *= shade;
      }
      px[i] = pack(r, g, b);
    }
  }
}

/**
 * Per-cell colours of the 3D view into `px`. `o` = { color3d: 'biomes' | 'height', sea,
 * rivers, biomeRGB, wide }; with `wide` (the mesh skips every other cell) each river
 * cell also paints its 2×2 block, so rivers stay continuous lines.
 */
export function paint3dColors(px, m, o) {
  const { size, terrain, biome: ids, rivers, lakes: lake, top } = m;
  const n = size * size;
  for (let i = 0; i < n; i++) {
    px[i] = o.color3d === 'biomes' ? pack(...o.biomeRGB[ids[i]]) : heightColor(terrain[i], o.sea, top);
  }
  if (!o.rivers) return;
  const river = pack(...RIVER), lakeC = pack(...LAKE);
  for (let i = 0; i < n; i++) {
    if (!rivers[i] && !lake[i]) continue;
    const c = lake[i] ? lakeC : river;
    px[i] = c;
    if (o.wide && (i % size) < size - 1 && i + size + 1 < n) px[i + 1] = px[i + size] = px[i + size + 1] = c;
  }
}

/**
 * The stage thumbnails: `put(key, colorOfCell)` paints one (nearest-cell samples).
 * `m` also holds elevation (warped fBm), redistributed and shaped; `plain` (unwarped
 * fBm, at its own size) is drawn by the caller.
 */
export function paintThumbs(put, m, o) {
  const { size, terrain, moisture, flow: acc, biome: ids, rivers, lakes: lake, top } = m;
  const gray = (v) => { const g = v * 255; return [g, g, g]; };
  put('warped', (i) => gray(m.elevation[i]));
  put('redistributed', (i) => gray(m.redistributed[i]));
  put('island', (i) => unpack(heightColor(m.shaped[i], o.sea, top)));
  put('moisture', (i) => { const v = moisture[i]; return [214 - 186 * v, 178 - 66 * v, 112 + 38 * v]; });
  // The eroded relief in grey hillshade: gullies and fans show as texture.
  put('erosion', (i) => gray((50 + Math.max(0, terrain[i]) * 170) * hillshade(terrain, size, i, i % size, (i / size) | 0) / 255));
  put('filled', (i) => {
    const g = 40 + terrain[i] * 200;
    return lake[i] ? LAKE : terrain[i] < o.sea ? [g * 0.4, g * 0.5, g * 0.8] : [g, g, g];
  });
  let maxAcc = 1;
  for (let i = 0; i < acc.length; i++) if (acc[i] > maxAcc) maxAcc = acc[i];
  const logMax = Math.log(maxAcc);
  put('flow', (i) => flowColor(acc[i], logMax));
  put('biomes', (i) => (o.rivers && rivers[i] ? RIVER : o.biomeRGB[ids[i]]));
}
