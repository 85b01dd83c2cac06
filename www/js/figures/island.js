// The island figure: two noise seeds → warped fBm → redistribution e^k → island
// falloff → (moisture) → droplet erosion in a Web Worker → depression filling → D8
// drainage and rivers → biomes, shown as 2D maps and as a 3D mesh you can orbit.
//
// The per-cell heavy steps (the warped fBm, the moisture noise and the redistribution
// e^k: ~65 ms at 512² on one thread) run in the page's worker pool (js/pool.js), in row
// bands, and depression filling + D8 flow (~30 ms, global steps) as one pool job, all
// with exactly the bits of one thread; normalising, the falloff, rivers, biomes and
// painting rerun on the main thread. Erosion runs in js/erosion-worker.js in chunks,
// with a progress bar, a live preview and a Cancel button, and its result is kept until
// something upstream of it changes.
import { canvas, download } from '../figure.js';
import { el } from '../controls.js';
import { pool, latest, fieldFor } from '../landform.js';
import { createTerrainView } from './island-gl.js';
import { ErosionRunner } from './island-erosion.js';
import { biomePalette, paintMap, paint3dColors, paintThumbs } from './island-paint.js';

const k = (v) => (v >= 1e6 ? `${v / 1e6}M` : v >= 1000 ? `${v / 1000}k` : String(v));

// The erosion budget in words. Heights run from 0 to 1 (the whole relief), so the soil
// moved is counted in cell-heights: a column one cell across and the relief tall.
function soil({ eroded, deposited }, s) {
  const cells = Number(s?.size ?? 256) ** 2;
  const round = (v) => Math.round(v).toLocaleString('en');
  return `Soil moved: ${round(eroded)} cell-heights eroded, ${round(deposited)} deposited`
    + ` (spread over the map, a layer ${(100 * eroded / cells).toFixed(1)} % of the relief deep).`;
}


