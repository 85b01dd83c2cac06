// Droplet erosion on the GPU: the CPU model of droplet.rs and settle.rs, one droplet per
// invocation (or, with fewer lanes than droplets, each lane running its droplets in
// order: one lane runs them in the CPU's order).
//
// WGSL has no float atomics, so the map is `atomic<i32>` in millionths of a height unit
// (the scheme of `002`, Spike 54): every change is an integer, applied with a compare-
// exchange loop that re-checks the floor or cap against the cell's current value, so
// concurrent droplets can never take a cell below its floor or raise it above its cap.
// A droplet's load is an integer too, and the budget is four 64-bit sums (two u32 words,
// carried by hand; summed per workgroup, then added once per workgroup), so
// `Σ Δmap = deposited − eroded` and `eroded − deposited = lost` hold exactly. Heights are
// limited to ±1000 units (|Δ| < 2^31 millionths between any two cells, so every
// difference fits an i32).
//
// Droplet starts: output n of Mulberry32 seeded `seed` depends only on the state
// `seed + (n + 1) · 0x6D2B79F5`, so droplet k takes outputs 2k and 2k + 1 without
// running the stream: the same starts as `Eroder::run`, however the run is split.

const SCALE: f32 = 1000000.0;
const UNIT: f32 = 0.000001;
const NO_SEA: i32 = -2147483647;
const I32_MAX: i32 = 2147483647;

struct Params {
  width: u32,
  height: u32,
  first: u32,        // index of this dispatch's first droplet in the whole run
  count: u32,        // droplets in this dispatch
  lanes: u32,        // invocations that run them (1: in order, as the CPU)
  seed: u32,
  lifetime: u32,
  has_sea: u32,
  sea_fixed: i32,    // lowest integer height at or above the sea (NO_SEA: no sea)
  reach: i32,        // ceil(radius)
  settle_reach: i32, // ceil(settle_radius)
  _pad: u32,
  inertia: f32,
  capacity_factor: f32,
  min_capacity: f32,
  erode_speed: f32,
  deposit_speed: f32,
  evaporation: f32,
  gravity: f32,
  radius: f32,
  initial_water: f32,
  initial_speed: f32,
  max_speed: f32,
  sea: f32,
  settle_radius: f32, // max(radius, 2): the area a stopped droplet's load settles on
  brush_sum: f32,     // Σ (1 − dist/radius) over the brush, summed in the CPU's order
  _pad2: f32,
  _pad3: f32,
}

@group(0) @binding(0) var<storage, read_write> map: array<atomic<i32>>;
// eroded, deposited, carried off, stranded: (low, high) words each.
@group(0) @binding(1) var<storage, read_write> totals: array<atomic<u32>, 8>;
@group(0) @binding(2) var<uniform> p: Params;
@group(0) @binding(3) var<storage, read_write> starts_out: array<vec2<f32>>;

fn mulberry32(n: u32) -> u32 {
  var t = p.seed + (n + 1u) * 0x6D2B79F5u;
  t = (t ^ (t >> 15u)) * (t | 1u);
  t = t ^ (t + (t ^ (t >> 7u)) * (t | 61u));
  return t ^ (t >> 14u);
}

fn unit(n: u32) -> f32 {
  return f32(mulberry32(n) >> 8u) * (1.0 / 16777216.0);
}

// `v` if below `end`, else the largest f32 below `end` (as `below` in mod.rs).
fn below(v: f32, end: f32) -> f32 {
  if (v < end) { return v; }
  return bitcast<f32>(bitcast<u32>(end) - 1u);
}

fn start(k: u32) -> vec2<f32> {
  let x_end = f32(p.width - 1u);
  let y_end = f32(p.height - 1u);
  return vec2<f32>(below(unit(2u * k) * x_end, x_end), below(unit(2u * k + 1u) * y_end, y_end));
}

fn cell(i: u32) -> i32 { return atomicLoad(&map[i]); }
fn height_at(i: u32) -> f32 { return f32(cell(i)) * UNIT; }

