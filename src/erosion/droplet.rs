//! One water droplet, after Sebastian Lague's "Hydraulic-Erosion" (github.com/SebLague/
//! Hydraulic-Erosion, MIT; after Hans Theobald Beyer, "Implementation of a method for
//! hydraulic erosion", 2015), written anew with three faults of that reference fixed:
//!
//! - Speed. The reference sets `speed = sqrt(speed² + Δh·gravity)`: Δh is negative
//!   downhill, so droplets slowed going down and the square root went NaN (its issue
//!   #15). Energy conservation gives `speed² − Δh·gravity` (faster downhill, slower
//!   uphill); the term is clamped at 0 for a droplet that cannot climb the step.
//! - Direction bias. The reference centres the erosion brush on the cell *below-left*
//!   of the droplet (`floor`), half a cell up-left on average, so every map drifted
//!   north-west. Here the brush is centred on the *nearest* cell (offset uniform in
//!   `[-½, ½)`, mean zero); deposits stay bilinear, whose centroid is exact.
//! - Erosion clamping. The reference never takes a cell below 0, which turns erosion
//!   into deposition on maps with negative heights. Here no cell of the brush is taken
//!   below the height the droplet is about to reach (`h_next`), so erosion can deepen
//!   a channel but never dig a pit: no cell ever goes below the map's lowest height.
//!
//! And three rules that keep the model physical however many droplets run (the
//! reference, and this model before them, ran away beyond about two droplets per cell:
//! a droplet circling a pit kept gaining speed, so capacity, so erosion, and the pit
//! deepened without limit):
//!
//! - Terminal speed. `speed ≤ maxSpeed` (default 8; the energy-conserving update alone
//!   is unbounded when the ground under a droplet keeps sinking).
//! - Nothing rises above the water. A deposit raises a cell at most to the height of the
//!   droplet (or, filling a pit behind an uphill step, to the height it climbs to), so
//!   sediment never builds mounds: no cell ever goes above the map's highest height.
//! - The load settles. A droplet that dies (lifetime over, stuck on a flat) or reaches
//!   the sea lets what it carries settle into the lowest ground around it ([`settle`]),
//!   where the reference let it vanish: mass is conserved and pits silt up. What cannot
//!   settle (the ground around is full to its rim) is `stranded`, a few percent at most.
//!
//! With `seaLevel`, the sea is the base level: a droplet at or below it settles its load
//! and stops (rivers end at the coast), no cell is eroded below it, and no sea cell is
//! raised above it (just under it: the sea floor can grow into a shallow shelf, never into
//! land); what does not fit under the sea is carried out to sea, counted with what left
//! over the map's edge.
//!
//! [`settle`]: crate::erosion::settle
//!
//! All arithmetic is `+ − × ÷ sqrt min max` and truncation on `f32`/`f64`, so runs are
//! bit-identical on every platform.

use crate::order::Order;
use crate::erosion::settle::{below_sea, Basin};
use crate::erosion::{Brush, Budget, ErosionParams};

/// What every droplet of a run shares: the parameters, the erosion brush, the area a
/// load settles on (the brush, but at least the 3 × 3 cells around the droplet) and
/// scratch space for settling.
#[derive(Clone, Debug)]
pub struct Model {
    pub params: ErosionParams,
    pub brush: Brush,
    settle_area: Brush,
    basin: Basin,
}

impl Model {
    /// Validates `params` and builds the brushes.
    pub fn new(params: ErosionParams) -> crate::Result<Self> {
        params.validate()?;
        Ok(Self {
            params,
            brush: Brush::new(params.radius)?,
            settle_area: Brush::new(params.radius.max(2.0))?,
            basin: Basin::default(),
        })
    }

    /// Heap memory the brushes and scratch space hold, in bytes.
    pub fn memory_bytes(&self) -> usize {
        self.brush.memory_bytes() + self.settle_area.memory_bytes() + self.basin.memory_bytes()
    }
}

/// Bilinearly interpolated height and its gradient at `(x, y)`, for
/// `0 ≤ x < width − 1`, `0 ≤ y < height − 1`.
#[inline(always)]
pub fn height_and_gradient(map: &[f32], width: usize, x: f32, y: f32) -> (f32, f32, f32) {
    // x, y ≥ 0 and small: `as i32` truncates (= floor) in one instruction, where
    // `as usize` needs a slow unsigned 64-bit conversion on x86.
    let (ix, iy) = (x as i32 as usize, y as i32 as usize);
    let (u, v) = (x - ix as f32, y - iy as f32);
    let i = iy * width + ix;
    let (nw, ne, sw, se) = (map[i], map[i + 1], map[i + width], map[i + width + 1]);
    let gx = (ne - nw) * (1.0 - v) + (se - sw) * v;
    let gy = (sw - nw) * (1.0 - u) + (se - ne) * u;
    let top = nw + (ne - nw) * u;
    let bottom = sw + (se - sw) * u;
    (top + (bottom - top) * v, gx, gy)
}

/// Adds `d` to one cell and returns the change actually stored, exactly, in `f64`.
#[inline]
pub(crate) fn add(map: &mut [f32], i: usize, d: f32) -> f64 {
    let old = map[i];
    let new = old + d;
    map[i] = new;
    new as f64 - old as f64
}

