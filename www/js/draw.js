// Small canvas helpers shared by the figures: images with y pointing up (so a lattice
// cell's (xi, yi) corner is its south-west corner) and arrows.
import { paint } from './palettes.js';

/** Paints `values` (row r holds noise y ≈ r / scale) so that y points up on screen. */
export function paintUp(image, values, w, h, lo, hi, palette) {
  paint(image, values, lo, hi, palette);
  const px = new Uint32Array(image.data.buffer), row = new Uint32Array(w);
  for (let r = 0; r < h >> 1; r++) {
    const a = r * w, b = (h - 1 - r) * w;
    row.set(px.subarray(a, a + w)); px.copyWithin(a, b, b + w); px.set(row, b);
  }
  return image;
}

/** Draws an arrow from (x0, y0) to (x1, y1). */
export function arrow(ctx, x0, y0, x1, y1, color, width = 2, head = 7) {
  const a = Math.atan2(y1 - y0, x1 - x0);
  ctx.strokeStyle = ctx.fillStyle = color;
  ctx.lineWidth = width;
  ctx.beginPath(); ctx.moveTo(x0, y0); ctx.lineTo(x1, y1); ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x1 - head * Math.cos(a - 0.45), y1 - head * Math.sin(a - 0.45));
  ctx.lineTo(x1 - head * Math.cos(a + 0.45), y1 - head * Math.sin(a + 0.45));
  ctx.closePath(); ctx.fill();
}
