// Figure 8: biomes from two independent noise fields (temperature, humidity) read
// through a Whittaker-style diagram, and minerals from a low-frequency concentration
// times high-frequency clusters. The fields come from landform; the biome is a lookup.
import { paint } from '../palettes.js';
import { canvas } from '../figure.js';
import { fieldFor } from '../landform.js';
import { el } from '../controls.js';

const N = 256; // map side, in cells
const D = 440; // diagram canvas side, in pixels (drawn at ~2× for crisp labels)
const L = 36; // left margin (humidity axis); the bottom margin is the same
const C = D - L; // chart side

// A simplified Whittaker diagram: temperature (cold → hot) × humidity (dry → wet).
export const BIOMES = [
  { key: 'ice', name: 'Ice', color: [232, 240, 246] },
  { key: 'tundra', name: 'Tundra', color: [168, 178, 160] },
  { key: 'taiga', name: 'Taiga', color: [70, 112, 90] },
  { key: 'grassland', name: 'Grassland', color: [198, 194, 128] },
  { key: 'forest', name: 'Temperate forest', color: [98, 156, 74] },
  { key: 'rainforest', name: 'Temperate rainforest', color: [46, 122, 100] },
  { key: 'desert', name: 'Desert', color: [236, 204, 136] },
  { key: 'savanna', name: 'Savanna', color: [184, 170, 82] },
  { key: 'jungle', name: 'Tropical rainforest', color: [28, 98, 52] },
];

/** Biome index for temperature `t` and humidity `h`, both in [0, 1]. */
export function classify(t, h) {
  if (t < 0.16) return 0;
  if (t < 0.3) return 1;
  // Cold air holds little water: the dry/wet boundary rises with temperature.
  const dry = 0.24 + 0.1 * t;
  if (t < 0.5) return h < dry ? 3 : 2;
  if (t < 0.72) return h < dry ? 3 : h < 0.7 ? 4 : 5;
  return h < dry ? 6 : h < 0.62 ? 7 : 8;
}

// fBm values mostly lie well inside the closed bound `hi`; this stretch maps the
// central ~98 % of a 4-octave field onto [0, 1] so every biome can occur.
const unit = (v, hi) => Math.min(1, Math.max(0, 0.5 + v / (0.84 * hi)));

