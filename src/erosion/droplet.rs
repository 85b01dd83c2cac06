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
//!   into deposition on maps with negative heights. Here nothing is clamped; the
//!   amount is already bounded by the height the droplet descended.
//!
//! All arithmetic is `+ − × ÷ sqrt floor min max` on `f32`/`f64`, so runs are bit-identical
//! on every platform.

use crate::erosion::{Brush, Budget, ErosionParams};

/// Bilinearly interpolated height and its gradient at `(x, y)`, for
/// `0 ≤ x < width − 1`, `0 ≤ y < height − 1`.
#[inline]
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
fn add(map: &mut [f32], i: usize, d: f32) -> f64 {
    let old = map[i];
    let new = old + d;
    map[i] = new;
    new as f64 - old as f64
}

/// Runs one droplet from `(x, y)` (inside `[0, width−1) × [0, height−1)`) until it
/// leaves the map, stops on a flat or dies, and adds what it moved to `budget`. A start
/// off the map, or a map whose length is not `width × height`, does nothing.
pub fn run_droplet(
    map: &mut [f32],
    width: usize,
    height: usize,
    p: &ErosionParams,
    brush: &Brush,
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
    let (mut dx, mut dy) = (0.0f32, 0.0f32);
    let mut speed = p.initial_speed;
    let mut water = p.initial_water;
    let mut sediment = 0.0f64;
    for _ in 0..p.lifetime {
        let (h, gx, gy) = height_and_gradient(map, width, x, y);
        dx = dx * p.inertia - gx * (1.0 - p.inertia);
        dy = dy * p.inertia - gy * (1.0 - p.inertia);
        let len = (dx * dx + dy * dy).sqrt();
        if len < f32::MIN_POSITIVE {
            break; // on a flat with no momentum: it stays, and so does its load
        }
        dx /= len;
        dy /= len;
        let (nx, ny) = (x + dx, y + dy);
        if !(nx >= 0.0 && nx < x_end && ny >= 0.0 && ny < y_end) {
            budget.carried_off += sediment; // carried off the map
            budget.lost += sediment;
            return;
        }
        let dh = height_and_gradient(map, width, nx, ny).0 - h;
        let capacity = (-dh * speed * water * p.capacity_factor).max(p.min_capacity);
        if sediment > capacity as f64 || dh > 0.0 {
            // Deposit: fill the pit behind an uphill step, or drop the surplus.
            let amount = if dh > 0.0 {
                (dh as f64).min(sediment)
            } else {
                (sediment - capacity as f64) * p.deposit_speed as f64
            };
            let a = amount as f32;
            let (ix, iy) = (x as i32 as usize, y as i32 as usize);
            let (u, v) = (x - ix as f32, y - iy as f32);
            let i = iy * width + ix;
            let put = add(map, i, a * (1.0 - u) * (1.0 - v))
                + add(map, i + 1, a * u * (1.0 - v))
                + add(map, i + width, a * (1.0 - u) * v)
                + add(map, i + width + 1, a * u * v);
            sediment -= put;
            budget.deposited += put;
        } else {
            // Erode through the brush centred on the nearest cell.
            let amount = ((capacity - sediment as f32) * p.erode_speed).min(-dh);
            // Nearest cell: x, y ≥ 0, so truncation is floor (and avoids a soft floor call).
            let (cx, cy) = ((x + 0.5) as i32, (y + 0.5) as i32);
            let mut taken = 0.0f64;
            brush.for_each(cx, cy, width, height, |i, w| {
                taken -= add(map, i, -(amount * w))
            });
            sediment += taken;
            budget.eroded += taken;
        }
        speed = (speed * speed - dh * p.gravity).max(0.0).sqrt();
        water *= 1.0 - p.evaporation;
        x = nx;
        y = ny;
    }
    budget.stranded += sediment;
    budget.lost += sediment;
}
