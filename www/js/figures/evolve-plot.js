// The slope–area plot of the evolve figure: log–log axes, one dot per cell (slope
// scaled by K/U), the steady-state law S·K/U = A^(−m/n) as a line, the fitted line.

import { superscript } from '../controls.js';

const PAD = { l: 46, r: 10, t: 10, b: 34 };

/** Draws the points of `sa` (evolve-maps.js slopeArea) on 2D context `ctx`. */
export function drawSlopeArea(ctx, sa, { mn, cellSize, cells }) {
  const { width: W, height: H } = ctx.canvas;
  const s = W / 360;
  const x0 = Math.log10(cellSize * cellSize), x1 = Math.log10(cells * cellSize * cellSize);
  // The law's line spans mn·(x1 − x0) decades; show it with room above and below.
  const y1 = -mn * x0 + 1.5, y0 = -mn * x1 - 1.5;
  const px = (la) => (PAD.l + (la - x0) / (x1 - x0) * (W / s - PAD.l - PAD.r)) * s;
  const py = (ls) => (PAD.t + (y1 - ls) / (y1 - y0) * (H / s - PAD.t - PAD.b)) * s;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, W, H);
  ctx.font = `${11 * s}px system-ui, sans-serif`;
  ctx.fillStyle = '#555';
  ctx.strokeStyle = '#e3e3e3';
  ctx.lineWidth = s;
  ctx.textAlign = 'center';
  for (let d = Math.ceil(x0); d <= x1; d++) {
    ctx.beginPath(); ctx.moveTo(px(d), py(y1)); ctx.lineTo(px(d), py(y0)); ctx.stroke();
    ctx.fillText(`10${superscript(d)}`, px(d), H - 18 * s);
  }
  ctx.textAlign = 'right';
  for (let d = Math.ceil(y0); d <= y1; d++) {
    ctx.beginPath(); ctx.moveTo(px(x0), py(d)); ctx.lineTo(px(x1), py(d)); ctx.stroke();
    ctx.fillText(`10${superscript(d)}`, PAD.l * s - 4 * s, py(d) + 4 * s);
  }
  ctx.textAlign = 'center';
  ctx.fillText('drainage area A (m²)', (PAD.l * s + W) / 2, H - 4 * s);
  ctx.save();
  ctx.translate(11 * s, (PAD.t * s + H - PAD.b * s) / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText('slope × K / U', 0, 0);
  ctx.restore();

  ctx.save();
  ctx.beginPath();
  ctx.rect(PAD.l * s, PAD.t * s, W - (PAD.l + PAD.r) * s, H - (PAD.t + PAD.b) * s);
  ctx.clip();
  ctx.fillStyle = 'rgba(40, 80, 140, 0.35)';
  const r = 1.6 * s;
  for (let i = 0; i < sa.logA.length; i++) ctx.fillRect(px(sa.logA[i]) - r / 2, py(sa.logS[i]) - r / 2, r, r);
  const line = (a, b, color, dash) => {
    ctx.strokeStyle = color; ctx.lineWidth = 2 * s; ctx.setLineDash(dash.map((v) => v * s));
    ctx.beginPath(); ctx.moveTo(px(x0), py(a + b * x0)); ctx.lineTo(px(x1), py(a + b * x1)); ctx.stroke();
  };
  line(0, -mn, '#d0452b', []);
  if (Number.isFinite(sa.fit.slope)) line(sa.fit.intercept, sa.fit.slope, '#222', [5, 4]);
  ctx.restore();
}

