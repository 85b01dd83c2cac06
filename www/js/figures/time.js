// Figure 9: time as one more noise axis. Clouds and water sample 4D simplex fBm with
// (z, w) walking a circle, so the animation loops without a seam; marble, wood and
// fire bend stripes, rings and a rising glow with domain-warped fBm.
//
// The fills (a few to ~20 ms a frame) run in the page's worker pool (js/pool.js): the
// main thread only paints, and a frame whose fills are not back yet is skipped.
import { canvas } from '../figure.js';
import { el } from '../controls.js';
import { pool } from '../landform.js';

const N = 128; // animated panel side, in samples
const M = 192; // material panel side
const RADIUS = 0.7; // radius of the time circle in noise units: how much a loop changes

const smooth = (a, b, x) => { const t = Math.min(1, Math.max(0, (x - a) / (b - a))); return t * t * (3 - 2 * t); };
const c8 = (v) => (v < 0 ? 0 : v > 255 ? 255 : v) & 255;
const rgba = (r, g, b) => (255 << 24 | c8(b) << 16 | c8(g) << 8 | c8(r)) >>> 0;
const FIRE = [[0, [0, 0, 0]], [0.25, [90, 8, 4]], [0.5, [200, 40, 8]], [0.72, [250, 130, 20]], [0.9, [255, 220, 90]], [1, [255, 255, 230]]];
const FIRE_LUT = (() => {
  const lut = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    const t = i / 255;
    let k = 0;
    while (k < FIRE.length - 2 && t > FIRE[k + 1][0]) k++;
    const [t0, c0] = FIRE[k], [t1, c1] = FIRE[k + 1];
    const u = (t - t0) / (t1 - t0);
    lut[i] = rgba(...c0.map((c, j) => c + (c1[j] - c) * u));
  }
  return lut;
})();

