// The island figure: two noise seeds → warped fBm → redistribution e^k → island
// falloff → (moisture) → droplet erosion in a Web Worker → depression filling → D8
// drainage and rivers → biomes, shown as 2D maps and as a 3D mesh you can orbit.
//
// Everything but erosion reruns on the main thread on each change (a few ms at 256²);
// erosion runs in js/erosion-worker.js in chunks, with a progress bar, a live preview
// and a Cancel button, and its result is kept until something upstream of it changes.
import { ramp } from '../palettes.js';
import { canvas, download } from '../figure.js';
import { el } from '../controls.js';
import { createTerrainView } from './island-gl.js';

const k = (v) => (v >= 1e6 ? `${v / 1e6}M` : v >= 1000 ? `${v / 1000}k` : String(v));

// Display colours for the biome map. Red Blob's palette (the core's `biomeLegend()`)
// with the shore, the sea and rock made to read at a glance on a small map.
const BIOME_COLORS = {
  ocean: [46, 84, 138], beach: [226, 208, 160], rock: [124, 116, 108], marsh: [74, 118, 104],
  snow: [248, 249, 252], tundra: [190, 190, 172], bare: [150, 146, 140], scorched: [96, 92, 90],
  'temperate-desert': [206, 206, 150], 'subtropical-desert': [218, 190, 138], shrubland: [140, 156, 112],
  taiga: [112, 146, 98], grassland: [140, 178, 86], 'temperate-deciduous-forest': [96, 148, 78],
  'temperate-rain-forest': [62, 124, 78], 'tropical-seasonal-forest': [92, 158, 66], 'tropical-rain-forest': [48, 118, 76],
};
const RIVER = [52, 112, 206];
const LAKE = [70, 128, 196];

