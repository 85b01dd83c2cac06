// Plain-JavaScript peers of fillDepressions (ε = 0, border outlets) and
// flowAccumulation, written the way a careful JS developer would: typed arrays, a
// binary heap of packed indices for Priority-Flood (Barnes, Lehman & Mulla 2014) with
// its pit queue, and D8 accumulation by counting donors and walking downstream (O(n)).
// They give landform's bits, so the benchmark checks both against each other.

const f32 = new Float32Array(1), u32 = new Uint32Array(f32.buffer);
// The next f32 above w (w is finite): landform's raise() at ε = 0.
function nextUp(w) {
  f32[0] = w;
  if (w === 0) u32[0] = 1;
  else if (w > 0) u32[0] += 1;
  else u32[0] -= 1;
  return f32[0];
}

// Neighbour offsets in D8 order: E, SE, S, SW, W, NW, N, NE.
const DX = [1, 1, 0, -1, -1, -1, 0, 1], DY = [0, 1, 1, 1, 0, -1, -1, -1];

function neighbours(i, w, h, f) {
  const x = i % w, y = (i - x) / w;
  for (let d = 0; d < 8; d++) {
    const nx = x + DX[d], ny = y + DY[d];
    if (nx >= 0 && ny >= 0 && nx < w && ny < h) f(d, ny * w + nx);
  }
}

// Min-heap of cell indices ordered by (z, index).
class Heap {
  constructor(z, cap) { this.z = z; this.a = new Int32Array(cap); this.n = 0; }
  less(i, j) { const a = this.z[i], b = this.z[j]; return a < b || (a === b && i < j); }
  push(c) {
    const a = this.a;
    let k = this.n++;
    while (k > 0) {
      const p = (k - 1) >> 1;
      if (!this.less(c, a[p])) break;
      a[k] = a[p];
      k = p;
    }
    a[k] = c;
  }
  pop() {
    const a = this.a, top = a[0], last = a[--this.n];
    let k = 0;
    for (;;) {
      let c = 2 * k + 1;
      if (c >= this.n) break;
      if (c + 1 < this.n && this.less(a[c + 1], a[c])) c++;
      if (!this.less(a[c], last)) break;
      a[k] = a[c];
      k = c;
    }
    a[k] = last;
    return top;
  }
}

// Priority-Flood with ε = one f32 step, in place; returns z.
export function jsFill(z, w, h) {
  const closed = new Uint8Array(w * h), heap = new Heap(z, w * h), pit = new Int32Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const x = i % w, y = (i - x) / w;
    if (x === 0 || y === 0 || x === w - 1 || y === h - 1) { closed[i] = 1; heap.push(i); }
  }
  let head = 0, tail = 0;
  while (heap.n > 0 || head < tail) {
    // The pit queue is sorted; take it while its front is not above the heap's top.
    const c = head < tail && (heap.n === 0 || !heap.less(heap.a[0], pit[head])) ? pit[head++] : heap.pop();
    if (head === tail) head = tail = 0;
    const floor = nextUp(z[c]);
    neighbours(c, w, h, (_, n) => {
      if (closed[n]) return;
      closed[n] = 1;
      if (z[n] < floor) { z[n] = floor; pit[tail++] = n; } else heap.push(n);
    });
  }
  return z;
}

// D8 accumulation: one unit of rain per cell, passed to the lowest strictly lower
// neighbour (the first in D8 order among equals).
export function jsFlowAccumulation(z, w, h) {
  const n = w * h, rec = new Int32Array(n), pending = new Uint8Array(n), acc = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let low = z[i], r = i;
    neighbours(i, w, h, (_, m) => { if (z[m] < low) { low = z[m]; r = m; } });
    rec[i] = r;
    if (r !== i) pending[r]++;
    acc[i] = 1;
  }
  for (let i = 0; i < n; i++) {
    if (pending[i] !== 0) continue;
    for (let c = i; ;) {
      pending[c] = 255;
      const r = rec[c];
      if (r === c) break;
      acc[r] += acc[c];
      if (--pending[r] !== 0) break;
      c = r;
    }
  }
  return acc;
}
