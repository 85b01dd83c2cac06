//! Depression filling: raise every cell that cannot drain until it can, never lowering
//! any, so that every land cell has a strictly descending D8 path to an outlet (the
//! map's border, or a sea cell below `sea_level`).
//!
//! Both methods compute the same surface: the smallest `W ≥ Z` with, for every cell
//! `c` that is not an outlet, `W(c) = max(Z(c), min over neighbours n of raise(W(n)))`,
//! where `raise(w) = w + ε`, or the next `f32` above `w` when that sum rounds back to
//! `w` (so with ε = 0 every step still descends strictly). That fixed point is unique
//! and both methods use the same `raise`, so their outputs agree bit for bit.
//!
//! - [`priority_flood`]: Barnes, Lehman & Mulla, "Priority-Flood: An optimal
//!   depression-filling and watershed-labeling algorithm for digital elevation
//!   models", Computers & Geosciences 62 (2014), the ε variant: cells are flooded
//!   inward from the outlets in order of elevation with a heap, O(n log n). At ε = 0
//!   it runs the same loop over the lakes alone ([`super::lakes`]), as the landscape
//!   model does.
//! - [`planchon_darboux`]: Planchon & Darboux, "A fast, simple and versatile algorithm
//!   to fill the depressions of digital elevation models", Catena 46 (2001): start
//!   from a surface of +∞ over the land and lower it towards `Z` by sweeps in
//!   alternating directions until nothing changes. The reference; slower.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use serde::Deserialize;

use crate::error::{check_range, Error, Result};
use crate::hydrology::lakes::{fill_lakes, LakeScratch};
use crate::hydrology::receivers::{receivers_into, Descent};
use crate::hydrology::{for_neighbours, on_border, order_key};
use crate::order::Order;
use crate::terrain::{check_grid, check_heights, MAX_HEIGHT};

/// Which filling algorithm to run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FillMethod {
    /// `'priority-flood'`: Barnes et al. 2014, O(n log n); at ε = 0 only over the
    /// lakes ([`fill_lakes`]). The default.
    #[default]
    PriorityFlood,
    /// `'planchon-darboux'`: Planchon & Darboux 2001, iterative sweeps.
    PlanchonDarboux,
}

/// Options of [`fill_depressions`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Deserialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct FillParams {
    /// `'priority-flood'` (default) or `'planchon-darboux'`.
    pub method: FillMethod,
    /// Least drop per step along each drainage path, in `[0, 1]`. 0 (the default)
    /// means the smallest possible step: the next `f32` up.
    pub epsilon: f32,
    /// Cells strictly below this height are sea: they drain by definition, like the
    /// border. In `[-1e6, 1e6]`; absent or `null` (the default): only the border drains.
    pub sea_level: Option<f32>,
}

impl FillParams {
    pub fn validate(&self) -> Result<()> {
        check_range("epsilon", self.epsilon as f64, 0.0, 1.0)?;
        if let Some(s) = self.sea_level {
            check_range("seaLevel", s as f64, -1e6, 1e6)?;
        }
        Ok(())
    }
}

/// What a fill did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FillReport {
    /// Cells whose height went up.
    pub raised: usize,
    /// Sweeps over the map (Planchon–Darboux), 1 for Priority-Flood.
    pub passes: usize,
}

/// `w + ε`, or the next `f32` above `w` when the sum does not move it.
#[inline]
pub fn raise(w: f32, epsilon: f32) -> f32 {
    let r = w + epsilon;
    if r > w {
        r
    } else if w == 0.0 {
        f32::from_bits(1)
    } else if w > 0.0 {
        f32::from_bits(w.to_bits() + 1)
    } else {
        f32::from_bits(w.to_bits() - 1)
    }
}

fn is_outlet(i: usize, z: f32, width: usize, height: usize, sea: Option<f32>) -> bool {
    on_border(i, width, height) || sea.is_some_and(|s| z < s)
}

fn check(heights: &[f32], width: usize, height: usize, params: &FillParams) -> Result<()> {
    check_grid("heights", heights.len(), width, height, 1)?;
    params.validate()?;
    check_heights(heights)
}