/// Lowers one cell by up to `amount`, never below `level`; returns what it took.
#[inline]
fn take(map: &mut [f32], i: usize, amount: f32, level: f32) -> f64 {
    let room = map[i] - level;
    if room > 0.0 {
        -add(map, i, -amount.lo(room))
    } else {
        0.0
    }
}

/// Raises one cell by up to `amount`, never above `level` and a cell below the sea
/// never above `shelf`; returns the change stored.
#[inline]
fn raise(map: &mut [f32], i: usize, amount: f32, level: f32, (sea, shelf): (f32, f32)) -> f64 {
    let h = map[i];
    let top = if h < sea { level.lo(shelf) } else { level };
    let room = top - h;
    if room > 0.0 {
        add(map, i, amount.lo(room))
    } else {
        0.0
    }
}

/// The nearest cell to `(x, y)` (x, y ≥ 0, so truncation is floor and avoids a soft
/// floor call).
#[inline]
fn nearest(x: f32, y: f32) -> (i32, i32) {
    ((x + 0.5) as i32, (y + 0.5) as i32)
}

/// Runs one droplet from `(x, y)` (inside `[0, width−1) × [0, height−1)`) until it
/// leaves the map, reaches the sea, stops on a flat or dies, and adds what it moved to
/// `budget`. A start off the map, or a map whose length is not `width × height`, does
/// nothing.
pub fn run_droplet(
    map: &mut [f32],
    width: usize,
    height: usize,
    model: &mut Model,
    start: (f32, f32),
    budget: &mut Budget,
) {
    if width < 2 || height < 2 || map.len() != width * height {
        return;
    }
    let (x_end, y_end) = ((width - 1) as f32, (height - 1) as f32);
    let (mut x, mut y) = start;
    if !(x >= 0.0 && x < x_end && y >= 0.0 && y < y_end) {
        return; // not on the map (or NaN): nothing to do
    }
    let p = &model.params;
    let sea = p.sea_level.unwrap_or(f32::NEG_INFINITY);
    let shore = (sea, below_sea(sea));
    let (mut dx, mut dy) = (0.0f32, 0.0f32);
    let mut speed = p.initial_speed;
    let mut water = p.initial_water;
    let mut sediment = 0.0f64;
    for _ in 0..p.lifetime {
        let (h, gx, gy) = height_and_gradient(map, width, x, y);
        if h <= sea {
            break; // reached the sea
        }
        dx = dx * p.inertia - gx * (1.0 - p.inertia);
        dy = dy * p.inertia - gy * (1.0 - p.inertia);
        let len = (dx * dx + dy * dy).sqrt();
        if len < f32::MIN_POSITIVE {
            break; // on a flat with no momentum
        }
        dx /= len;
        dy /= len;
        let (nx, ny) = (x + dx, y + dy);
        if !(nx >= 0.0 && nx < x_end && ny >= 0.0 && ny < y_end) {
            budget.carried_off += sediment; // carried off the map
            budget.lost += sediment;
            return;
        }
        let h_next = height_and_gradient(map, width, nx, ny).0;
        let dh = h_next - h;
        let capacity = (-dh * speed * water * p.capacity_factor).hi(p.min_capacity);
        if sediment > capacity as f64 || dh > 0.0 {
            // Deposit: fill the pit behind an uphill step, or drop the surplus,
            // bilinearly, no cell above the water (the height climbed to, or its own).
            let (amount, level) = if dh > 0.0 {
                ((dh as f64).lo(sediment), h_next)
            } else {
                ((sediment - capacity as f64) * p.deposit_speed as f64, h)
            };
            let a = amount as f32;
            let (ix, iy) = (x as i32 as usize, y as i32 as usize);
            let (u, v) = (x - ix as f32, y - iy as f32);
            let i = iy * width + ix;
            let put = raise(map, i, a * (1.0 - u) * (1.0 - v), level, shore)
                + raise(map, i + 1, a * u * (1.0 - v), level, shore)
                + raise(map, i + width, a * (1.0 - u) * v, level, shore)
                + raise(map, i + width + 1, a * u * v, level, shore);
            sediment -= put;
            budget.deposited += put;
        } else {
            // Erode through the brush centred on the nearest cell, no cell below the
            // height the droplet reaches or the sea (the base level).
            let amount = ((capacity - sediment as f32) * p.erode_speed).lo(-dh);
            let level = h_next.hi(sea);
            let (cx, cy) = nearest(x, y);
            let mut taken = 0.0f64;
            model.brush.for_each(cx, cy, width, height, |i, w| {
                taken += take(map, i, amount * w, level)
            });
            sediment += taken;
            budget.eroded += taken;
        }
        speed = (speed * speed - dh * p.gravity)
            .hi(0.0)
            .sqrt()
            .lo(p.max_speed);
        water *= 1.0 - p.evaporation;
        x = nx;
        y = ny;
    }
    // What it still carries settles; rounding can leave a droplet owing a trace
    // (negative), which is counted too so the budget balances.
    let put = if sediment > 0.0 {
        let area = &model.settle_area;
        model
            .basin
            .settle(map, (width, height), area, nearest(x, y), sediment, sea)
    } else {
        0.0
    };
    budget.deposited += put;
    let rest = sediment - put;
    if rest != 0.0 {
        if rest > 0.0 && height_and_gradient(map, width, x, y).0 <= sea {
            budget.carried_off += rest; // no room under the sea: carried out to sea
        } else {
            budget.stranded += rest; // the ground around is full to its rim
        }
        budget.lost += rest;
    }
}