export default {
  name: 'island',
  title: 'An eroded island from two noise seeds',
  caption: 'The map (switch it between height, moisture, flow and biomes; hover it to read a cell) and the same island in 3D: drag to orbit, wheel or pinch to zoom, or focus it and use the arrow keys. Under the 3D view, each stage of the pipeline in miniature (each step below shows its own, larger). Every control reruns the pipeline at once, except erosion, which runs in a background worker with its own progress bar and Cancel button.',
  // Beside the map on wide screens, grouped by pipeline stage; the droplet physics,
  // rarely touched, starts folded. A new control joins a stage by naming its group.
  layout: 'side',
  closedGroups: ['Droplet physics'],
  controls: [
    { group: 'View', key: 'view', type: 'choice', label: 'Map', options: [['height', 'Height'], ['moisture', 'Moisture'], ['flow', 'Flow'], ['biomes', 'Biomes']], value: 'biomes' },
    { group: 'View', key: 'color3d', type: 'choice', label: '3D colour', options: [['biomes', 'Biomes'], ['height', 'Height']], value: 'biomes' },
    { group: 'View', key: 'size', type: 'choice', label: 'Size', options: [['256', '256²'], ['512', '512²']], value: '256' },
    { group: 'Shape', key: 'seed', type: 'seed', label: 'Shape seed', value: 7 },
    { group: 'Shape', key: 'features', type: 'range', label: 'Feature size', min: 1.5, max: 8, step: 0.1, value: 3.2, digits: 1, format: (v) => `${Number(v).toFixed(1)}/map` },
    { group: 'Shape', key: 'warp', type: 'toggle', label: 'Domain warp', value: true },
    { group: 'Shape', key: 'warpStrength', type: 'range', label: 'Warp strength', min: 0, max: 1.5, step: 0.01, value: 0.45 },
    { group: 'Shape', key: 'exponent', type: 'range', label: 'Height exponent k', min: 0.5, max: 4, step: 0.05, value: 1.6 },
    { group: 'Island', key: 'falloff', type: 'choice', label: 'Falloff', options: [['radial', 'Radial'], ['square', 'Square bump']], value: 'radial' },
    { group: 'Island', key: 'blend', type: 'range', label: 'Falloff blend', min: 0, max: 1, step: 0.01, value: 0.7 },
    { group: 'Island', key: 'sea', type: 'range', label: 'Sea level', min: 0.05, max: 0.6, step: 0.01, value: 0.24 },
    { group: 'Island', key: 'moistureSeed', type: 'seed', label: 'Moisture seed', value: 3 },
    { group: 'Erosion', key: 'erode', type: 'toggle', label: 'Erosion', value: true },
    { group: 'Erosion', key: 'backend', type: 'choice', label: 'Erosion on', options: [['auto', 'Auto'], ['gpu', 'GPU'], ['cpu', 'CPU']], value: 'auto' },
    { group: 'Erosion', key: 'droplets', type: 'range', label: 'Droplets', min: 0, max: 1000000, step: 10000, value: 150000, format: k },
    { group: 'Erosion', key: 'erodeAgain', type: 'button', label: 'Erode again' },
    { group: 'Droplet physics', key: 'erodeSpeed', type: 'range', label: 'Erode speed', min: 0, max: 1, step: 0.01, value: 0.3 },
    { group: 'Droplet physics', key: 'depositSpeed', type: 'range', label: 'Deposit speed', min: 0, max: 1, step: 0.01, value: 0.3 },
    { group: 'Droplet physics', key: 'capacity', type: 'range', label: 'Capacity', min: 0.5, max: 16, step: 0.5, value: 4, digits: 1 },
    { group: 'Droplet physics', key: 'inertia', type: 'range', label: 'Inertia', min: 0, max: 0.95, step: 0.01, value: 0.05 },
    { group: 'Droplet physics', key: 'radius', type: 'range', label: 'Brush radius', min: 1, max: 8, step: 1, value: 3, format: (v) => `${v} cells` },
    { group: 'Droplet physics', key: 'lifetime', type: 'range', label: 'Lifetime', min: 5, max: 120, step: 1, value: 30, format: (v) => `${v} steps` },
    { group: 'Droplet physics', key: 'evaporation', type: 'range', label: 'Evaporation', min: 0, max: 0.2, step: 0.005, value: 0.01, digits: 3 },
    { group: 'Water', key: 'fill', type: 'choice', label: 'Fill', options: [['none', 'None'], ['priority-flood', 'Priority-Flood'], ['planchon-darboux', 'Planchon–Darboux']], value: 'priority-flood' },
    { group: 'Water', key: 'rivers', type: 'toggle', label: 'Rivers', value: true },
    { group: 'Water', key: 'threshold', type: 'range', label: 'River threshold', min: 5, max: 2000, step: 5, value: 120, format: (v) => `${v} cells` },
  ],

  async mount(stage, state, lf) {
    const legend = lf.biomeLegend();
    const biomeRGB = biomePalette(legend);

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
    const glNote = el('p', { class: 'lf-note' }, 'Drag to orbit (touch: sideways, or two fingers; a vertical swipe scrolls the page) · wheel or pinch to zoom · arrow keys when focused');
    const progress = el('progress', { class: 'lf-progress', max: 1, value: 0, 'aria-label': 'Erosion progress' });
    const progressText = el('span', { class: 'lf-erosion-text', role: 'status' }, '');
    const cancelBtn = el('button', { type: 'button', class: 'lf-cancel', 'data-action': 'cancel', disabled: '' }, 'Cancel');
    // Empty unless something fails; the timings go to data-timing (tests, devtools).
    const problem = el('p', { class: 'lf-note', role: 'alert' }, '');
    // The pipeline, one small map per stage, refreshed on every change.
    const STAGES = [['fbm', 'fBm'], ['warped', 'Warped'], ['redistributed', 'Redistributed'], ['island', 'Falloff'], ['moisture', 'Moisture'],
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
      el('div', { class: 'lf-panel lf-island-panel' }, view3d, glNote, problem,
        el('div', { class: 'lf-erosion' }, el('span', { class: 'lf-label' }, 'Erosion'), progress, progressText, cancelBtn),
        strip),
    );
    stage.dataset.erosion = 'idle';
    // CPU-backed 2D canvases: putImageData then never waits behind a slow (software)
    // WebGL frame in the GPU process.
    let ctx = map.getContext('2d', { willReadFrequently: true });
    let image = ctx.createImageData(size, size);

    const gl = createTerrainView(view3d);
    if (!gl) glNote.textContent = 'Your browser has no WebGL2, so the 3D view is off; the map on the left shows the same island.';

    // --- Pipeline state (cached per stage).
    let noiseKey = '', moistKey = '';
    let base, moisture, shaped, redistributed, shapedKey = '', plain = null, plainKey = '';
    let terrain, filled, acc, ids, rivers, lake, eb, top = 1;

    function ensureSize(s) {
      const want = Number(s.size);
      if (want === size && map.width === size) return;
      size = want;
      map.width = map.height = size;
      ctx = map.getContext('2d', { willReadFrequently: true });
      image = ctx.createImageData(size, size);
    }

    // --- Upstream (noise, moisture, e^k, falloff): the per-cell heavy parts in the pool.
    const workers = pool();
    const noiseSpec = (s) => {
      const spec = { noise: 'perlin', seed: s.seed, fractal: { kind: 'fbm', octaves: 7, persistence: 0.5, lacunarity: 2 } };
      if (s.warp && s.warpStrength > 0) spec.warp = { strength: s.warpStrength, seed: s.seed + 101, octaves: 3, frequency: 0.7 };
      spec.offset = [(s.seed % 97) * 13.37, (s.seed % 89) * 7.91, 0];
      return spec;
    };
    const moistSpec = (s) => ({ noise: 'perlin', seed: s.moistureSeed + 5000, fractal: { kind: 'fbm', octaves: 5, persistence: 0.5, lacunarity: 2 }, offset: [31.7, 11.3, 0] });
    const upKeys = (s) => {
      const n = Number(s.size);
      const nk = JSON.stringify([noiseSpec(s), n, s.features]);
      return { n, nk, mk: JSON.stringify([s.moistureSeed, n]), sk: JSON.stringify([nk, s.exponent, s.falloff, s.blend]) };
    };
    const fresh = (s) => { const u = upKeys(s); return u.nk === noiseKey && u.mk === moistKey && u.sk === shapedKey; };
    let upMs = 0;

    // Recomputes what changed and swaps it in all at once (the maps stay consistent
    // with each other and with `size` for the hover readout and the painters).
    async function prepare(s) {
      const t0 = performance.now();
      const { n, nk, mk, sk } = upKeys(s);
      const [b, m] = await Promise.all([
        nk === noiseKey ? base : workers.fill2d(noiseSpec(s), { width: n, height: n, scale: n / s.features }).then((v) => { lf.normalize(v); return v; }),
        mk === moistKey ? moisture : workers.fill2d(moistSpec(s), { width: n, height: n, scale: n / 2.4 }).then((v) => { lf.normalize(v); return v; }),
      ]);
      let r = redistributed, sh = shaped;
      if (sk !== shapedKey) {
        r = s.exponent !== 1 ? await workers.redistribute(b, s.exponent) : b.slice();
        sh = r.slice();
        lf.islandFalloff(sh, n, n, { shape: s.falloff, blend: s.blend });
      }
      [base, moisture, redistributed, shaped] = [b, m, r, sh];
      [noiseKey, moistKey, shapedKey] = [nk, mk, sk];
      upMs = performance.now() - t0;
    }

    // One upstream job at a time; while it runs, only the latest state waits for it,
    // and the picture is redrawn once, when the last one is done.
    const upstream = latest(stage, prepare);
    let awaited = null, destroyed = false;
    function redrawAfter(job) {
      if (job === awaited) return;
      awaited = job;
      job.then(() => { if (!destroyed) compute(current); }, (e) => { problem.textContent = e.message; });
    }

    // Filling and drainage of the heightmap the pipeline sees, in a pool worker.
    let hydro = { heights: null }, hydroMs = 0;
    const hydroFresh = (heights, s) => hydro.heights === heights && hydro.sea === s.sea && hydro.fill === s.fill;
    const hydrology = latest(stage, async (heights, s) => {
      const t0 = performance.now();
      const n = Math.round(Math.sqrt(heights.length));
      const r = await workers.hydrology(heights, n, n, { fill: s.fill !== 'none' ? { method: s.fill, seaLevel: s.sea } : null, seaLevel: s.sea });
      hydro = { heights, sea: s.sea, fill: s.fill, ...r };
      hydroMs = performance.now() - t0;
    });

    // --- Erosion, in the worker.
    const fmt = (v) => v.toLocaleString('en');
    const runner = new ErosionRunner({
      onProgress(done, total, ms) {
        stage.dataset.erosion = 'running';
        cancelBtn.disabled = false;
        progress.max = total;
        progress.value = done;
        progressText.textContent = `${fmt(done)} / ${fmt(total)} droplets${ms > 0 ? ` · ${k(Math.round(done / ms))}k/s` : ''}`;
      },
      onPreview: () => redraw(),
      onEnd(r) {
        stage.dataset.erosion = 'idle';
        cancelBtn.disabled = true;
        if (r.type === 'error') { progressText.textContent = `Erosion failed: ${r.message}`; return; }
        const rate = r.done / Math.max(r.ms, 1) * 1000;
        stage.dataset.rate = String(Math.round(rate));
        stage.dataset.backend = r.backend;
        const on = r.backend === 'gpu' ? ' on the GPU' : r.fallbackReason ? ` on the CPU (${r.fallbackReason})` : ' on the CPU';
        progress.max = r.total || 1;
        progress.value = r.done;
        progressText.textContent = r.type === 'done'
          ? `${fmt(r.done)} droplets in ${(r.ms / 1000).toFixed(2)} s (${k(Math.round(rate / 1000) * 1000)}/s)${on}. ${soil(r.budget, current)}`
          : `Cancelled after ${fmt(r.done)} of ${fmt(r.total)} droplets${on}.`;
        redraw();
      },
    });
    const erosionParams = (s) => ({
      seed: s.seed, erodeSpeed: s.erodeSpeed, depositSpeed: s.depositSpeed, capacityFactor: s.capacity,
      inertia: s.inertia, radius: s.radius, lifetime: s.lifetime, evaporation: s.evaporation,
      // The sea is erosion's base level: rivers stop at the coast and the island keeps its outline.
      seaLevel: s.sea,
    });
    const erosionKey = (s) => JSON.stringify([shapedKey, erosionParams(s), s.droplets, s.backend]);
    const erosionJob = () => {
      const n = Math.round(Math.sqrt(shaped.length)); // `size` may still be the drawn map's
      return { width: n, height: n, heights: shaped, params: erosionParams(current), droplets: current.droplets, backend: current.backend };
    };

    // Which heightmap the rest of the pipeline sees: eroded (kept), the live preview
    // of a running erosion, or the shaped map (erosion off, or waiting to start).
    function erosionInput(s, immediate) {
      if (!s.erode || s.droplets === 0) {
        if (runner.state !== 'idle') {
          runner.drop();
          stage.dataset.erosion = 'idle';
          cancelBtn.disabled = true;
          progressText.textContent = 'Erosion off.';
          progress.value = 0;
        }
        return shaped;
      }
      const key = erosionKey(s);
      const done = runner.result(key);
      if (done) return done;
      if (runner.running(key)) return runner.live ?? shaped;
      // Something upstream changed: start again (at once, or once the sliders rest).
      runner.drop();
      stage.dataset.erosion = 'pending';
      cancelBtn.disabled = true;
      progressText.textContent = 'Erosion waits for the sliders to rest…';
      runner.request(key, erosionJob, immediate ? 0 : 300);
      return shaped;
    }

    // --- Downstream: fill, flow, rivers, biomes, paint.
    function downstream(s, heights) {
      const n = size * size, sea = s.sea;
      terrain = heights;
      ({ filled, acc } = hydro);
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
      ids = lf.biomes(eb, moisture, size, size, { seaLevel: 0.1, beachBand: 0.025, snowLine: 0.86, rockSlope: 5 }).ids;
      drawn = { size, terrain, moisture, acc, ids, rivers, lake, top, base, redistributed, shaped };
    }

    // The pipeline's arrays, as the painters take them.
    // The maps of the last drawn picture, all of one size and one state: pool jobs
    // replace the upstream maps while a deferred 3D draw or the hover readout runs.
    let drawn = null;
    const layers = () => drawn;

    function paint2d(s) {
      paintMap(new Uint32Array(image.data.buffer), layers(), { view: s.view, sea: s.sea, threshold: s.threshold * (size / 256) ** 2, rivers: s.rivers, biomeRGB });
      ctx.putImageData(image, 0, 0);
    }

    let colors3d = null;
    function paint3d(s) {
      if (!gl) return;
      const n = size * size;
      if (!colors3d || colors3d.length !== n * 4) colors3d = new Uint8Array(n * 4);
      paint3dColors(new Uint32Array(colors3d.buffer), layers(), { color3d: s.color3d, sea: s.sea, rivers: s.rivers, biomeRGB, wide: size > gl.meshMax });
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
      if (runner.state !== 'idle') return; // redrawn when the run ends
      timer3d = setTimeout(() => paint3d(current), 150);
    }

    // Stage thumbnails: nearest-cell samples of each intermediate map, into the strip
    // and into any larger picture of that stage the page holds (island.html gives each
    // step section one: <canvas data-island-stage="warped">), so they follow the sliders.
    const pictures = {};
    for (const c of stage.getRootNode().querySelectorAll?.('canvas[data-island-stage]') ?? []) {
      (pictures[c.dataset.islandStage] ??= []).push({ ctx: c.getContext('2d'), image: new ImageData(c.width, c.width) });
    }
    const targets = (key) => [{ ctx: thumbs[key], image: thumbImage }, ...(pictures[key] ?? [])];
    const thumbImage = new ImageData(THUMB, THUMB);
    function thumb(key, color) {
      for (const { ctx: out, image: img } of targets(key)) {
        const w = img.width, px = new Uint32Array(img.data.buffer);
        for (let y = 0, j = 0; y < w; y++) {
          const row = Math.floor((y + 0.5) * size / w) * size;
          for (let x = 0; x < w; x++, j++) {
            const [r, g, b] = color(row + Math.floor((x + 0.5) * size / w));
            px[j] = 0xff000000 | (Math.max(0, Math.min(255, b)) << 16) | (Math.max(0, Math.min(255, g)) << 8) | Math.max(0, Math.min(255, r));
          }
        }
        out.putImageData(img, 0, 0);
      }
    }
    function paintStages(s) {
      // Plain (unwarped) fBm at each picture's size, for the first stage.
      const pk = JSON.stringify([s.seed, s.features]);
      if (pk !== plainKey) {
        const f = fieldFor({ noise: 'perlin', seed: s.seed, fractal: { kind: 'fbm', octaves: 7, persistence: 0.5, lacunarity: 2 }, offset: [(s.seed % 97) * 13.37, (s.seed % 89) * 7.91, 0] });
        plain = targets('fbm').map(({ image: img }) => {
          const v = new Float32Array(img.width * img.width);
          f.fill2d(v, { width: img.width, height: img.width, scale: img.width / s.features });
          lf.normalize(v);
          return v;
        });
        plainKey = pk;
      }
      targets('fbm').forEach(({ ctx: out, image: img }, t) => {
        const px = new Uint32Array(img.data.buffer);
        for (let j = 0; j < plain[t].length; j++) { const g = Math.max(0, Math.min(255, plain[t][j] * 255)) | 0; px[j] = 0xff000000 | (g << 16) | (g << 8) | g; }
        out.putImageData(img, 0, 0);
      });
      paintThumbs(thumb, layers(), { sea: s.sea, rivers: s.rivers, biomeRGB });
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
      if (!fresh(s)) { redrawAfter(upstream(s)); return; }
      const t0 = performance.now();
      const heights = erosionInput(s, immediate);
      if (!hydroFresh(heights, s)) { redrawAfter(hydrology(heights, s)); return; }
      ensureSize(s);
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
        stage.dataset.timing = `${size}²: in ${workers.size} workers: noise+shape ${ms(upMs)} ms, fill+flow ${ms(hydroMs)} ms · here: rivers+biomes ${ms(t2 - t1)} ms, paint ${ms(t4 - t3)} ms`;
        stage.dataset.ms = (t2 - t0 + t4 - t3).toFixed(1);
        const key = erosionKey(s);
        map.dataset.terrain = terrain === shaped ? 'shaped' : terrain === runner.result(key) ? (runner.partial(key) ? 'partial' : 'eroded') : 'preview';
        if (stage.dataset.busy === 'redraw') delete stage.dataset.busy;
      };
      if (split) setTimeout(paint, 0);
      else paint();
    }
    // Until that redraw has painted (or handed over to a pool job, which keeps the flag
    // up itself), `data-busy` says a new picture is on its way.
    function redraw() {
      stage.dataset.busy ??= 'redraw';
      if (!redrawFrame) redrawFrame = requestAnimationFrame(() => { redrawFrame = 0; compute(current, false, runner.state === 'running'); });
    }

    // --- Hover readout.
    // Also from the keyboard: focus the map, then arrow keys move the probed cell.
    let probe = null;
    function readAt(x, y) {
      probe = [x, y];
      const { terrain, moisture, acc, rivers, lake, ids } = drawn;
      const i = y * drawn.size + x;
      const set = (key, text) => { readout.querySelector(`[data-readout="${key}"]`).textContent = text; };
      set('elevation', `Elevation ${terrain[i].toFixed(3)}${terrain[i] < current.sea ? ' (under sea)' : ''}`);
      set('moisture', `Moisture ${moisture[i].toFixed(2)}`);
      const area = Math.round(acc[i]);
      set('flow', `Drains ${area.toLocaleString('en')} cell${area === 1 ? '' : 's'}${rivers[i] ? ' (river)' : lake[i] ? ' (lake)' : ''}`);
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
      if (runner.state !== 'running') return;
      runner.cancel();
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

    await prepare(state);
    compute(state, true);
    await awaited; // the first drainage, then the first picture

    return {
      update(s) { current = s; compute(s); },
      action(key, s) {
        if (key !== 'erodeAgain' || !s.erode || s.droplets === 0) return;
        current = s;
        runner.invalidate();
        runner.drop();
        runner.request(erosionKey(s), erosionJob, 0);
      },
      heightmap() {
        let lo = Infinity, hi = -Infinity;
        for (const v of terrain) { if (v < lo) lo = v; if (v > hi) hi = v; }
        return { values: terrain, width: size, height: size, lo, hi };
      },
      tools: [biomeTool],
      destroy() {
        destroyed = true;
        runner.destroy();
        cancelAnimationFrame(redrawFrame);
        clearTimeout(timer3d);
        gl?.destroy();
      },
    };
  },
};