export default {
  name: 'time',
  title: 'Time as an axis: clouds, water, marble, wood and fire',
  caption: 'Figure 9. First picture (clouds): 2D slices of 4D simplex fBm whose last two coordinates travel once around a circle per loop, so the last frame meets the first without a jump. Second picture: the same noise bends sine stripes into marble, distance rings into wood, and a glow that fades with height into fire rising upwards. Warp distorts the noise itself before it is used.',
  controls: [
    { key: 'play', type: 'button', label: '❚❚ Pause' },
    { key: 'scene', type: 'choice', label: 'Animate', options: [['clouds', 'Clouds'], ['water', 'Water']], value: 'clouds' },
    { key: 'loop', type: 'range', label: 'Loop seconds', min: 2, max: 20, step: 1, value: 8 },
    { key: 'material', type: 'choice', label: 'Material', options: [['marble', 'Marble'], ['wood', 'Wood'], ['fire', 'Fire']], value: 'marble' },
    { key: 'turbulence', type: 'range', label: 'Turbulence', min: 0, max: 12, step: 0.1, value: 4, digits: 1 },
    { key: 'warp', type: 'range', label: 'Warp', min: 0, max: 3, step: 0.05, value: 0.8 },
  ],

  async mount(stage, state) {
    const skyC = canvas(N, N, 'Animated clouds or water');
    const matC = canvas(M, M, 'Procedural material');
    skyC.style.width = matC.style.width = '320px';
    const skyLabel = el('span', {});
    const matLabel = el('span', {});
    stage.append(el('div', { class: 'lf-panel lf-top' }, skyC, skyLabel), el('div', { class: 'lf-panel lf-top' }, matC, matLabel));
    const skyCtx = skyC.getContext('2d'), matCtx = matC.getContext('2d');
    const skyImg = skyCtx.createImageData(N, N), matImg = matCtx.createImageData(M, M);
    const sky = new Float32Array(N * N), mat = new Float32Array(M * M);

    let s = state;
    let t = 0; // animation clock, seconds; advances only while playing
    const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    let playing = !reduced;
    let visible = true;
    let raf = 0, last = 0, lastDraw = 0;
    let setControl = () => {};

    // Specs for the pool, and each one's [lo, hi] (from the pool, once per spec).
    const specs = {};
    const ranges = {};
    let fieldKey = '';
    async function ensureFields() {
      const k = `${s.warp}`;
      if (k === fieldKey) return;
      const warp = s.warp > 0 ? { strength: s.warp, seed: 17, octaves: 2, frequency: 1 } : undefined;
      specs.clouds = { noise: 'simplex', seed: 4, fractal: { kind: 'fbm', octaves: 4, persistence: 0.5, lacunarity: 2 } };
      specs.water = { noise: 'simplex', seed: 9, fractal: { kind: 'ridged', octaves: 3, persistence: 0.5, lacunarity: 2 } };
      specs.material = { noise: 'simplex', seed: 23, fractal: { kind: 'fbm', octaves: 4, persistence: 0.5, lacunarity: 2 }, ...(warp && { warp }) };
      await Promise.all(Object.entries(specs).map(async ([name, spec]) => { ranges[name] = await pool().range(spec); }));
      fieldKey = k;
    }

    const workers = pool();
    const skyFill = () => {
      const phase = (2 * Math.PI * t) / s.loop;
      const z = RADIUS * Math.cos(phase), w = RADIUS * Math.sin(phase);
      return workers.fill4d(specs[s.scene], { width: N, height: N, scale: s.scene === 'clouds' ? 48 : 40, z, w }, sky);
    };
    const matFill = () => (s.material === 'fire'
      ? workers.fill3d(specs.material, { width: M, height: M, scale: 40, y0: (t * 80) / s.loop * 4, z: t * 0.35 }, mat)
      : workers.fill2d(specs.material, { width: M, height: M, scale: 80 }, mat));

    function drawSky(at) {
      const [lo, hi] = ranges[s.scene];
      const px = new Uint32Array(skyImg.data.buffer);
      if (s.scene === 'clouds') {
        for (let j = 0, i = 0; j < N; j++) {
          const g = j / N; // sky is deeper blue at the top
          const sr = 64 + 70 * g, sg = 124 + 60 * g, sb = 204 + 30 * g;
          for (let x = 0; x < N; x++, i++) {
            const v = 0.5 + sky[i] / (0.84 * hi);
            const cover = smooth(0.36, 0.8, v);
            const lit = 214 + 41 * smooth(0.45, 0.9, v); // thick cloud is brighter on top
            px[i] = rgba(sr + (lit - sr) * cover, sg + (lit - sg) * cover, sb + (lit + 4 - sb) * cover);
          }
        }
      } else {
        for (let i = 0; i < sky.length; i++) {
          const v = Math.min(1, Math.max(0, (sky[i] - lo) / (hi - lo)));
          const crest = v * v * v * v; // ridged noise: bright thin crests like caustics
          px[i] = rgba(14 + 180 * crest, 72 + 170 * crest, 120 + 120 * crest + 30 * v);
        }
      }
      skyCtx.putImageData(skyImg, 0, 0);
      skyLabel.textContent = `${s.scene === 'clouds' ? 'Clouds' : 'Water'} · t = ${(at % s.loop).toFixed(1)} s of ${s.loop} s`;
      stage.dataset.time = at.toFixed(3);
    }

    function drawMaterial() {
      const scale = 80;
      const hi = ranges.material[1];
      const px = new Uint32Array(matImg.data.buffer);
      const k = s.turbulence;
      for (let j = 0, i = 0; j < M; j++) {
        for (let x = 0; x < M; x++, i++) {
          const n = mat[i] / hi; // about [-0.5, 0.5] in practice
          if (s.material === 'marble') {
            const stripe = Math.sin(((x + 0.4 * j) / scale) * 2 * Math.PI * 0.8 + 0.7 * k * n);
            const vein = Math.pow(1 - Math.abs(stripe), 5);
            const base = 236 - 18 * (0.5 + n);
            px[i] = rgba(base - 130 * vein, base - 122 * vein, base - 6 - 100 * vein);
          } else if (s.material === 'wood') {
            const dx = (x - M * 0.5) / scale, dy = (j - M * 1.25) / scale;
            const d = Math.sqrt(dx * dx * 0.3 + dy * dy) * 3.2 + 0.12 * k * n;
            const band = 0.5 - 0.5 * Math.cos(2 * Math.PI * d); // soft late-wood bands
            const dark = 0.8 * band * band * band + 0.2 * band + 0.15 * n;
            px[i] = rgba(214 - 90 * dark, 160 - 72 * dark, 104 - 58 * dark);
          } else {
            const up = j / (M - 1); // 0 at the top, 1 at the bottom
            const v01 = 0.5 + n * (1 + k * 0.1);
            const heat = v01 * (0.25 + 1.75 * up * up) - 0.18 * (1 - up);
            const v = Math.min(1, Math.max(0, heat));
            px[i] = FIRE_LUT[(v * 255) | 0];
          }
        }
      }
      matCtx.putImageData(matImg, 0, 0);
      matLabel.textContent = { marble: 'Marble: sin(x + turbulence · noise)', wood: 'Wood: rings of distance + turbulence · noise', fire: 'Fire: noise rising, fading with height' }[s.material];
    }

    // One frame: the fills in the pool (sky and material on different workers), then
    // paint. One frame at a time; a request while one runs waits for it and then draws
    // the latest state (so `seek` and control changes always end on their own picture).
    let busy = null, again = null;
    function frame(withMaterial) {
      if (busy) {
        again = { withMaterial: withMaterial || again?.withMaterial };
        return busy;
      }
      stage.dataset.busy = 'pool';
      busy = (async () => {
        let m = withMaterial;
        for (;;) {
          await ensureFields();
          const at = t;
          await Promise.all([skyFill(), m && matFill()]);
          if (destroyed) return;
          drawSky(at);
          if (m) drawMaterial();
          if (!again) break;
          m = again.withMaterial;
          again = null;
        }
      })().catch((e) => { skyLabel.textContent = `Failed: ${e.message}`; }).finally(() => {
        busy = null;
        delete stage.dataset.busy;
      });
      return busy;
    }
    let destroyed = false;

    function draw(next, keys = null) {
      s = next;
      return frame(!keys || keys.some((k) => k !== 'scene'));
    }

    function tick(now) {
      raf = 0;
      if (!playing || !visible) return;
      const dt = last ? Math.min(0.1, (now - last) / 1000) : 0;
      last = now;
      t += dt;
      // About 30 frames a second is plenty for drifting clouds and keeps the page light.
      if (now - lastDraw >= 30 && !busy) {
        lastDraw = now;
        frame(s.material === 'fire');
      }
      raf = requestAnimationFrame(tick);
    }
    function run() {
      if (playing && visible && !raf) { last = 0; raf = requestAnimationFrame(tick); }
      stage.dataset.playing = String(playing && visible);
    }
    function setPlaying(p) {
      playing = p;
      setControl('play', playing ? '❚❚ Pause' : '▶ Play');
      if (!playing && raf) { cancelAnimationFrame(raf); raf = 0; }
      run();
    }
    const io = 'IntersectionObserver' in globalThis
      ? new IntersectionObserver((entries) => { visible = entries.at(-1).isIntersecting; if (!visible && raf) { cancelAnimationFrame(raf); raf = 0; } run(); })
      : null;
    io?.observe(stage);

    // Jump the clock (tests, and anyone scripting the figure).
    stage.seek = (seconds) => { t = seconds; return frame(s.material === 'fire'); };

    await draw(state);
    return {
      update: draw,
      bind(set) {
        setControl = set;
        setPlaying(playing);
        const b = stage.parentElement?.querySelector('[data-key="play"]');
        b?.setAttribute('aria-pressed', String(playing));
        this.playButton = b;
      },
      action(key) {
        if (key !== 'play') return;
        setPlaying(!playing);
        this.playButton?.setAttribute('aria-pressed', String(playing));
      },
      destroy() {
        io?.disconnect();
        destroyed = true;
        cancelAnimationFrame(raf);
      },
    };
  },
};