export default {
  name: 'biomes',
  title: 'Biomes and minerals from two noise fields',
  caption: 'Figure 8. Temperature and humidity are two fBm fields with their own seeds and scales. Each point of the map looks up its pair in the diagram (move the pointer over the map, or focus it and use the arrow keys) and takes that biome. Below: ore where a slow "concentration" field times a fast "cluster" field exceeds a threshold.',
  controls: [
    { key: 'tempSeed', type: 'seed', label: 'Temperature seed', value: 3 },
    { key: 'tempScale', type: 'range', label: 'Temperature scale', min: 24, max: 256, step: 1, value: 110 },
    { key: 'humSeed', type: 'seed', label: 'Humidity seed', value: 8 },
    { key: 'humScale', type: 'range', label: 'Humidity scale', min: 24, max: 256, step: 1, value: 70 },
    { key: 'ore', type: 'range', label: 'Ore threshold', min: 0.2, max: 0.9, step: 0.01, value: 0.58 },
  ],

  mount(stage, state) {
    const tempC = canvas(N, N, 'Temperature field: dark cold, bright hot');
    const humC = canvas(N, N, 'Humidity field: pale dry, dark blue wet');
    const diagC = canvas(D, D, 'Whittaker-style diagram: temperature left to right, humidity bottom to top, with the point under the pointer marked');
    const mapC = canvas(N, N, 'Biome map');
    const oreC = canvas(N, N, 'Ore speckles over rock');
    const concC = canvas(N, N, 'Ore concentration: a slow field');
    const clusC = canvas(N, N, 'Ore clusters: a fast field');
    concC.style.width = clusC.style.width = '128px';
    for (const c of [tempC, humC]) c.style.width = '128px';
    diagC.style.width = '280px';
    mapC.style.width = '320px';
    oreC.style.width = '320px';
    mapC.tabIndex = 0;
    mapC.classList.add('lf-probe');

    const readout = el('p', { class: 'lf-wreadout', 'aria-live': 'polite' });
    const legend = el('ul', { class: 'lf-wlegend' });
    const oreNote = el('p', { class: 'lf-wreadout' });
    const panel = (c, label) => el('div', { class: 'lf-panel lf-top' }, c, el('span', {}, label));
    stage.append(
      el('div', { class: 'lf-col' }, panel(tempC, 'Temperature'), panel(humC, 'Humidity')),
      el('div', { class: 'lf-panel lf-top' }, diagC, el('span', {}, 'Temperature × humidity → biome')),
      el('div', { class: 'lf-panel lf-top' }, mapC, el('span', {}, 'Biome map'), readout, legend),
      el('div', { class: 'lf-panel lf-top' }, oreC, el('span', {}, 'Minerals: concentration × clusters'), oreNote),
      el('div', { class: 'lf-col' }, panel(concC, 'Concentration (slow)'), panel(clusC, 'Clusters (fast)')),
    );

    const temp = new Float32Array(N * N), hum = new Float32Array(N * N);
    const t01 = new Float32Array(N * N), h01 = new Float32Array(N * N);
    const ids = new Uint8Array(N * N);
    const conc = new Float32Array(N * N), clus = new Float32Array(N * N);
    const fbm = (seed) => ({ noise: 'perlin', seed, fractal: { kind: 'fbm', octaves: 4, persistence: 0.5, lacunarity: 2 } });
    // Minerals: one slow field (broad rich zones) and one fast field (individual clusters).
    fieldFor({ noise: 'perlin', seed: 101, fractal: { kind: 'fbm', octaves: 2 } }).fill2d(conc, { width: N, height: N, scale: 90 });
    fieldFor({ noise: 'simplex', seed: 202, fractal: { kind: 'fbm', octaves: 2 } }).fill2d(clus, { width: N, height: N, scale: 6 });
    // The two ingredients never change: draw them once, in the ore's gold.
    for (const [c, v, hi] of [[concC, conc, 0.71], [clusC, clus, 1]]) {
      const g = c.getContext('2d'), im = g.createImageData(N, N), px = img32(im);
      for (let i = 0; i < v.length; i++) { const u = unit(v[i], hi); px[i] = rgba(40 + 200 * u, 36 + 154 * u, 40 + 20 * u); }
      g.putImageData(im, 0, 0);
    }

    const ctxT = tempC.getContext('2d'), ctxH = humC.getContext('2d');
    const ctxD = diagC.getContext('2d'), ctxM = mapC.getContext('2d'), ctxO = oreC.getContext('2d');
    const imgT = ctxT.createImageData(N, N), imgH = ctxH.createImageData(N, N);
    const imgM = ctxM.createImageData(N, N), imgO = ctxO.createImageData(N, N);

    // The diagram's regions never change: paint them once, label each at its centroid.
    const diagram = document.createElement('canvas');
    diagram.width = diagram.height = D;
    drawDiagram(diagram.getContext('2d'));

    let probe = { x: N >> 1, y: N >> 1 };

    function fillField(out, unitOut, seed, scale) {
      const f = fieldFor(fbm(seed));
      f.fill2d(out, { width: N, height: N, scale });
      const hi = f.range[1];
      for (let i = 0; i < out.length; i++) unitOut[i] = unit(out[i], hi);
    }

    function classifyAll() {
      const px = new Uint32Array(imgM.data.buffer);
      const lut = new Uint32Array(BIOMES.length);
      const bytes = new Uint8Array(lut.buffer);
      BIOMES.forEach((b, k) => bytes.set([...b.color, 255], 4 * k));
      const count = new Array(BIOMES.length).fill(0);
      for (let i = 0; i < ids.length; i++) {
        const b = classify(t01[i], h01[i]);
        ids[i] = b;
        count[b]++;
        px[i] = lut[b];
      }
      mapC.dataset.biomes = count.map((c) => (c / ids.length).toFixed(4)).join(',');
      legend.replaceChildren(...BIOMES.map((b, k) => el('li', { 'data-biome': b.key, class: count[k] ? '' : 'lf-absent' },
        el('i', { style: `background:rgb(${b.color})` }), `${b.name} ${Math.round((100 * count[k]) / ids.length)}%`)));
    }

    function paintUnit(img, values, name) {
      return paint(img, values, 0, 1, name);
    }

    function drawOre(s) {
      const px = img32(imgO);
      let n = 0;
      for (let i = 0; i < conc.length; i++) {
        const c = unit(conc[i], 0.71), k = unit(clus[i], 1);
        const rock = 88 + 60 * k + 30 * c; // grainy gray, a little lighter in rich zones
        if (c * k > s.ore) {
          n++;
          const g = 0.8 + 0.6 * (c * k - s.ore);
          px[i] = rgba(232 * g, 184 * g, 58 * g);
        } else {
          px[i] = rgba(rock * 0.95, rock * 0.92, rock * 0.9);
        }
      }
      ctxO.putImageData(imgO, 0, 0);
      const frac = n / conc.length;
      oreC.dataset.ore = frac.toFixed(5);
      oreNote.textContent = `Ore covers ${(100 * frac).toFixed(1)} % of the rock.`;
    }

    function drawProbe() {
      const i = probe.y * N + probe.x;
      const t = t01[i], h = h01[i];
      ctxM.putImageData(imgM, 0, 0);
      ring(ctxM, probe.x + 0.5, probe.y + 0.5, 6, 2);
      ctxD.drawImage(diagram, 0, 0);
      const dx = L + t * C, dy = (1 - h) * C;
      ring(ctxD, dx, dy, 9, 3);
      ctxD.fillStyle = '#d2283c';
      ctxD.beginPath(); ctxD.arc(dx, dy, 5, 0, 2 * Math.PI); ctxD.fill();
      diagC.dataset.probe = `${t},${h}`; // exact, so a reader can round it as the readout does
      readout.textContent = `At (${probe.x}, ${probe.y}): temperature ${t.toFixed(2)}, humidity ${h.toFixed(2)} → ${BIOMES[ids[i]].name}`;
    }

    function draw(s, keys = null) {
      const all = !keys;
      if (all || keys.includes('tempSeed') || keys.includes('tempScale')) {
        fillField(temp, t01, s.tempSeed, s.tempScale);
        ctxT.putImageData(paintUnit(imgT, t01, 'heat'), 0, 0);
      }
      if (all || keys.includes('humSeed') || keys.includes('humScale')) {
        fillField(hum, h01, s.humSeed, s.humScale);
        ctxH.putImageData(paintHumidity(imgH, h01), 0, 0);
      }
      if (all || keys.some((k) => k !== 'ore')) { classifyAll(); drawProbe(); }
      if (all || keys.includes('ore')) drawOre(s);
    }

    const moveTo = (e) => {
      const r = mapC.getBoundingClientRect();
      const x = Math.floor(((e.clientX - r.left) / r.width) * N), y = Math.floor(((e.clientY - r.top) / r.height) * N);
      if (x < 0 || y < 0 || x >= N || y >= N) return;
      probe = { x, y };
      drawProbe();
    };
    for (const c of [mapC, tempC, humC]) c.addEventListener('pointermove', moveTo);
    mapC.addEventListener('keydown', (e) => {
      const step = e.shiftKey ? 32 : 8;
      const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
      if (!d) return;
      e.preventDefault();
      probe = { x: Math.min(N - 1, Math.max(0, probe.x + d[0])), y: Math.min(N - 1, Math.max(0, probe.y + d[1])) };
      drawProbe();
    });

    draw(state);
    return { update: draw };
  },
};