// Rounds a (non-negative) amount of height to millionths, saturating below 2^31.
fn fixed(amount: f32) -> i32 {
  return i32(round(clamp(amount * SCALE, 0.0, 2147483520.0)));
}

// Bilinear height and gradient at (x, y) inside [0, w−1) × [0, h−1).
fn sample(x: f32, y: f32) -> vec3<f32> {
  let ix = u32(x);
  let iy = u32(y);
  let u = x - f32(ix);
  let v = y - f32(iy);
  let i = iy * p.width + ix;
  let nw = height_at(i);
  let ne = height_at(i + 1u);
  let sw = height_at(i + p.width);
  let se = height_at(i + p.width + 1u);
  let gx = (ne - nw) * (1.0 - v) + (se - sw) * v;
  let gy = (sw - nw) * (1.0 - u) + (se - ne) * u;
  let top = nw + (ne - nw) * u;
  let bottom = sw + (se - sw) * u;
  return vec3<f32>(top + (bottom - top) * v, gx, gy);
}

fn wet(h: i32) -> bool { return h < p.sea_fixed; }

// Lowers cell i by `want` millionths, never below `floor`; returns what it took.
fn take(i: u32, want: i32, floor: i32) -> i32 {
  if (want <= 0) { return 0; }
  loop {
    let old = cell(i);
    let d = min(want, old - floor);
    if (d <= 0) { return 0; }
    if (atomicCompareExchangeWeak(&map[i], old, old - d).exchanged) { return d; }
  }
}

// Raises cell i by `want` millionths, never above `cap` and a sea cell never to the sea;
// returns what it put.
fn raise(i: u32, want: i32, cap: i32) -> i32 {
  if (want <= 0) { return 0; }
  loop {
    let old = cell(i);
    var top = cap;
    if (wet(old)) { top = min(top, p.sea_fixed - 1); }
    let d = min(want, top - old);
    if (d <= 0) { return 0; }
    if (atomicCompareExchangeWeak(&map[i], old, old + d).exchanged) { return d; }
  }
}

// This workgroup's partial sums of the budget (zeroed when the workgroup starts), added
// to `totals` once at its end: 4 global atomics per 64 droplets instead of per droplet.
var<workgroup> part: array<atomic<u32>, 8>;

// Adds `v` to the workgroup's 64-bit partial sum in words (slot, slot + 1).
fn add_total(slot: u32, v: u32) {
  if (v == 0u) { return; }
  let old = atomicAdd(&part[slot], v);
  if (old > 0xFFFFFFFFu - v) { atomicAdd(&part[slot + 1u], 1u); }
}

// Integer height at or above a float level (ceil) / at or below it (floor).
fn ceil_fixed(level: f32) -> i32 { return i32(ceil(clamp(level * SCALE, -2147483520.0, 2147483520.0))); }
fn floor_fixed(level: f32) -> i32 { return i32(floor(clamp(level * SCALE, -2147483520.0, 2147483520.0))); }

fn on_map(x: i32, y: i32) -> bool {
  return x >= 0 && y >= 0 && x < i32(p.width) && y < i32(p.height);
}

// Erodes `amount` through the brush centred on cell c, no cell below `floor`; returns
// what it took (at most `room`). Weights as Brush::for_each: 1 − dist/radius over the
// brush sum, renormalised over the cells on the map near an edge.
fn erode_brush(c: vec2<i32>, amount: f32, floor: i32, room: i32) -> i32 {
  let r = p.reach;
  let interior = c.x - r >= 0 && c.y - r >= 0 && c.x + r < i32(p.width) && c.y + r < i32(p.height);
  var inside = 1.0;
  if (!interior) {
    inside = 0.0;
    for (var dy = -r; dy <= r; dy++) {
      for (var dx = -r; dx <= r; dx++) {
        let dist = sqrt(f32(dx * dx + dy * dy));
        if (dist < p.radius && on_map(c.x + dx, c.y + dy)) { inside += (1.0 - dist / p.radius) / p.brush_sum; }
      }
    }
    if (inside <= 0.0) { return 0; }
  }
  var taken = 0;
  for (var dy = -r; dy <= r; dy++) {
    for (var dx = -r; dx <= r; dx++) {
      let dist = sqrt(f32(dx * dx + dy * dy));
      let x = c.x + dx;
      let y = c.y + dy;
      if (dist < p.radius && on_map(x, y)) {
        var w = (1.0 - dist / p.radius) / p.brush_sum;
        if (!interior) { w = w / inside; }
        taken += take(u32(y) * p.width + u32(x), min(fixed(amount * w), room - taken), floor);
      }
    }
  }
  return taken;
}

