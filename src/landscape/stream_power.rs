//! The implicit stream-power update of Braun & Willett (2013), §2.4: along the stack,
//! each node's new height solves
//! `(h − h₀) / dt = −K · A^m · ((h − h_r) / L)^n`
//! with its receiver's height `h_r` already updated (the stack puts receivers first).
//! For `n = 1` this is the closed form `h = h_r + (h₀ − h_r) · 1/(1 + F)`, `F = K·A^m·dt/L`;
//! otherwise Newton's method on the drop `d = h − h_r` (their eq. 21), kept inside
//! `[0, d₀]` by bisection, so it cannot overshoot below the receiver for any `n > 0`.
//! A node at or below its receiver (a filled flat) is not eroded, and an eroded node
//! stays at least one `f32` step above its receiver, so erosion makes no new flats.

use crate::hydrology::receivers::receiver_distance;
use crate::order::Order;

/// Erodibility, the area exponent `m`, the slope exponent `n`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StreamPower {
    pub m: f64,
    pub n: f64,
}

/// Newton iterations per node at most; the tolerance below is usually met in 3–8.
const NEWTON_STEPS: usize = 60;

/// Solves `d − d0 + f·dⁿ = 0` for `d ∈ (0, d0]`, `d0 > 0`, `f ≥ 0`.
pub fn solve_drop(d0: f64, f: f64, n: f64) -> f64 {
    if f == 0.0 {
        return d0;
    }
    if n == 1.0 {
        // The reciprocal does not depend on `d0`: along a river each drop waits for
        // the receiver's, and a division there would be on that chain.
        return d0 * (1.0 / (1.0 + f));
    }
    let (mut lo, mut hi) = (0.0f64, d0);
    let mut d = d0;
    for _ in 0..NEWTON_STEPS {
        let p = libm::pow(d, n);
        let g = d - d0 + f * p;
        if g > 0.0 {
            hi = d;
        } else {
            lo = d;
        }
        let slope = 1.0 + n * f * p / d;
        let mut next = d - g / slope;
        if !(next > lo && next < hi) {
            next = 0.5 * (lo + hi);
        }
        if (next - d).abs() <= 1e-13 * d0 {
            return next;
        }
        d = next;
    }
    d
}

/// `A^m` for a drainage area of `count` cells of `cell_area` m² each: from a table for
/// the small counts that most cells have, else the power itself; the same bits either
/// way (the table holds the same `pow` of the same area).
#[derive(Clone, Debug, Default)]
pub struct AreaPower {
    table: Vec<f64>,
    cell_area: f64,
    m: f64,
}

/// Counts below this come from the table.
const TABLE: usize = 4096;

impl AreaPower {
    /// Sets the cell area and `m` (rebuilding the table only when they change).
    pub fn set(&mut self, cell_area: f64, m: f64) {
        if self.table.is_empty() || self.cell_area != cell_area || self.m != m {
            self.cell_area = cell_area;
            self.m = m;
            self.table.clear();
            self.table
                .extend((0..TABLE).map(|c| libm::pow(c as f64 * cell_area, m)));
        }
    }

    #[inline]
    pub fn of(&self, count: u32) -> f64 {
        match self.table.get(count as usize) {
            Some(&p) => p,
            None => libm::pow(count as f64 * self.cell_area, self.m),
        }
    }
}

/// Erodes `z` in place along `stack`. `area_m(i)` is `A^m` of cell `i` (drainage area
/// in m²), `k(i)` its erodibility, `fixed[i]` marks base-level cells (never changed).
#[allow(clippy::too_many_arguments)]
pub fn erode(
    z: &mut [f32],
    width: usize,
    rec: &[u32],
    stack: &[u32],
    area_m: impl Fn(usize) -> f64,
    k: impl Fn(usize) -> f64,
    fixed: &[bool],
    law: StreamPower,
    cell_size: f64,
    dt: f64,
) {
    // The two receiver distances' `Lⁿ`, once.
    let len_n = [
        libm::pow(cell_size, law.n),
        libm::pow(std::f64::consts::SQRT_2 * cell_size, law.n),
    ];
    for &c in stack {
        let (i, r) = (c as usize, rec[c as usize] as usize);
        if r == i || fixed[i] {
            continue;
        }
        let (h0, hr) = (z[i] as f64, z[r] as f64);
        if h0 <= hr {
            continue;
        }
        let diagonal = receiver_distance(i, r, width) != 1.0;
        let f = k(i) * area_m(i) * dt / len_n[diagonal as usize];
        let d = solve_drop(h0 - hr, f, law.n);
        // Rounded to f32 a tiny drop could land on the receiver's height and make a
        // flat (a pit for the next step); keep at least one float step above it.
        z[i] = ((hr + d) as f32).hi(crate::hydrology::fill::raise(z[r], 0.0));
    }
}