function img32(img) { return new Uint32Array(img.data.buffer); }
const c8 = (v) => (v < 0 ? 0 : v > 255 ? 255 : v) & 255;
function rgba(r, g, b) { return (255 << 24 | c8(b) << 16 | c8(g) << 8 | c8(r)) >>> 0; }

// Humidity: sand-pale when dry, deep blue when wet.
function paintHumidity(img, values) {
  const px = img32(img);
  for (let i = 0; i < values.length; i++) {
    const h = values[i];
    px[i] = rgba(240 - 200 * h, 226 - 126 * h, 190 - 10 * h);
  }
  return img;
}

function ring(ctx, x, y, r, w) {
  ctx.lineWidth = w + 2; ctx.strokeStyle = '#fff';
  ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI); ctx.stroke();
  ctx.lineWidth = w; ctx.strokeStyle = '#1d2330';
  ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI); ctx.stroke();
}

function drawDiagram(ctx) {
  // Chart area: C × C pixels at (L, 0); the margins hold the axis labels.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, D, D);
  const img = ctx.createImageData(C, C);
  const px = img32(img);
  const sum = BIOMES.map(() => [0, 0, 0, C, 0, C, 0]); // Σx, Σy, n, minX, maxX, minY, maxY
  for (let y = 0; y < C; y++) {
    for (let x = 0; x < C; x++) {
      const b = classify((x + 0.5) / C, 1 - (y + 0.5) / C);
      px[y * C + x] = rgba(...BIOMES[b].color);
      const a = sum[b];
      a[0] += x; a[1] += y; a[2]++;
      a[3] = Math.min(a[3], x); a[4] = Math.max(a[4], x); a[5] = Math.min(a[5], y); a[6] = Math.max(a[6], y);
    }
  }
  ctx.putImageData(img, L, 0);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  BIOMES.forEach((b, k) => {
    const [sx, sy, n, x0, x1, y0, y1] = sum[k];
    if (!n) return;
    const lum = 0.2126 * b.color[0] + 0.7152 * b.color[1] + 0.0722 * b.color[2];
    ctx.fillStyle = lum > 140 ? '#1d2330' : '#fff';
    ctx.font = '600 19px system-ui, sans-serif';
    ctx.save();
    ctx.translate(L + sx / n, sy / n);
    // Tall narrow regions (the cold bands) get their label turned upright.
    const narrow = x1 - x0 < 70 && y1 - y0 > 2 * (x1 - x0);
    if (narrow) ctx.rotate(-Math.PI / 2);
    const room = narrow ? y1 - y0 : x1 - x0;
    const words = b.name.split(' ');
    const lines = words.length > 1 && ctx.measureText(b.name).width > room - 12 ? [words.slice(0, -1).join(' '), words.at(-1)] : [b.name];
    lines.forEach((line, i) => ctx.fillText(line, 0, (i - (lines.length - 1) / 2) * 21));
    ctx.restore();
  });
  ctx.strokeStyle = 'rgba(29,35,48,.35)';
  ctx.lineWidth = 2;
  ctx.strokeRect(L + 1, 1, C - 2, C - 2);
  // Axes.
  ctx.font = '18px system-ui, sans-serif';
  ctx.fillStyle = '#5b6475';
  ctx.textAlign = 'left';
  ctx.fillText('cold', L + 2, C + 20);
  ctx.textAlign = 'right';
  ctx.fillText('hot', D - 2, C + 20);
  ctx.textAlign = 'center';
  ctx.fillText('temperature →', L + C / 2, C + 20);
  ctx.save();
  ctx.translate(L / 2, C / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText('humidity →', 0, 0);
  ctx.restore();
  ctx.save();
  ctx.translate(L / 2, C - 4);
  ctx.rotate(-Math.PI / 2);
  ctx.textAlign = 'left';
  ctx.fillText('dry', 0, 0);
  ctx.restore();
  ctx.save();
  ctx.translate(L / 2, 4);
  ctx.rotate(-Math.PI / 2);
  ctx.textAlign = 'right';
  ctx.fillText('wet', 0, 0);
  ctx.restore();
}