// The settle area: the cells within `settle_radius` of a centre, the j-th of the square of
// side 2·settle_reach + 1 row by row (settle_cell: its map index, −1 off the area or map).
fn settle_cells() -> i32 { return (2 * p.settle_reach + 1) * (2 * p.settle_reach + 1); }
fn settle_cell(c: vec2<i32>, j: i32) -> i32 {
  let side = 2 * p.settle_reach + 1;
  let dx = j % side - p.settle_reach;
  let dy = j / side - p.settle_reach;
  let x = c.x + dx;
  let y = c.y + dy;
  if (sqrt(f32(dx * dx + dy * dy)) < p.settle_radius && on_map(x, y)) { return y * i32(p.width) + x; }
  return -1;
}

// What raising every settle-area cell below `level` to it (a sea cell at most to just
// under the sea) takes, or `limit + 1` once that is more than `limit`.
fn fill_volume(c: vec2<i32>, level: i32, limit: i32) -> i32 {
  var sum = 0;
  for (var j = 0; j < settle_cells(); j++) {
    let i = settle_cell(c, j);
    if (i < 0) { continue; }
    let h = cell(u32(i));
    var top = level;
    if (wet(h)) { top = min(top, p.sea_fixed - 1); }
    if (top > h) {
      sum += min(top - h, limit + 1 - sum);
      if (sum > limit) { return limit + 1; }
    }
  }
  return sum;
}

// Settles `load` around cell c as settle.rs does: the highest integer level L, at most
// the area's rim, whose fill takes no more than `load` (the volume is monotone in L, so
// bisection finds it exactly); returns what the map gained.
fn settle(c: vec2<i32>, load: i32) -> i32 {
  var lo = I32_MAX;
  var rim = -I32_MAX;
  for (var j = 0; j < settle_cells(); j++) {
    let i = settle_cell(c, j);
    if (i >= 0) {
      let h = cell(u32(i));
      lo = min(lo, h);
      rim = max(rim, h);
    }
  }
  if (lo >= rim) { return 0; } // a flat: nowhere lower to go
  var a = lo;
  var b = rim;
  if (fill_volume(c, rim, load) <= load) {
    a = rim;
  } else {
    // fill_volume(a) ≤ load < fill_volume(b)
    loop {
      if (b - a <= 1) { break; }
      let m = a + (b - a) / 2;
      if (fill_volume(c, m, load) <= load) { a = m; } else { b = m; }
    }
  }
  var put = 0;
  for (var j = 0; j < settle_cells(); j++) {
    let i = settle_cell(c, j);
    if (i >= 0) { put += raise(u32(i), min(a - cell(u32(i)), load - put), a); }
  }
  return put;
}

fn nearest(x: f32, y: f32) -> vec2<i32> { return vec2<i32>(i32(x + 0.5), i32(y + 0.5)); }

struct Tally { eroded: u32, deposited: u32 }

fn flush(t: ptr<function, Tally>) {
  add_total(0u, (*t).eroded);
  add_total(2u, (*t).deposited);
  *t = Tally(0u, 0u);
}