export default {
  name: 'island',
  title: 'An eroded island from two noise seeds',
  caption: 'The map (switch it between height, moisture, flow and biomes; hover it to read a cell) and the same island in 3D: drag to orbit, wheel or pinch to zoom, or focus it and use the arrow keys. Below them, each stage of the pipeline in miniature. Every control reruns the pipeline at once, except erosion, which runs in a background worker with its own progress bar and Cancel button.',
  controls: [
    { key: 'view', type: 'choice', label: 'Map', options: [['height', 'Height'], ['moisture', 'Moisture'], ['flow', 'Flow'], ['biomes', 'Biomes']], value: 'biomes' },
    { key: 'color3d', type: 'choice', label: '3D colour', options: [['biomes', 'Biomes'], ['height', 'Height']], value: 'biomes' },
    { key: 'size', type: 'choice', label: 'Size', options: [['256', '256²'], ['512', '512²']], value: '256' },
    { key: 'seed', type: 'seed', label: 'Shape seed', value: 7 },
    { key: 'moistureSeed', type: 'seed', label: 'Moisture seed', value: 3 },
    { key: 'features', type: 'range', label: 'Feature size', min: 1.5, max: 8, step: 0.1, value: 3.2, digits: 1, format: (v) => `${Number(v).toFixed(1)}/map` },
    { key: 'warp', type: 'toggle', label: 'Domain warp', value: true },
    { key: 'warpStrength', type: 'range', label: 'Warp strength', min: 0, max: 1.5, step: 0.01, value: 0.45 },
    { key: 'exponent', type: 'range', label: 'Redistribution e^k', min: 0.5, max: 4, step: 0.05, value: 1.6 },
    { key: 'falloff', type: 'choice', label: 'Falloff', options: [['radial', 'Radial'], ['square', 'Square bump']], value: 'radial' },
    { key: 'blend', type: 'range', label: 'Falloff blend', min: 0, max: 1, step: 0.01, value: 0.7 },
    { key: 'sea', type: 'range', label: 'Sea level', min: 0.05, max: 0.6, step: 0.01, value: 0.24 },
    { key: 'erode', type: 'toggle', label: 'Erosion', value: true },
    { key: 'droplets', type: 'range', label: 'Droplets', min: 0, max: 1000000, step: 10000, value: 150000, format: k },
    { key: 'erodeSpeed', type: 'range', label: 'Erode speed', min: 0, max: 1, step: 0.01, value: 0.3 },
    { key: 'depositSpeed', type: 'range', label: 'Deposit speed', min: 0, max: 1, step: 0.01, value: 0.3 },
    { key: 'capacity', type: 'range', label: 'Capacity', min: 0.5, max: 16, step: 0.5, value: 4, digits: 1 },
    { key: 'inertia', type: 'range', label: 'Inertia', min: 0, max: 0.95, step: 0.01, value: 0.05 },
    { key: 'radius', type: 'range', label: 'Brush radius', min: 1, max: 8, step: 1, value: 3 },
    { key: 'lifetime', type: 'range', label: 'Lifetime', min: 5, max: 120, step: 1, value: 30 },
    { key: 'evaporation', type: 'range', label: 'Evaporation', min: 0, max: 0.2, step: 0.005, value: 0.01, digits: 3 },
    { key: 'erodeAgain', type: 'button', label: 'Erode again' },
    { key: 'fill', type: 'choice', label: 'Fill', options: [['none', 'None'], ['priority-flood', 'Priority-Flood'], ['planchon-darboux', 'Planchon–Darboux']], value: 'priority-flood' },
    { key: 'rivers', type: 'toggle', label: 'Rivers', value: true },
    { key: 'threshold', type: 'range', label: 'River threshold', min: 5, max: 2000, step: 5, value: 120, format: (v) => `${v} cells` },
  ],

  async mount(stage, state, lf) {
    const legend = lf.biomeLegend();
    const biomeRGB = legend.map((b) => BIOME_COLORS[b.key] ?? b.color);
    const terrainLut = new Uint32Array(ramp('terrain').buffer.slice(0));

    // --- DOM: 2D map + readout + legend, 3D view, erosion progress row.
    let size = Number(state.size);
    const map = canvas(size, size, 'Island map');
    map.classList.add('lf-island-map');
    const readout = el('div', { class: 'lf-readout', 'aria-live': 'off' },
      ...['elevation', 'moisture', 'flow', 'biome'].map((key) => el('span', { 'data-readout': key }, `${key[0].toUpperCase()}${key.slice(1)} —`)));
    const legendBox = el('ul', { class: 'lf-legend', 'aria-label': 'Biome legend' });
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    const view3d = canvas(Math.round(520 * dpr), Math.round(390 * dpr), 'Island in 3D: drag, wheel or arrow keys to orbit');
    view3d.classList.add('lf-island-3d');
    const glNote = el('p', { class: 'lf-note' }, 'Drag to orbit · wheel/pinch to zoom · arrow keys when focused');
    const progress = el('progress', { class: 'lf-progress', max: 1, value: 0, 'aria-label': 'Erosion progress' });
    const progressText = el('span', { class: 'lf-erosion-text', role: 'status' }, '');
    const cancelBtn = el('button', { type: 'button', class: 'lf-cancel', 'data-action': 'cancel', disabled: '' }, 'Cancel');
    const timing = el('span', { class: 'lf-timing' }, '');
    // The pipeline, one small map per stage, refreshed on every change.
    const STAGES = [['fbm', 'fBm'], ['warped', 'Warped'], ['redistributed', 'e^k'], ['island', 'Falloff'], ['moisture', 'Moisture'],
      ['erosion', 'Eroded'], ['filled', 'Filled'], ['flow', 'Drainage'], ['biomes', 'Biomes']];
    const THUMB = 72;
    const thumbs = {};
    const strip = el('ol', { class: 'lf-stages', 'aria-label': 'The pipeline, stage by stage' }, ...STAGES.map(([key, label], i) => {
      const c = canvas(THUMB, THUMB, `Stage ${i + 1}: ${label}`);
      thumbs[key] = c.getContext('2d', { willReadFrequently: true });
      return el('li', { 'data-stage': key }, c, el('span', {}, `${i + 1}. ${label}`));
    }));
    stage.append(
      el('div', { class: 'lf-panel lf-island-panel' }, map, readout, legendBox),
      el('div', { class: 'lf-panel lf-island-panel' }, view3d, glNote, timing),
      el('div', { class: 'lf-erosion' }, el('span', { class: 'lf-label' }, 'Erosion'), progress, progressText, cancelBtn),
      strip,
    );
    stage.dataset.erosion = 'idle';
    // CPU-backed 2D canvases: putImageData then never waits behind a slow (software)
    // WebGL frame in the GPU process.
    let ctx = map.getContext('2d', { willReadFrequently: true });
    let image = ctx.createImageData(size, size);

    const gl = createTerrainView(view3d);
    if (!gl) glNote.textContent = 'Your browser has no WebGL2, so the 3D view is off; the map on the left shows the same island.';

    // --- Pipeline state (cached per stage).
    let field = null, moistField = null, noiseKey = '', moistKey = '';
    let base, moisture, shaped, redistributed, shapedKey = '', plain = null, plainKey = '';
    let terrain, filled, acc, ids, rgba, rivers, lake, eb, top = 1;
    const cache = { key: '', heights: null, done: 0, total: 0, partial: false };

    function ensureSize(s) {
      const want = Number(s.size);
      if (want === size && base) return;
      size = want;
      map.width = map.height = size;
      ctx = map.getContext('2d', { willReadFrequently: true });
      image = ctx.createImageData(size, size);
      noiseKey = moistKey = shapedKey = '';
    }

    function noise(s) {
      const spec = { noise: 'perlin', seed: s.seed, fractal: { kind: 'fbm', octaves: 7, persistence: 0.5, lacunarity: 2 } };
      if (s.warp && s.warpStrength > 0) spec.warp = { strength: s.warpStrength, seed: s.seed + 101, octaves: 3, frequency: 0.7 };
      spec.offset = [(s.seed % 97) * 13.37, (s.seed % 89) * 7.91, 0];
      const key = JSON.stringify([spec, size, s.features]);
      if (key !== noiseKey) {
        field?.free();
        field = new lf.Field(spec);
        base = new Float32Array(size * size);
        field.fill2d(base, { width: size, height: size, scale: size / s.features });
        lf.normalize(base);
        noiseKey = key;
        shapedKey = '';
      }
      const mkey = JSON.stringify([s.moistureSeed, size]);
      if (mkey !== moistKey) {
        moistField?.free();
        moistField = new lf.Field({ noise: 'perlin', seed: s.moistureSeed + 5000, fractal: { kind: 'fbm', octaves: 5, persistence: 0.5, lacunarity: 2 }, offset: [31.7, 11.3, 0] });
        moisture = new Float32Array(size * size);
        moistField.fill2d(moisture, { width: size, height: size, scale: size / 2.4 });
        lf.normalize(moisture);
        moistKey = mkey;
      }
    }

    function shape(s) {
      const key = JSON.stringify([noiseKey, s.exponent, s.falloff, s.blend]);
      if (key === shapedKey) return;
      redistributed = base.slice();
      if (s.exponent !== 1) lf.redistribute(redistributed, s.exponent);
      shaped = redistributed.slice();
      lf.islandFalloff(shaped, size, size, { shape: s.falloff, blend: s.blend });
      shapedKey = key;
    }

    const erosionParams = (s) => ({
      seed: s.seed, erodeSpeed: s.erodeSpeed, depositSpeed: s.depositSpeed, capacityFactor: s.capacity,
      inertia: s.inertia, radius: s.radius, lifetime: s.lifetime, evaporation: s.evaporation,
    });
    const erosionKey = (s) => JSON.stringify([shapedKey, erosionParams(s), s.droplets]);

    // --- The erosion worker.
    let worker = null, run = null, nextId = 1, live = null, startTimer = 0;
    function ensureWorker() {
      if (worker) return worker;
      worker = new Worker(new URL('../erosion-worker.js', import.meta.url), { type: 'module' });
      worker.onmessage = ({ data }) => {
        if (data.type === 'ready') return;
        if (data.type === 'error' && data.id === null) { progressText.textContent = `Erosion worker failed: ${data.message}`; finish(); return; }
        if (!run || data.id !== run.id) return; // a run we already left behind
        if (data.type === 'progress') {
          live = new Float32Array(data.preview);
          showProgress(data.done, data.total, data.ms);
          previewSoon();
        } else if (data.type === 'done' || data.type === 'cancelled') {
          Object.assign(cache, { key: run.key, heights: new Float32Array(data.heights), done: data.done, total: data.total, partial: data.type === 'cancelled' });
          const rate = data.done / Math.max(data.ms, 1) * 1000;
          stage.dataset.rate = String(Math.round(rate));
          progress.max = data.total || 1;
          progress.value = data.done;
          progressText.textContent = data.type === 'done'
            ? `${data.done.toLocaleString('en')} droplets in ${(data.ms / 1000).toFixed(2)} s (${k(Math.round(rate / 1000) * 1000)}/s); eroded ${data.budget.eroded.toFixed(1)}, deposited ${data.budget.deposited.toFixed(1)}`
            : `Cancelled after ${data.done.toLocaleString('en')} of ${data.total.toLocaleString('en')} droplets.`;
          finish();
          redraw();
        } else if (data.type === 'error') {
          progressText.textContent = `Erosion failed: ${data.message}`;
          finish();
        }
      };
      worker.onerror = (e) => { progressText.textContent = `Erosion worker failed: ${e.message}`; finish(); };
      return worker;
    }
    // Live previews at most every 120 ms, so a fast worker cannot keep the main
    // thread busy redrawing.
    let lastPreview = 0, previewTimer = 0;
    function previewSoon() {
      if (previewTimer) return;
      const wait = Math.max(0, lastPreview + 120 - performance.now());
      previewTimer = setTimeout(() => { previewTimer = 0; lastPreview = performance.now(); redraw(); }, wait);
    }
    function showProgress(done, total, ms) {
      progress.max = total;
      progress.value = done;
      const rate = ms > 0 ? ` · ${k(Math.round(done / ms))}k/s` : '';
      progressText.textContent = `${done.toLocaleString('en')} / ${total.toLocaleString('en')} droplets${rate}`;
    }
    function finish() {
      clearTimeout(previewTimer);
      previewTimer = 0;
      run = null;
      live = null;
      stage.dataset.erosion = 'idle';
      cancelBtn.disabled = true;
    }
    function cancel() {
      clearTimeout(startTimer);
      startTimer = 0;
      if (run) worker.postMessage({ type: 'cancel', id: run.id });
    }
    function start(s) {
      cancel();
      if (run) { run = null; live = null; }
      const key = erosionKey(s);
      const heights = shaped.slice();
      run = { id: nextId++, key, total: s.droplets };
      stage.dataset.erosion = 'running';
      cancelBtn.disabled = false;
      showProgress(0, s.droplets, 0);
      const chunk = 20000;
      ensureWorker().postMessage({ type: 'run', id: run.id, width: size, height: size, heights: heights.buffer, params: erosionParams(s), droplets: s.droplets, chunk }, [heights.buffer]);
    }

    // Which heightmap the rest of the pipeline sees: eroded (cached), the live
    // preview of a running erosion, or the shaped map (erosion off or not yet run).
    function erosionInput(s, immediate) {
      if (!s.erode || s.droplets === 0) {
        if (run || startTimer) { cancel(); finish(); progressText.textContent = 'Erosion off.'; progress.value = 0; }
        return shaped;
      }
      const key = erosionKey(s);
      if (cache.key === key) return cache.heights;
      if (run && run.key === key) return live ?? shaped;
      // Something upstream changed: start again (at once, or after the slider rests).
      cancel();
      if (run) finish();
      stage.dataset.erosion = 'pending';
      progressText.textContent = 'Erosion waits for the sliders to rest…';
      if (immediate) start(s);
      else startTimer = setTimeout(() => { startTimer = 0; start(current); }, 300);
      return shaped;
    }

    // --- Downstream: fill, flow, rivers, biomes, paint.
    function downstream(s, heights) {
      const n = size * size, sea = s.sea;
      terrain = heights;
      filled = heights.slice();
      if (s.fill !== 'none') lf.fillDepressions(filled, size, size, { method: s.fill, seaLevel: sea });
      acc = lf.flowAccumulation(filled, size, size, sea);
      rivers ??= new Uint8Array(n);
      lake ??= new Uint8Array(n);
      if (rivers.length !== n) { rivers = new Uint8Array(n); lake = new Uint8Array(n); }
      const lakeDepth = 0.004;
      // The threshold is a catchment area in cells of a 256² map, so the same rivers
      // appear at 512² (where each of those cells is four).
      const threshold = s.threshold * (size / 256) ** 2;
      let riverCells = 0, lakeCells = 0;
      for (let i = 0; i < n; i++) {
        const land = heights[i] >= sea;
        rivers[i] = land && acc[i] > threshold ? 1 : 0;
        lake[i] = land && filled[i] - heights[i] > lakeDepth ? 1 : 0;
        riverCells += rivers[i];
        lakeCells += lake[i];
      }
      stage.dataset.rivers = String(riverCells);
      stage.dataset.lakes = String(lakeCells);
      // Biomes read elevation on Red Blob's scale: the sea ends at 0.1 and the
      // island's highest point is 1, whatever the sea level and the exponent.
      if (!eb || eb.length !== n) eb = new Float32Array(n);
      top = sea;
      for (let i = 0; i < n; i++) if (heights[i] > top) top = heights[i];
      const land = 0.9 / Math.max(1e-3, top - sea);
      for (let i = 0; i < n; i++) {
        const e = heights[i];
        eb[i] = e < sea ? Math.max(0, e) * 0.1 / sea : Math.min(1, 0.1 + (e - sea) * land);
      }
      const b = lf.biomes(eb, moisture, size, size, { seaLevel: 0.1, beachBand: 0.025, snowLine: 0.86, rockSlope: 5 });
      ids = b.ids;
      rgba = b.rgba;
    }

    function heightColor(e, sea) {
      const t = e < sea ? 0.5 * Math.max(0, e) / sea : 0.5 + 0.5 * Math.min(1, (e - sea) / Math.max(1e-3, top - sea));
      return terrainLut[Math.min(255, (t * 255) | 0)];
    }

    function hillshade(h, i, x, y) {
      const l = x > 0 ? h[i - 1] : h[i], r = x < size - 1 ? h[i + 1] : h[i];
      const u = y > 0 ? h[i - size] : h[i], d = y < size - 1 ? h[i + size] : h[i];
      const z = size * 0.45;
      const gx = (r - l) * z, gy = (d - u) * z;
      // Sun from the north-west, 45° up; 1 on flat ground.
      const lit = (gx * 0.5 + gy * 0.5 + 0.7071) / Math.sqrt(gx * gx + gy * gy + 1) / 0.7071;
      return Math.min(1.25, Math.max(0.45, 0.4 + 0.6 * lit));
    }

    function paint2d(s) {
      const px = new Uint32Array(image.data.buffer);
      const n = size * size, sea = s.sea, h = terrain;
      let maxAcc = 1;
      if (s.view === 'flow') for (let i = 0; i < n; i++) if (acc[i] > maxAcc) maxAcc = acc[i];
      const logMax = Math.log(maxAcc);
      const logT = Math.log(Math.max(2, s.threshold * (size / 256) ** 2));
      for (let y = 0, i = 0; y < size; y++) {
        for (let x = 0; x < size; x++, i++) {
          let r, g, b;
          const water = h[i] < sea;
          if (s.view === 'flow') {
            const t = Math.log(acc[i]) / logMax;
            r = 10 + 230 * t * t; g = 20 + 220 * t; b = 40 + 215 * Math.sqrt(t);
            if (water) { r *= 0.5; g *= 0.5; b *= 0.6; }
          } else {
            if (s.view === 'biomes') [r, g, b] = biomeRGB[ids[i]];
            else if (s.view === 'moisture') {
              const m = moisture[i];
              // Dry ochre → green → wet teal.
              const u = m < 0.5 ? m * 2 : (m - 0.5) * 2;
              if (m < 0.5) { r = 214 + (110 - 214) * u; g = 178 + (176 - 178) * u; b = 112 + (84 - 112) * u; }
              else { r = 110 + (28 - 110) * u; g = 176 + (112 - 176) * u; b = 84 + (150 - 84) * u; }
              if (water) { r = r * 0.3 + 40; g = g * 0.3 + 56; b = b * 0.3 + 90; }
            } else {
              const c = heightColor(h[i], sea);
              r = c & 255; g = (c >> 8) & 255; b = (c >> 16) & 255;
            }
            if (s.rivers && (lake[i] || rivers[i]) && s.view !== 'moisture') {
              const [rr, rg, rb] = lake[i] ? LAKE : RIVER;
              const a = lake[i] ? 0.85 : Math.min(1, 0.55 + 0.45 * (Math.log(acc[i]) - logT) / 2.5);
              r += (rr - r) * a; g += (rg - g) * a; b += (rb - b) * a;
            }
            const hs = hillshade(h, i, x, y);
            const shade = water || lake[i] ? 0.85 + 0.15 * hs : s.view === 'moisture' ? 0.6 + 0.4 * hs : hs;
            r *= shade; g *= shade; b *= shade;
          }
          px[i] = 0xff000000 | (Math.min(255, b) << 16) | (Math.min(255, g) << 8) | Math.min(255, r);
        }
      }
      ctx.putImageData(image, 0, 0);
    }

    let colors3d = null;
    function paint3d(s) {
      if (!gl) return;
      const n = size * size;
      if (!colors3d || colors3d.length !== n * 4) colors3d = new Uint8Array(n * 4);
      const px = new Uint32Array(colors3d.buffer);
      for (let i = 0; i < n; i++) {
        let r, g, b;
        if (s.color3d === 'biomes') [r, g, b] = biomeRGB[ids[i]];
        else { const c = heightColor(terrain[i], s.sea); r = c & 255; g = (c >> 8) & 255; b = (c >> 16) & 255; }
        px[i] = 0xff000000 | (b << 16) | (g << 8) | r;
      }
      // Rivers on top; where the mesh skips cells (512² map, 256² mesh) each river
      // cell also paints its 2×2 block, so that rivers stay continuous lines.
      if (s.rivers) {
        const wide = size > gl.meshMax;
        const pack = ([r, g, b]) => 0xff000000 | (b << 16) | (g << 8) | r;
        const river = pack(RIVER), lakeC = pack(LAKE);
        for (let i = 0; i < n; i++) {
          if (!rivers[i] && !lake[i]) continue;
          const c = lake[i] ? lakeC : river;
          px[i] = c;
          if (wide && (i % size) < size - 1 && i + size + 1 < n) px[i + 1] = px[i + size] = px[i + size + 1] = c;
        }
      }
      gl.setTerrain(terrain, size, size, colors3d, s.sea);
      stage.dataset.view3d = 'ready';
    }

    // A software WebGL (SwiftShader, llvmpipe) takes a large part of a second per
    // frame and stalls the page while it draws; there the 3D view waits for sliders
    // to rest and for erosion to finish instead of following every step.
    let timer3d = 0;
    function schedule3d(s) {
      clearTimeout(timer3d);
      if (!gl?.slow) return paint3d(s);
      stage.dataset.view3d = 'pending';
      if (run || startTimer) return; // redrawn when the run ends
      timer3d = setTimeout(() => paint3d(current), 150);
    }

    // Stage thumbnails: nearest-cell samples of each intermediate map.
    const thumbImage = new ImageData(THUMB, THUMB);
    function thumb(key, color) {
      const px = new Uint32Array(thumbImage.data.buffer);
      for (let y = 0, j = 0; y < THUMB; y++) {
        const row = Math.floor((y + 0.5) * size / THUMB) * size;
        for (let x = 0; x < THUMB; x++, j++) {
          const [r, g, b] = color(row + Math.floor((x + 0.5) * size / THUMB));
          px[j] = 0xff000000 | (Math.max(0, Math.min(255, b)) << 16) | (Math.max(0, Math.min(255, g)) << 8) | Math.max(0, Math.min(255, r));
        }
      }
      thumbs[key].putImageData(thumbImage, 0, 0);
    }
    function paintStages(s) {
      // Plain (unwarped) fBm at thumbnail size, for the first stage.
      const pk = JSON.stringify([s.seed, s.features]);
      if (pk !== plainKey) {
        const f = new lf.Field({ noise: 'perlin', seed: s.seed, fractal: { kind: 'fbm', octaves: 7, persistence: 0.5, lacunarity: 2 }, offset: [(s.seed % 97) * 13.37, (s.seed % 89) * 7.91, 0] });
        plain = new Float32Array(THUMB * THUMB);
        f.fill2d(plain, { width: THUMB, height: THUMB, scale: THUMB / s.features });
        f.free();
        lf.normalize(plain);
        plainKey = pk;
      }
      const gray = (v) => { const g = v * 255; return [g, g, g]; };
      const px = new Uint32Array(thumbImage.data.buffer);
      for (let j = 0; j < plain.length; j++) { const g = Math.max(0, Math.min(255, plain[j] * 255)) | 0; px[j] = 0xff000000 | (g << 16) | (g << 8) | g; }
      thumbs.fbm.putImageData(thumbImage, 0, 0);
      thumb('warped', (i) => gray(base[i]));
      thumb('redistributed', (i) => gray(redistributed[i]));
      thumb('island', (i) => { const c = heightColor(shaped[i], s.sea); return [c & 255, (c >> 8) & 255, (c >> 16) & 255]; });
      thumb('moisture', (i) => { const m = moisture[i]; return [214 - 186 * m, 178 - 66 * m, 112 + 38 * m]; });
      // The eroded relief in grey hillshade: gullies and fans show as texture.
      thumb('erosion', (i) => {
        const g = (50 + Math.max(0, terrain[i]) * 170) * hillshade(terrain, i, i % size, (i / size) | 0);
        return [g, g, g];
      });
      thumb('filled', (i) => {
        const g = 40 + terrain[i] * 200;
        return lake[i] ? LAKE : terrain[i] < s.sea ? [g * 0.4, g * 0.5, g * 0.8] : [g, g, g];
      });
      let maxAcc = 1;
      for (let i = 0; i < acc.length; i++) if (acc[i] > maxAcc) maxAcc = acc[i];
      const lm = Math.log(maxAcc);
      thumb('flow', (i) => { const t = Math.log(acc[i]) / lm; return [10 + 230 * t * t, 20 + 220 * t, 40 + 215 * Math.sqrt(t)]; });
      thumb('biomes', (i) => (s.rivers && rivers[i] ? RIVER : biomeRGB[ids[i]]));
    }

    let legendKey = '';
    function paintLegend() {
      const counts = new Uint32Array(legend.length);
      for (let i = 0; i < ids.length; i++) counts[ids[i]]++;
      const rows = legend.map((b, id) => [b, counts[id]]).filter(([, c]) => c * 2000 >= ids.length).sort((a, b) => b[1] - a[1]);
      const key = rows.map(([b, c]) => `${b.id}:${Math.round(1000 * c / ids.length)}`).join();
      if (key === legendKey) return;
      legendKey = key;
      legendBox.replaceChildren(...rows.map(([b, c]) => {
        const [r, g, bl] = biomeRGB[b.id];
        return el('li', { 'data-biome': b.key },
          el('span', { class: 'lf-swatch', style: `background: rgb(${r} ${g} ${bl})` }),
          `${b.name} ${(100 * c / ids.length).toFixed(c * 100 < ids.length ? 1 : 0)}%`);
      }));
    }

    // --- One full redraw from the current state.
    let current = state, redrawFrame = 0;
    // A full redraw. Live erosion previews split it into two tasks (hydrology, then
    // painting) so that neither holds the main thread for long.
    function compute(s, immediate = false, split = false) {
      const t0 = performance.now();
      ensureSize(s);
      noise(s);
      shape(s);
      const heights = erosionInput(s, immediate);
      const t1 = performance.now();
      downstream(s, heights);
      const t2 = performance.now();
      const paint = () => {
        const t3 = performance.now();
        paint2d(s);
        schedule3d(s);
        paintLegend();
        paintStages(s);
        const t4 = performance.now();
        const ms = (x) => x.toFixed(1);
        timing.textContent = `${size}²: shape ${ms(t1 - t0)} ms · fill+flow+biomes ${ms(t2 - t1)} ms · paint ${ms(t4 - t3)} ms`;
        stage.dataset.ms = (t2 - t0 + t4 - t3).toFixed(1);
        map.dataset.terrain = terrain === shaped ? 'shaped' : terrain === cache.heights ? (cache.partial ? 'partial' : 'eroded') : 'preview';
      };
      if (split) setTimeout(paint, 0);
      else paint();
    }
    function redraw() {
      if (!redrawFrame) redrawFrame = requestAnimationFrame(() => { redrawFrame = 0; compute(current, false, !!run); });
    }

    // --- Hover readout.
    // Also from the keyboard: focus the map, then arrow keys move the probed cell.
    let probe = null;
    function readAt(x, y) {
      probe = [x, y];
      const i = y * size + x;
      const set = (key, text) => { readout.querySelector(`[data-readout="${key}"]`).textContent = text; };
      set('elevation', `Elevation ${terrain[i].toFixed(3)}${terrain[i] < current.sea ? ' (under sea)' : ''}`);
      set('moisture', `Moisture ${moisture[i].toFixed(2)}`);
      set('flow', `Flow ${Math.round(acc[i]).toLocaleString('en')} cells${rivers[i] ? ' (river)' : lake[i] ? ' (lake)' : ''}`);
      set('biome', `Biome ${lake[i] ? 'Lake' : legend[ids[i]].name}`);
      readout.dataset.cell = `${x},${y}`;
    }
    const hover = (e) => {
      const rect = map.getBoundingClientRect();
      readAt(Math.min(size - 1, Math.max(0, Math.floor((e.clientX - rect.left) / rect.width * size))),
        Math.min(size - 1, Math.max(0, Math.floor((e.clientY - rect.top) / rect.height * size))));
    };
    map.addEventListener('pointermove', hover);
    map.addEventListener('pointerdown', hover);
    map.tabIndex = 0;
    map.addEventListener('focus', () => { if (!probe) readAt(size >> 1, size >> 1); });
    map.addEventListener('keydown', (e) => {
      const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
      if (!d) return;
      e.preventDefault();
      const step = e.shiftKey ? 16 : 4;
      const [x, y] = probe ?? [size >> 1, size >> 1];
      readAt(Math.min(size - 1, Math.max(0, x + d[0] * step)), Math.min(size - 1, Math.max(0, y + d[1] * step)));
    });

    cancelBtn.addEventListener('click', () => {
      if (!run) return;
      cancel();
      progressText.textContent = 'Cancelling…';
    });

    // Biome map as a PNG, at map resolution, in the biome colours above.
    const biomeTool = el('button', {
      type: 'button', class: 'lf-tool', 'data-tool': 'biome-png',
      onclick: () => {
        const c = document.createElement('canvas');
        c.width = c.height = size;
        const img = c.getContext('2d').createImageData(size, size);
        for (let i = 0; i < ids.length; i++) { const [r, g, b] = biomeRGB[ids[i]]; img.data.set([r, g, b, 255], i * 4); }
        c.getContext('2d').putImageData(img, 0, 0);
        c.toBlob((blob) => download(blob, `landform-island-biomes-${size}.png`));
      },
    }, 'Biome map PNG');

    compute(state, true);

    return {
      update(s) { current = s; compute(s); },
      action(key, s) { if (key === 'erodeAgain' && s.erode && s.droplets > 0) { cache.key = ''; current = s; start(s); } },
      heightmap() {
        let lo = Infinity, hi = -Infinity;
        for (const v of terrain) { if (v < lo) lo = v; if (v > hi) hi = v; }
        return { values: terrain, width: size, height: size, lo, hi };
      },
      tools: [biomeTool],
      destroy() {
        cancel();
        worker?.terminate();
        cancelAnimationFrame(redrawFrame);
        clearTimeout(timer3d);
        field?.free();
        moistField?.free();
        gl?.destroy();
      },
    };
  },
};
