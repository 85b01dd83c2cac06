// One picture of a figure's stage as the reader sees it: every visible canvas at its
// place on screen, and the stage's text (panel labels, legends, readouts) drawn over a
// white ground. Save PNG uses it, so a multi-panel figure exports all its panels.

/** Draws `stage` into a new canvas, at up to 2 pixels per CSS pixel. */
export function snapshot(stage) {
  const box = stage.getBoundingClientRect();
  const canvases = [...stage.querySelectorAll('canvas')].filter(visible);
  // Keep each canvas near its own resolution (a 512² map shown at 400 px stays sharp).
  let scale = 1;
  for (const c of canvases) scale = Math.max(scale, c.width / c.getBoundingClientRect().width);
  scale = Math.min(2, scale);
  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(box.width * scale));
  out.height = Math.max(1, Math.round(box.height * scale));
  const ctx = out.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.scale(scale, scale);
  ctx.imageSmoothingQuality = 'high';
  drawMarks(ctx, stage, box);
  for (const c of canvases) {
    const r = c.getBoundingClientRect();
    ctx.drawImage(c, r.left - box.left, r.top - box.top, r.width, r.height);
  }
  drawText(ctx, stage, box);
  return out;
}

// Colour swatches (empty elements with a background) and progress bars.
function drawMarks(ctx, stage, box) {
  for (const e of stage.querySelectorAll('*')) {
    if (e.children.length || e.textContent.trim() || e instanceof HTMLCanvasElement || !visible(e)) continue;
    const r = e.getBoundingClientRect(), x = r.left - box.left, y = r.top - box.top;
    if (e instanceof HTMLProgressElement) {
      ctx.fillStyle = '#e3e6ec';
      ctx.fillRect(x, y + r.height / 4, r.width, r.height / 2);
      ctx.fillStyle = getComputedStyle(e).accentColor.startsWith('rgb') ? getComputedStyle(e).accentColor : '#2f6fdf';
      ctx.fillRect(x, y + r.height / 4, r.width * (e.max ? e.value / e.max : 0), r.height / 2);
      continue;
    }
    const bg = getComputedStyle(e).backgroundColor;
    if (bg && bg !== 'transparent' && !/rgba\(.*, 0\)$/.test(bg)) {
      ctx.fillStyle = bg;
      ctx.fillRect(x, y, r.width, r.height);
    }
  }
}

function visible(e) {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
}

// Text nodes are drawn word by word at the boxes the browser laid them out in, in
// their element's font and colour, so wrapped labels land where they are on screen.
function drawText(ctx, stage, box) {
  const walker = document.createTreeWalker(stage, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.data.trim() || !parent || parent.closest('button, select, option, textarea') || !visible(parent)) continue;
    const style = getComputedStyle(parent);
    ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    ctx.fillStyle = style.color;
    ctx.textBaseline = 'alphabetic';
    for (const m of node.data.matchAll(/\S+/g)) {
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const r = range.getBoundingClientRect();
      if (!r.width) continue;
      const metrics = ctx.measureText(m[0]);
      // Baseline: the box's top plus the font's ascent, centred in the line box.
      const ascent = metrics.fontBoundingBoxAscent ?? r.height * 0.8;
      const descent = metrics.fontBoundingBoxDescent ?? r.height * 0.2;
      const y = r.top - box.top + (r.height - ascent - descent) / 2 + ascent;
      ctx.fillText(m[0], r.left - box.left, y);
    }
  }
}