fn run_droplet(k: u32) {
  let x_end = f32(p.width - 1u);
  let y_end = f32(p.height - 1u);
  var pos = start(k);
  let sea_on = p.has_sea != 0u;
  var dir = vec2<f32>(0.0, 0.0);
  var speed = p.initial_speed;
  var water = p.initial_water;
  var load = 0; // sediment carried, in millionths
  var t = Tally(0u, 0u);
  for (var step = 0u; step < p.lifetime; step++) {
    let s = sample(pos.x, pos.y);
    if (sea_on && s.x <= p.sea) { break; } // reached the sea
    dir = vec2<f32>(dir.x * p.inertia - s.y * (1.0 - p.inertia), dir.y * p.inertia - s.z * (1.0 - p.inertia));
    let len = sqrt(dir.x * dir.x + dir.y * dir.y);
    if (len < 1.17549435e-38) { break; } // on a flat with no momentum
    dir = dir / len;
    let next = pos + dir;
    if (!(next.x >= 0.0 && next.x < x_end && next.y >= 0.0 && next.y < y_end)) {
      flush(&t);
      add_total(4u, u32(load)); // carried off the map
      return;
    }
    let h_next = sample(next.x, next.y).x;
    let dh = h_next - s.x;
    let capacity = max(-dh * speed * water * p.capacity_factor, p.min_capacity);
    let sediment = f32(load) * UNIT;
    if (sediment > capacity || dh > 0.0) {
      // Deposit: fill the pit behind an uphill step, or drop the surplus, bilinearly,
      // no cell above the water (the height climbed to, or its own).
      var amount = (sediment - capacity) * p.deposit_speed;
      var level = s.x;
      if (dh > 0.0) { amount = min(dh, sediment); level = h_next; }
      let cap = floor_fixed(level);
      let ix = u32(pos.x);
      let iy = u32(pos.y);
      let u = pos.x - f32(ix);
      let v = pos.y - f32(iy);
      let i = iy * p.width + ix;
      var put = raise(i, min(fixed(amount * (1.0 - u) * (1.0 - v)), load), cap);
      put += raise(i + 1u, min(fixed(amount * u * (1.0 - v)), load - put), cap);
      put += raise(i + p.width, min(fixed(amount * (1.0 - u) * v), load - put), cap);
      put += raise(i + p.width + 1u, min(fixed(amount * u * v), load - put), cap);
      load -= put;
      t.deposited += u32(put);
    } else {
      // Erode through the brush centred on the nearest cell, no cell below the height
      // the droplet reaches or the sea.
      let amount = min((capacity - sediment) * p.erode_speed, -dh);
      let floor = max(ceil_fixed(h_next), p.sea_fixed);
      let taken = erode_brush(nearest(pos.x, pos.y), amount, floor, I32_MAX - load);
      load += taken;
      t.eroded += u32(taken);
    }
    if (t.eroded >= 0x40000000u || t.deposited >= 0x40000000u) { flush(&t); }
    speed = min(sqrt(max(speed * speed - dh * p.gravity, 0.0)), p.max_speed);
    water *= 1.0 - p.evaporation;
    pos = next;
  }
  // What it still carries settles.
  if (load > 0) {
    let put = settle(nearest(pos.x, pos.y), load);
    t.deposited += u32(put);
    load -= put;
  }
  flush(&t);
  if (load > 0) {
    if (sea_on && sample(pos.x, pos.y).x <= p.sea) {
      add_total(4u, u32(load)); // no room under the sea: carried out to sea
    } else {
      add_total(6u, u32(load)); // the ground around is full to its rim
    }
  }
}

@compute @workgroup_size(64)
fn erode(@builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_index) local: u32) {
  if (id.x < p.lanes) {
    for (var j = id.x; j < p.count; j += p.lanes) {
      run_droplet(p.first + j);
    }
  }
  workgroupBarrier();
  if (local < 4u) {
    let lo = atomicLoad(&part[2u * local]);
    var hi = atomicLoad(&part[2u * local + 1u]);
    let old = atomicAdd(&totals[2u * local], lo);
    if (old > 0xFFFFFFFFu - lo) { hi += 1u; }
    if (hi != 0u) { atomicAdd(&totals[2u * local + 1u], hi); }
  }
}

// The start of droplets first .. first + count, for tests against the CPU's stream.
@compute @workgroup_size(64)
fn starts(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x >= p.count) { return; }
  starts_out[id.x] = start(p.first + id.x);
}