/// Fills depressions in place with the method `params` names. The result stays in
/// the domain every hydrology step accepts (`[-1e6, 1e6]`, [`check_heights`]): a fill
/// that would raise a cell above it is a RangeError, and `heights` is left as it was.
pub fn fill_depressions(
    heights: &mut [f32],
    width: usize,
    height: usize,
    params: &FillParams,
) -> Result<FillReport> {
    check(heights, width, height, params)?;
    let run = |z: &mut [f32]| match params.method {
        FillMethod::PriorityFlood => priority_flood(z, width, height, params),
        FillMethod::PlanchonDarboux => planchon_darboux(z, width, height, params),
    };
    // Each step of a drainage path adds at most max(ε, one f32 step ≤ 0.125 below 2e6),
    // and a path has fewer steps than the map has cells: below this bound the result
    // cannot leave the domain, and the fill works in place without a copy.
    let top = heights.iter().fold(f32::MIN, |m, &v| m.hi(v)) as f64;
    let step = (params.epsilon as f64).max(0.125);
    if top + step * heights.len() as f64 <= MAX_HEIGHT as f64 {
        return run(heights);
    }
    let mut z = heights.to_vec();
    let report = run(&mut z)?;
    if let Some(i) = z.iter().position(|v| v.abs() > MAX_HEIGHT) {
        return Err(Error::range(
            "heights",
            format!(
                "filling would raise cell {i} to {}, above 1e6 (the heights every hydrology step accepts); lower the map or epsilon",
                z[i]
            ),
        ));
    }
    heights.copy_from_slice(&z);
    Ok(report)
}

/// Priority-Flood+ε (Barnes et al. 2014), seeded with the outlets, lowest first,
/// raised cells through the pit queue instead of the heap ([`flood_from`]).
/// At ε = 0 (the default) it floods only the lakes ([`fill_lakes`]: the cells that
/// drain into pits of the D8 receivers, up to their spill level), which gives the
/// same bits in about two thirds of the time on noisy maps.
pub fn priority_flood(
    z: &mut [f32],
    width: usize,
    height: usize,
    params: &FillParams,
) -> Result<FillReport> {
    check(z, width, height, params)?;
    let sea = params.sea_level;
    let mut closed: Vec<bool> = z
        .iter()
        .enumerate()
        .map(|(i, &v)| is_outlet(i, v, width, height, sea))
        .collect();
    if params.epsilon == 0.0 {
        let mut rec = vec![0u32; z.len()];
        receivers_into(z, width, height, &closed, Descent::Lowest, &mut rec);
        let raised = fill_lakes(z, width, height, &closed, &rec, &mut LakeScratch::default());
        return Ok(FillReport { raised, passes: 1 });
    }
    let seeds: Vec<usize> = (0..z.len()).filter(|&i| closed[i]).collect();
    let mut flood = Flood::default();
    let raised = flood_from(
        z,
        width,
        height,
        params.epsilon,
        &mut closed,
        &seeds,
        &mut flood,
        z.len() - seeds.len(),
        |_| true,
    );
    Ok(FillReport { raised, passes: 1 })
}

/// Scratch of [`flood_from`], reused between calls.
#[derive(Clone, Debug, Default)]
pub(crate) struct Flood {
    /// Final cells not raised, by `(order_key, index)`.
    heap: BinaryHeap<Reverse<u64>>,
    /// Raised cells waiting to flood on (the pit queue): their heights never decrease
    /// from front to back.
    pit: Vec<u32>,
}

/// The Priority-Flood+ε loop: floods the `open` cells not yet `closed` for which
/// `enter` holds from the `seeds` (closed cells whose heights are final), lowest
/// first, and stops when it has closed them all. With seeds = the outlets this is the
/// whole fill; with seeds = the rim of a lake, it computes the same bits for the lake
/// alone (the fixed point is unique, and a cell that drains is never raised). No
/// checks: the caller validated `z`. Returns how many cells were raised.
///
/// A raised cell goes on the pit queue instead of the heap (Barnes et al. 2014, §2.3):
/// cells are raised in order of height and `raise` never decreases, so the queue is
/// sorted, and the next cell is the lower of its front and the heap's top (ties in
/// either order give the same fixed point).
#[allow(clippy::too_many_arguments)]
pub(crate) fn flood_from(
    z: &mut [f32],
    width: usize,
    height: usize,
    eps: f32,
    closed: &mut [bool],
    seeds: &[usize],
    f: &mut Flood,
    mut open: usize,
    enter: impl Fn(usize) -> bool,
) -> usize {
    let Flood { heap, pit } = f;
    heap.clear();
    pit.clear();
    let key = |v: f32, i: usize| ((order_key(v) as u64) << 32) | i as u64;
    for &i in seeds {
        heap.push(Reverse(key(z[i], i)));
    }
    let mut raised = 0;
    let mut head = 0;
    loop {
        let from_pit = match (pit.get(head), heap.peek()) {
            (Some(&p), Some(t)) => key(z[p as usize], p as usize) <= t.0,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => break,
        };
        let c = if from_pit {
            head += 1;
            pit[head - 1] as usize
        } else {
            (heap.pop().unwrap().0 & 0xFFFF_FFFF) as usize
        };
        if head == pit.len() {
            pit.clear();
            head = 0;
        }
        let floor = raise(z[c], eps);
        for_neighbours(c, width, height, |_, n| {
            if !closed[n] && enter(n) {
                closed[n] = true;
                if z[n] < floor {
                    z[n] = floor;
                    raised += 1;
                    pit.push(n as u32);
                } else {
                    heap.push(Reverse(key(z[n], n)));
                }
                open -= 1;
            }
        });
        if open == 0 {
            break;
        }
    }
    raised
}

