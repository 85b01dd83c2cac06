// The evolve figure: the reader paints tectonic uplift on a map and watches a
// landscape grow under it by stream-power incision and hillslope creep
// (landform's `Landscape`, Braun & Willett 2013), stepped in a worker. Four panels:
// the uplift map (paint here), shaded relief with rivers by drainage area, the same
// in 3D (island-gl.js), and the slope–area plot converging to S·K/U = A^(−m/n).
import { canvas } from '../figure.js';
import { el } from '../controls.js';
import { startWorker, WORKER_FAILED } from '../pool.js';
import { connect } from '../worker-protocol.js';
import { createTerrainView } from './island-gl.js';
import { PRESETS, preset, dab, paintUplift, paintRelief, slopeArea } from './evolve-maps.js';
import { drawSlopeArea } from './evolve-plot.js';

const N = 128;                 // cells per side
const CELL = 100;              // m
const UMAX = 1e-3;             // m/yr at full brush (1 mm/yr)
const DT = 2e4;                // years per step
const RIVER = 24 * CELL * CELL;     // m²: cells draining at least this are drawn as rivers
const CHANNEL = 10 * CELL * CELL;   // m²: the fit uses channels, not hillslopes

const kyr = (t) => (t >= 1e6 ? `${(t / 1e6).toFixed(2)} Myr` : `${Math.round(t / 1e3)} kyr`);

