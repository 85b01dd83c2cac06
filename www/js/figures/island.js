// The island figure: two noise seeds → warped fBm → redistribution e^k → island
// falloff → (moisture) → (uplift + stream power) → droplet erosion → depression
// filling → D8 drainage and rivers → biomes, shown as 2D maps and as a 3D mesh you can
// orbit.
//
// The map and every stage live in one worker (js/island-worker.js, the map object of
// js/island-map.js, each stage rerun only when its inputs change); this module only
// handles the controls and paints what the worker sends. Erosion runs there in chunks,
// with a progress bar, a live preview and a Cancel button, and its result is kept until
// something upstream of it changes.
import { canvas, download } from '../figure.js';
import { el } from '../controls.js';
import { startWorker, WORKER_FAILED } from '../pool.js';
import { connect } from '../worker-protocol.js';
import { PLAIN } from '../island-map.js';
import { STEP_YEARS } from '../island-evolve.js';
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
  caption: 'The map (switch it between height, moisture, flow and biomes; hover it to read a cell) and the same island in 3D: drag to orbit, wheel or pinch to zoom, or focus it and use the arrow keys. Under the 3D view, each stage of the pipeline in miniature (each step below shows its own, larger). Every control reruns, in a background worker, only the stages after it; erosion and the evolved shape show their progress, and erosion can be cancelled.',
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
    { group: 'Erosion', key: 'shape', type: 'choice', label: 'Shape', options: [['noise', 'Noise'], ['evolved', 'Evolved (stream power)']], value: 'noise' },
    { group: 'Erosion', key: 'evolveSteps', type: 'range', label: 'Stream-power time', min: 10, max: 200, step: 10, value: 40, format: (v) => `${v * STEP_YEARS / 1000} kyr` },
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
    const ui = islandDom(stage);
    const { map, progress, progressText, cancelBtn, problem } = ui;
    const gl = createTerrainView(ui.view3d);
    if (!gl) ui.glNote.textContent = 'Your browser has no WebGL2, so the 3D view is off; the map on the left shows the same island.';
    const paint = painter(stage, ui, gl, { legend, biomeRGB });
    stage.dataset.erosion = 'idle';

    // --- The island worker and the frames it sends.
    const worker = connect(startWorker(new URL('../island-worker.js', import.meta.url), 'landform-island'), WORKER_FAILED);
    let current = state, destroyed = false, erosionKey = '';
    // The latest arrays of every name, merged frame by frame (the worker sends only
    // what changed); `drawn` is what the last painted picture used, all of one size.
    let arrays = {}, drawn = null;
    const fmt = (v) => v.toLocaleString('en');
    const say = (status, text, done = 0, total = 1) => {
      stage.dataset.erosion = status;
      cancelBtn.disabled = status !== 'running';
      progress.max = total;
      progress.value = done;
      progressText.textContent = text;
    };

    // One frame request in flight at a time; changes meanwhile coalesce into one more
    // and stop a stream-power evolution the one in flight may be running.
    let inFlight = null, again = false, immediate = true;
    function requestFrame() {
      stage.dataset.busy ??= 'island';
      if (inFlight) {
        again = true;
        if (stage.dataset.erosion === 'evolving') worker.cancel(inFlight.id);
        return inFlight;
      }
      const s = current, now = immediate;
      immediate = false;
      inFlight = worker.call('frame', s, ({ evolve }) => {
        if (evolve) say('evolving', `Stream power: ${evolve.done} / ${evolve.total} steps`, evolve.done, evolve.total);
      });
      const done = inFlight.then((f) => { if (!destroyed) show(f, s, now); }, (e) => {
        if (!drawn) throw e; // the first picture: the figure could not start
        if (e.name !== 'AbortError') problem.textContent = e.message;
      }).finally(() => {
        inFlight = null;
        if (again && !destroyed) { again = false; return requestFrame(); }
        if (stage.dataset.busy === 'island') delete stage.dataset.busy;
      });
      return done;
    }

    function show(f, s, now) {
      if (stage.dataset.erosion === 'evolving') say('idle', '');
      if (f.size !== arrays.size) arrays = { size: f.size };
      Object.assign(arrays, f.arrays);
      drawn = { ...arrays, top: f.top };
      stage.dataset.rivers = String(f.counts.rivers);
      stage.dataset.lakes = String(f.counts.lakes);
      erosionKey = f.erosionKey;
      followErosion(f, s, now);
      const t0 = performance.now();
      paint.all(drawn, s, runner.state !== 'idle');
      const ms = performance.now() - t0;
      stage.dataset.timing = `${f.size}²: in the island worker: shape ${f.ms.shape.toFixed(1)} ms, drainage+biomes ${f.ms.rest.toFixed(1)} ms · here: paint ${ms.toFixed(1)} ms`;
      stage.dataset.ms = ms.toFixed(1);
      map.dataset.terrain = f.terrain;
    }

    // --- Erosion: started when a frame says the worker has none for this state.
    const runner = new ErosionRunner(worker, {
      onProgress(done, total, ms) {
        say('running', `${fmt(done)} / ${fmt(total)} droplets${ms > 0 ? ` · ${k(Math.round(done / ms))}k/s` : ''}`, done, total);
      },
      onPreview: () => requestFrame(),
      onEnd(r) {
        if (r.type === 'error') { say('idle', `Erosion failed: ${r.message}`, 0, 1); return; }
        const rate = r.done / Math.max(r.ms, 1) * 1000;
        stage.dataset.rate = String(Math.round(rate));
        stage.dataset.backend = r.backend;
        const on = r.backend === 'gpu' ? ' on the GPU' : r.fallbackReason ? ` on the CPU (${r.fallbackReason})` : ' on the CPU';
        say('idle', r.type === 'done'
          ? `${fmt(r.done)} droplets in ${(r.ms / 1000).toFixed(2)} s (${k(Math.round(rate / 1000) * 1000)}/s)${on}. ${soil(r.budget, current)}`
          : `Cancelled after ${fmt(r.done)} of ${fmt(r.total)} droplets${on}.`, r.done, r.total || 1);
        requestFrame();
      },
    });
    function followErosion(f, s, now) {
      if (f.erosion === 'off' && runner.state !== 'idle') {
        runner.drop();
        say('idle', 'Erosion off.');
      } else if (f.erosion === 'missing' && !(runner.state === 'running' && runner.key === f.erosionKey)) {
        // Something upstream changed: start again (at once, or once the sliders rest).
        runner.request(f.erosionKey, s, now ? 0 : 300);
        if (!now) say('pending', 'Erosion waits for the sliders to rest…');
      }
    }
    cancelBtn.addEventListener('click', () => {
      if (runner.state !== 'running') return;
      runner.cancel();
      progressText.textContent = 'Cancelling…';
    });

    hoverReadout(ui, () => drawn, () => current, legend);

    // Biome map as a PNG, at map resolution, in the biome colours above.
    const biomeTool = el('button', {
      type: 'button', class: 'lf-tool', 'data-tool': 'biome-png',
      onclick: () => {
        const { size, biome } = drawn;
        const c = document.createElement('canvas');
        c.width = c.height = size;
        const img = c.getContext('2d').createImageData(size, size);
        for (let i = 0; i < biome.length; i++) { const [r, g, b] = biomeRGB[biome[i]]; img.data.set([r, g, b, 255], i * 4); }
        c.getContext('2d').putImageData(img, 0, 0);
        c.toBlob((blob) => download(blob, `landform-island-biomes-${size}.png`));
      },
    }, 'Biome map PNG');

    await requestFrame(); // the first picture (and its erosion started)

    return {
      update(s) { current = s; requestFrame(); },
      action(key, s) {
        if (key !== 'erodeAgain' || !s.erode || s.droplets === 0) return;
        current = s;
        runner.request(erosionKey, s, 0, true);
      },
      heightmap() {
        const { terrain, size } = drawn;
        let lo = Infinity, hi = -Infinity;
        for (const v of terrain) { if (v < lo) lo = v; if (v > hi) hi = v; }
        return { values: terrain, width: size, height: size, lo, hi };
      },
      tools: [biomeTool],
      destroy() {
        destroyed = true;
        runner.drop();
        worker.terminate();
        paint.destroy();
        gl?.destroy();
      },
    };
  },
};