/// Planchon–Darboux (2001), the "direct" variant: sweeps alternate among four
/// raster orders until one full sweep changes nothing (then `W` is the fixed point).
pub fn planchon_darboux(
    z: &mut [f32],
    width: usize,
    height: usize,
    params: &FillParams,
) -> Result<FillReport> {
    check(z, width, height, params)?;
    let eps = params.epsilon;
    let mut w: Vec<f32> = z
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            if is_outlet(i, v, width, height, params.sea_level) {
                v
            } else {
                f32::INFINITY
            }
        })
        .collect();
    let mut passes = 0;
    if width >= 3 && height >= 3 {
        let wi = width as isize;
        let offsets = [1, wi + 1, wi, wi - 1, -1, -wi - 1, -wi, -wi + 1];
        let mut changed = true;
        while changed {
            let (rev_y, rev_x) = (passes % 2 == 1, passes / 2 % 2 == 1);
            passes += 1;
            changed = false;
            for yy in 1..height - 1 {
                let y = if rev_y { height - 1 - yy } else { yy };
                for xx in 1..width - 1 {
                    let x = if rev_x { width - 1 - xx } else { xx };
                    let c = y * width + x;
                    if w[c] > z[c] && lower_to_drain(&mut w, z[c], c, &offsets, eps) {
                        changed = true;
                    }
                }
            }
        }
    }
    let mut raised = 0;
    for (zi, wi) in z.iter_mut().zip(&w) {
        if *wi > *zi {
            *zi = *wi;
            raised += 1;
        }
    }
    Ok(FillReport { raised, passes })
}

/// One Planchon–Darboux update of interior cell `c`: `W(c) ← min(W(c), max(Z(c),
/// min_n raise(W(n))))`. Returns whether `W(c)` went down.
#[inline]
fn lower_to_drain(w: &mut [f32], zc: f32, c: usize, offsets: &[isize; 8], eps: f32) -> bool {
    let mut best = w[c];
    for &o in offsets {
        let wn = w[(c as isize + o) as usize];
        if wn == f32::INFINITY {
            continue;
        }
        let r = raise(wn, eps);
        if r <= zc {
            best = zc;
            break;
        }
        best = best.lo(r);
    }
    if best < w[c] {
        w[c] = best;
        true
    } else {
        false
    }
}

/// Cells that cannot drain: not an outlet (border, or below `sea_level`) and without
/// a strictly lower D8 neighbour. Empty exactly when every cell has a strictly
/// descending path to an outlet.
pub fn undrained_cells(
    heights: &[f32],
    width: usize,
    height: usize,
    sea_level: Option<f32>,
) -> Result<Vec<usize>> {
    // The same domain as flow_accumulation: finite heights, a finite sea level.
    check_grid("heights", heights.len(), width, height, 1)?;
    if let Some(s) = sea_level {
        check_range("seaLevel", s as f64, -1e6, 1e6)?;
    }
    check_heights(heights)?;
    let mut out = Vec::new();
    for (i, &v) in heights.iter().enumerate() {
        if is_outlet(i, v, width, height, sea_level) {
            continue;
        }
        let mut lower = false;
        for_neighbours(i, width, height, |_, n| lower |= heights[n] < v);
        if !lower {
            out.push(i);
        }
    }
    Ok(out)
}