export default {
  name: 'evolve',
  title: 'A landscape that evolves',
  caption: 'Paint uplift on the left map (bright: the crust rises at up to 1 mm a year) and press Run. Rivers cut down where they collect the most water; the relief, the 3D view and the slope–area plot follow as the landscape approaches the balance between uplift and erosion. The painted map is not part of the link; the preset and the model settings are.',
  controls: [
    { key: 'run', group: 'Time', type: 'button', label: 'Run' },
    { key: 'reset', group: 'Time', type: 'button', label: 'Reset' },
    { key: 'speed', group: 'Time', type: 'range', label: 'Speed', min: 1, max: 20, step: 1, value: 4, format: (v) => `${v} steps (${kyr(v * DT)})/frame` },
    { key: 'preset', group: 'Uplift', type: 'choice', label: 'Preset', options: PRESETS, value: 'ridge' },
    { key: 'brush', group: 'Uplift', type: 'choice', label: 'Brush', options: [['raise', 'Raise'], ['erase', 'Erase']], value: 'raise' },
    { key: 'size', group: 'Uplift', type: 'range', label: 'Brush size', min: 2, max: 30, step: 1, value: 10, format: (v) => `${v} cells` },
    { key: 'strength', group: 'Uplift', type: 'range', label: 'Strength', min: 0.05, max: 1, step: 0.05, value: 0.3 },
    { key: 'logK', group: 'Model', type: 'range', label: 'Erodibility K', min: -5.5, max: -4, step: 0.1, value: -4.7, digits: 1, format: (v) => `${(10 ** v).toExponential(1)} /yr` },
    { key: 'mn', group: 'Model', type: 'range', label: 'm/n', min: 0.3, max: 0.7, step: 0.05, value: 0.5 },
    { key: 'kappa', group: 'Model', type: 'range', label: 'Creep κ', min: 0, max: 0.5, step: 0.01, value: 0.01, format: (v) => `${Number(v).toFixed(2)} m²/yr` },
  ],

  async mount(stage, initial) {
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    const upliftView = canvas(N, N, 'Uplift map: paint to raise the crust');
    const reliefView = canvas(N, N, 'Shaded relief with rivers drawn by drainage area');
    const view3d = canvas(Math.round(360 * dpr), Math.round(300 * dpr), 'The landscape in 3D; drag to turn it');
    const plot = canvas(Math.round(360 * dpr), Math.round(300 * dpr), 'Slope against drainage area, log–log, with the stream-power law as a line');
    upliftView.classList.add('lf-evolve-paint');
    for (const c of [upliftView, reliefView]) c.classList.add('lf-evolve-map');
    const status = el('p', { class: 'lf-evolve-status', role: 'status' }, 'Starting…');
    const fitText = el('p', { class: 'lf-evolve-fit' }, '');
    const panel = (c, title, ...more) => el('div', { class: 'lf-evolve-cell' }, el('strong', {}, title), c, ...more);
    stage.append(el('link', { rel: 'stylesheet', href: new URL('../../css/evolve.css', import.meta.url).href }),
      el('div', { class: 'lf-panel lf-evolve' },
        el('div', { class: 'lf-evolve-grid' },
          panel(upliftView, 'Uplift (paint here)'), panel(reliefView, 'Relief and rivers'),
          panel(view3d, '3D'), panel(plot, 'Slope–area', fitText)),
        status));

    const uctx = upliftView.getContext('2d'), rctx = reliefView.getContext('2d');
    const uimg = uctx.createImageData(N, N), rimg = rctx.createImageData(N, N);
    const pctx = plot.getContext('2d');
    const colors3d = new Uint8Array(N * N * 4);
    const gl = createTerrainView(view3d, { meshMax: N });
    if (!gl) view3d.replaceWith(el('p', { class: 'lf-note' }, 'The 3D view needs WebGL2, which this browser does not offer.'));

    let state = null, uplift = null, world = null, running = false, inFlight = false, failed = null;
    const worker = connect(startWorker('./evolve-worker.js', 'landform-evolve'), WORKER_FAILED);
    const options = (s) => ({ k: 10 ** s.logK, m: s.mn, n: 1, kappa: s.kappa });
    const rates = () => uplift.map((v) => v * UMAX);

    function drawUplift() {
      paintUplift(new Uint32Array(uimg.data.buffer), uplift);
      uctx.putImageData(uimg, 0, 0);
      stage.dataset.upliftSum = uplift.reduce((a, b) => a + b, 0).toFixed(3);
    }

    function drawWorld() {
      const { heights: h, area, receivers } = world;
      let top = 0;
      for (const v of h) if (v > top) top = v;
      const ref = Math.max(top, 50);
      paintRelief(new Uint32Array(rimg.data.buffer), h, area, N, { top: ref, riverArea: RIVER });
      rctx.putImageData(rimg, 0, 0);
      if (gl) {
        const z = h.map((v) => 0.6 * v / ref);
        paintRelief(new Uint32Array(colors3d.buffer), h, area, N, { top: ref, riverArea: RIVER, shade: false });
        gl.setTerrain(z, N, N, colors3d, 0.002);
      }
      const sa = slopeArea(h, area, receivers, uplift, N, { cellSize: CELL, k: 10 ** state.logK, umax: UMAX, channelArea: CHANNEL });
      drawSlopeArea(pctx, sa, { mn: state.mn, cellSize: CELL, cells: N * N });
      const fit = sa.fit.slope;
      fitText.textContent = Number.isFinite(fit)
        ? `Channels: fitted slope ${fit.toFixed(3)} (law, red: −m/n = −${state.mn.toFixed(2)})`
        : 'Channels: not yet formed';
      stage.dataset.fit = Number.isFinite(fit) ? fit.toFixed(4) : '';
      stage.dataset.top = top.toFixed(3);
      stage.dataset.time = String(world.time);
      stage.dataset.steps = String(world.stepsDone);
      const rate = world.maxChange / DT / UMAX;
      status.textContent = `${kyr(world.time)} after ${world.stepsDone} steps · highest ${Math.round(top)} m · `
        + (world.stepsDone ? `fastest change ${(100 * rate).toFixed(1)}% of the largest uplift rate` : 'press Run')
        + (running ? '' : world.stepsDone ? ' · paused' : '');
    }

    // Frames of a generation before the last reset are dropped.
    let generation = 0;
    function show(gen, f) {
      if (gen !== generation) return;
      inFlight = false;
      world = f;
      drawWorld();
      delete stage.dataset.busy;
      requestAnimationFrame(next);
    }
    function stopped(gen, e) {
      if (gen !== generation) return;
      failed = e.message;
      inFlight = false;
      status.textContent = `The model stopped: ${e.message}`;
      console.error(e.message);
      delete stage.dataset.busy;
    }
    const ask = (type, body) => {
      const gen = generation;
      return worker.call(type, body).then((f) => show(gen, f), (e) => stopped(gen, e));
    };

    function next() {
      if (!running || inFlight || failed) return;
      inFlight = true;
      ask('run', { dt: DT, steps: state.speed });
    }

    // A fresh flat landscape under the current uplift; resolves on its first frame.
    function reset() {
      stage.dataset.busy = 'evolve';
      inFlight = true;
      generation++;
      return ask('reset', { width: N, height: N, options: { cellSize: CELL, ...options(state) }, uplift: rates() });
    }
    function setRunning(on, set) {
      running = on;
      stage.dataset.running = String(on);
      set?.('run', on ? 'Pause' : 'Run');
      if (world) drawWorld();
      next();
    }

    // Painting: pointer on the uplift map, one message to the worker per frame.
    let painting = false, sendQueued = false;
    const sendUplift = () => {
      sendQueued = false;
      worker.call('uplift', { uplift: rates() }).catch((e) => stopped(generation, e));
    };
    const paintAt = (e) => {
      const r = upliftView.getBoundingClientRect();
      dab(uplift, N, N, (e.clientX - r.left) / r.width * N, (e.clientY - r.top) / r.height * N, state.size, state.strength, state.brush === 'erase');
      drawUplift();
      if (!sendQueued) { sendQueued = true; requestAnimationFrame(sendUplift); }
    };
    upliftView.style.touchAction = 'none';
    upliftView.addEventListener('pointerdown', (e) => { painting = true; upliftView.setPointerCapture(e.pointerId); paintAt(e); });
    upliftView.addEventListener('pointermove', (e) => painting && paintAt(e));
    const stop = () => { painting = false; };
    upliftView.addEventListener('pointerup', stop);
    upliftView.addEventListener('pointercancel', stop);

    let set = null;
    const instance = {
      async update(s, keys = []) {
        const first = !state;
        state = { ...s };
        if (first || keys.includes('preset')) {
          uplift = preset(s.preset, N, N);
          drawUplift();
          await reset();
        } else if (keys.some((k) => ['logK', 'mn', 'kappa'].includes(k))) {
          worker.call('options', { options: options(s) }).catch((e) => stopped(generation, e));
          if (world) drawWorld();
        }
      },
      bind(setter) { set = setter; },
      action(key) {
        if (key === 'run') setRunning(!running, set);
        else if (key === 'reset') { setRunning(false, set); return reset(); }
      },
      heightmap: () => world && { values: world.heights, width: N, height: N, lo: 0, hi: Math.max(1, Number(stage.dataset.top)) },
      destroy() { running = false; generation++; worker.terminate(); gl?.destroy(); },
    };
    await instance.update(initial);
    return instance;
  },
};
