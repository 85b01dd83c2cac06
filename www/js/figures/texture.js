// The texture figure: one procedural ground material over a wide plane and a cliff,
// read through the five sampling modes of landform's anti-tiling shaders, side by side
// (an A/B split with a draggable divider, or 4-up) on identical geometry and lighting.
// The frame time of each mode is measured on request, one frame per animation frame.
// Materials are made in the page's worker pool (0.1–1 s of noise fills), off the main
// thread; the previous one stays on screen meanwhile.
import { canvas } from '../figure.js';
import { el } from '../controls.js';
import { pool, latest } from '../landform.js';
import { MODES, SAMPLES } from '../../pkg/texture.js';
import { createTextureView } from './texture-gl.js';
import { MATERIALS, makeMaterial } from './texture-materials.js';

const MODE_OPTIONS = MODES.map((m) => [m, m]);
const QUAD = ['plain', 'hex-vp', 'iq-untiled', 'hex-mikkelsen'];

export default {
  name: 'texture',
  title: 'Ground that does not look tiled',
  caption: 'One ground texture, made with landform noise, over a plane to the horizon and a cliff. The left and right of the divider (drag it) read the same texture in two different ways; 4-up shows the baseline and the three fixes at once. Turn triplanar on to stop the cliff stretching. The top and cliff views are unlit orthographic test views.',
  controls: [
    { key: 'modeA', group: 'Compare', type: 'choice', label: 'Left', options: MODE_OPTIONS, value: 'plain' },
    { key: 'modeB', group: 'Compare', type: 'choice', label: 'Right', options: MODE_OPTIONS, value: 'hex-mikkelsen' },
    { key: 'layout', group: 'Compare', type: 'choice', label: 'Layout', options: [['split', 'A/B split'], ['quad', '4-up']], value: 'split' },
    { key: 'view', group: 'Compare', type: 'choice', label: 'View', options: [['scene', 'Scene'], ['top', 'Top (test)'], ['cliff', 'Cliff (test)']], value: 'scene' },
    { key: 'split', group: 'Compare', type: 'range', label: 'Divider', min: 0, max: 1, step: 0.01, value: 0.5 },
    { key: 'material', group: 'Ground', type: 'choice', label: 'Texture', options: MATERIALS, value: 'rock' },
    { key: 'tile', group: 'Ground', type: 'range', label: 'Tile size', min: 0.5, max: 8, step: 0.1, value: 2, digits: 1, format: (v) => `${Number(v).toFixed(1)} m` },
    { key: 'triplanar', group: 'Ground', type: 'toggle', label: 'Triplanar', value: false },
    { key: 'sharpness', group: 'Ground', type: 'range', label: 'Sharpness', min: 4, max: 8, step: 0.5, value: 6, digits: 1 },
    { key: 'rotation', group: 'Mode settings', type: 'range', label: 'Mikkelsen rotation', min: 0, max: 1, step: 0.05, value: 0.5 },
    { key: 'variation', group: 'Mode settings', type: 'range', label: 'iq variation', min: 0.3, max: 4, step: 0.1, value: 1.3, digits: 1, format: (v) => `${Number(v).toFixed(1)}/tile` },
    { key: 'timeModes', group: 'Mode settings', type: 'button', label: 'Time each mode' },
  ],

  async mount(stage, state, lf) {
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    const view = canvas(Math.round(800 * dpr), Math.round(450 * dpr), 'Ground and cliff rendered with the chosen texture sampling modes');
    view.classList.add('lf-texture-view');
    const labels = el('div', { class: 'lf-texture-labels', 'aria-hidden': 'true' });
    const divider = el('div', { class: 'lf-texture-divider', role: 'separator', 'aria-label': 'Drag to move the divider' });
    const wrap = el('div', { class: 'lf-texture-wrap' }, view, labels, divider);
    const timing = el('p', { class: 'lf-texture-timing', role: 'status' }, 'Frame time per mode: press “Time each mode”.');
    stage.append(el('link', { rel: 'stylesheet', href: new URL('../../css/texture.css', import.meta.url).href }),
      el('div', { class: 'lf-panel lf-texture-panel' }, wrap, timing));

    const gl = createTextureView(view, lf);
    if (!gl) {
      wrap.replaceChildren(el('p', { class: 'lf-note' }, 'This figure needs WebGL2, which your browser does not offer.'));
      return { update() {}, destroy() {} };
    }
    let material = '';
    const regions = (s) => {
      const W = view.width, H = view.height;
      if (s.layout === 'quad') {
        const w = W >> 1, h = H >> 1;
        return [[0, h], [w, h], [0, 0], [w, 0]].map(([x, y], i) => ({ mode: QUAD[i], rect: [x, y, i % 2 ? W - w : w, i < 2 ? H - h : h], own: true }));
      }
      const x = Math.round(s.split * W);
      return [{ mode: s.modeA, rect: [0, 0, x, H] }, { mode: s.modeB, rect: [x, 0, W - x, H] }].filter((r) => r.rect[2] > 0);
    };
    function showLabels(s, rs) {
      labels.replaceChildren(...rs.map(({ mode, rect: [x, y, w, h] }) => el('span', {
        class: 'lf-texture-label',
        style: `left:${(100 * x / view.width).toFixed(2)}%;top:${(100 * (1 - (y + h) / view.height)).toFixed(2)}%`,
      }, `${mode} · ${SAMPLES[mode]} sample${SAMPLES[mode] > 1 ? 's' : ''}${s.triplanar ? ' ×3' : ''}`)));
      divider.hidden = s.layout !== 'split';
      divider.style.left = `${100 * s.split}%`;
    }
    const fill = (spec, region) => pool().fill2d(spec, region);
    function render(s) {
      const rs = regions(s);
      gl.render(s, rs);
      showLabels(s, rs);
      view.dataset.tilePx = String(gl.tilePx(s.layout === 'quad'));   // top view: pixels per tile
      view.dataset.modes = rs.map((r) => r.mode).join(',');
    }
    const draw = latest(stage, async (s) => {
      if (s.material !== material) {
        timing.textContent = `Making the ${s.material} texture…`;
        gl.setMaterial(await makeMaterial(lf, s.material, fill));
        material = s.material;
        timing.textContent = 'Frame time per mode: press “Time each mode”.';
      }
      render(s);
    });
    await draw(state);

    // Dragging the divider moves the Divider slider, so the state (and URL) follow.
    let dragging = false;
    const moveTo = (e) => {
      const r = wrap.getBoundingClientRect();
      const input = stage.closest('.lf-figure')?.querySelector('input[data-key="split"]');
      if (!input || !r.width) return;
      input.value = String(Math.min(1, Math.max(0, (e.clientX - r.left) / r.width)).toFixed(2));
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    divider.addEventListener('pointerdown', (e) => { dragging = true; divider.setPointerCapture(e.pointerId); });
    divider.addEventListener('pointermove', (e) => dragging && moveTo(e));
    divider.addEventListener('pointerup', (e) => { if (dragging) { dragging = false; moveTo(e); stage.closest('.lf-figure')?.querySelector('input[data-key="split"]')?.dispatchEvent(new Event('change', { bubbles: true })); } });

    let timingRun = 0;
    async function timeModes(s) {
      const run = ++timingRun;
      stage.dataset.busy = 'timing';
      const ms = {};
      try {
        // One frame per animation frame, so the page stays responsive even where a frame
        // is slow (software rendering); the first frame of a mode compiles its program.
        for (const mode of MODES) {
          timing.textContent = `Timing… ${mode}`;
          const t = [];
          for (let k = 0; k < 4; k++) {
            await new Promise(requestAnimationFrame);
            if (run !== timingRun) return;
            t.push(gl.time(s, mode));
          }
          ms[mode] = Math.min(...t.slice(1));
        }
        timing.replaceChildren(`Frame time per mode (${view.width}×${view.height}, ${s.view}${s.triplanar ? ', triplanar' : ''}; ratio to plain): `,
          ...MODES.map((m) => el('span', { class: 'lf-texture-ms', 'data-mode': m, 'data-ms': ms[m].toFixed(3) },
            `${m} ${ms[m].toFixed(1)} ms (${(ms[m] / ms.plain).toFixed(2)}×)`)));
      } finally {
        if (run === timingRun) delete stage.dataset.busy;
        render(s);
      }
    }

    return {
      update(s) { return draw(s); },
      action(key, s) { if (key === 'timeModes') return timeModes(s); },
      destroy() { timingRun++; gl.destroy(); },
    };
  },
};