// The figure's DOM: the 2D map with readout and legend; the 3D view, the erosion row
// and the strip of stage thumbnails.
const STAGES = [['fbm', 'fBm'], ['warped', 'Warped'], ['redistributed', 'Redistributed'], ['island', 'Falloff'], ['moisture', 'Moisture'],
  ['erosion', 'Eroded'], ['filled', 'Filled'], ['flow', 'Drainage'], ['biomes', 'Biomes']];
const THUMB = 72;
function islandDom(stage) {
  const map = canvas(256, 256, 'Island map');
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
  return { map, readout, legendBox, view3d, glNote, progress, progressText, cancelBtn, problem, thumbs };
}

// Paints a frame's arrays: the 2D map, the 3D view, the legend and the stage pictures.
function painter(stage, ui, gl, { legend, biomeRGB }) {
  const { map, legendBox, thumbs } = ui;
  // CPU-backed 2D canvases: putImageData then never waits behind a slow (software)
  // WebGL frame in the GPU process.
  let ctx = null, image = null, colors3d = null, timer3d = 0, legendKey = '';

  function paint2d(m, s) {
    if (!image || map.width !== m.size) {
      map.width = map.height = m.size;
      ctx = map.getContext('2d', { willReadFrequently: true });
      image = ctx.createImageData(m.size, m.size);
    }
    paintMap(new Uint32Array(image.data.buffer), m, { view: s.view, sea: s.sea, threshold: s.threshold * (m.size / 256) ** 2, rivers: s.rivers, biomeRGB });
    ctx.putImageData(image, 0, 0);
  }

  function paint3d(m, s) {
    const n = m.size * m.size;
    if (!colors3d || colors3d.length !== n * 4) colors3d = new Uint8Array(n * 4);
    paint3dColors(new Uint32Array(colors3d.buffer), m, { color3d: s.color3d, sea: s.sea, rivers: s.rivers, biomeRGB, wide: m.size > gl.meshMax });
    gl.setTerrain(m.terrain, m.size, m.size, colors3d, s.sea);
    stage.dataset.view3d = 'ready';
  }

  // A software WebGL (SwiftShader, llvmpipe) takes a large part of a second per
  // frame and stalls the page while it draws; there the 3D view waits for sliders
  // to rest and for erosion to finish instead of following every step.
  function schedule3d(m, s, eroding) {
    if (!gl) return;
    clearTimeout(timer3d);
    if (!gl.slow) return paint3d(m, s);
    stage.dataset.view3d = 'pending';
    if (eroding) return; // redrawn when the run ends
    timer3d = setTimeout(() => paint3d(m, s), 150);
  }

  // Stage thumbnails: nearest-cell samples of each intermediate map, into the strip
  // and into any larger picture of that stage the page holds (island.html gives each
  // step section one: <canvas data-island-stage="warped">), so they follow the sliders.
  const pictures = {};
  for (const c of stage.getRootNode().querySelectorAll?.('canvas[data-island-stage]') ?? []) {
    (pictures[c.dataset.islandStage] ??= []).push({ ctx: c.getContext('2d'), image: new ImageData(c.width, c.width) });
  }
  const thumbImage = new ImageData(THUMB, THUMB);
  const targets = (key) => [{ ctx: thumbs[key], image: thumbImage }, ...(pictures[key] ?? [])];
  function thumb(key, color, size) {
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
  function paintStages(m, s) {
    // The plain (unwarped) fBm comes at its own size.
    thumb('fbm', (i) => { const g = m.plain[i] * 255; return [g, g, g]; }, PLAIN);
    paintThumbs((key, color) => thumb(key, color, m.size), m, { sea: s.sea, rivers: s.rivers, biomeRGB });
  }

  function paintLegend({ biome }) {
    const counts = new Uint32Array(legend.length);
    for (let i = 0; i < biome.length; i++) counts[biome[i]]++;
    const rows = legend.map((b, id) => [b, counts[id]]).filter(([, c]) => c * 2000 >= biome.length).sort((a, b) => b[1] - a[1]);
    const key = rows.map(([b, c]) => `${b.id}:${Math.round(1000 * c / biome.length)}`).join();
    if (key === legendKey) return;
    legendKey = key;
    legendBox.replaceChildren(...rows.map(([b, c]) => {
      const [r, g, bl] = biomeRGB[b.id];
      return el('li', { 'data-biome': b.key },
        el('span', { class: 'lf-swatch', style: `background: rgb(${r} ${g} ${bl})` }),
        `${b.name} ${(100 * c / biome.length).toFixed(c * 100 < biome.length ? 1 : 0)}%`);
    }));
  }

  return {
    all(m, s, eroding) {
      paint2d(m, s);
      schedule3d(m, s, eroding);
      paintLegend(m);
      paintStages(m, s);
    },
    destroy() { clearTimeout(timer3d); },
  };
}

// The hover readout: elevation, moisture, drainage and biome of the cell under the
// pointer; also from the keyboard (focus the map, then arrow keys move the probed cell).
function hoverReadout({ map, readout }, drawn, current, legend) {
  let probe = null;
  const size = () => drawn().size;
  function readAt(x, y) {
    probe = [x, y];
    const { terrain, moisture, flow, rivers, lakes, biome } = drawn();
    const i = y * size() + x;
    const set = (key, text) => { readout.querySelector(`[data-readout="${key}"]`).textContent = text; };
    set('elevation', `Elevation ${terrain[i].toFixed(3)}${terrain[i] < current().sea ? ' (under sea)' : ''}`);
    set('moisture', `Moisture ${moisture[i].toFixed(2)}`);
    const area = Math.round(flow[i]);
    set('flow', `Drains ${area.toLocaleString('en')} cell${area === 1 ? '' : 's'}${rivers[i] ? ' (river)' : lakes[i] ? ' (lake)' : ''}`);
    set('biome', `Biome ${lakes[i] ? 'Lake' : legend[biome[i]].name}`);
    readout.dataset.cell = `${x},${y}`;
  }
  const clamp = (v) => Math.min(size() - 1, Math.max(0, v));
  const hover = (e) => {
    const rect = map.getBoundingClientRect();
    readAt(clamp(Math.floor((e.clientX - rect.left) / rect.width * size())), clamp(Math.floor((e.clientY - rect.top) / rect.height * size())));
  };
  map.addEventListener('pointermove', hover);
  map.addEventListener('pointerdown', hover);
  map.tabIndex = 0;
  map.addEventListener('focus', () => { if (!probe) readAt(size() >> 1, size() >> 1); });
  map.addEventListener('keydown', (e) => {
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (!d) return;
    e.preventDefault();
    const step = e.shiftKey ? 16 : 4;
    const [x, y] = probe ?? [size() >> 1, size() >> 1];
    readAt(clamp(x + d[0] * step), clamp(y + d[1] * step));
  });
}
