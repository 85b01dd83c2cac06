//! D8 flow, as Red Blob Games describes it for mapgen4 ("Rivers", redblobgames.com)
//! and `002` repeats: every cell receives one unit of rain; cells are processed from
//! highest to lowest, and each passes everything it holds to its lowest neighbour of
//! 8 (if that neighbour is strictly lower). Cells where the total exceeds a threshold
//! are rivers. [`flow_accumulation`] runs on the O(n) pieces of `landscape` (receivers
//! by the lowest-neighbour rule, Braun & Willett's stack, counts up the reversed stack);
//! [`flow_accumulation_sorted`] is the first version, whose descent order came from
//! one sort (O(n log n)). Both give the same bits: a cell's total is the count of the
//! cells upstream of it in the same receiver forest, whatever order adds them up.

use super::receivers::{receivers_into, Descent};
use super::stack::{stack_into, StackScratch};
use crate::error::{check_len, check_range, Result};
use crate::hydrology::{for_neighbours, on_border, order_key, NO_FLOW};
use crate::terrain::{check_grid, check_heights};

/// Where the rain went, in cells' worth of rain (exact integers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FlowTotals {
    /// Rain that fell: one unit per cell.
    pub rain: u64,
    /// Rain that left: off the map's border, or into the sea (below `sea_level`).
    pub outflow: u64,
    /// Rain stuck in interior cells with no lower neighbour (zero after filling).
    pub ponded: u64,
}

/// The D8 direction of every cell: the index into [`D8`](crate::hydrology::D8) of its
/// lowest neighbour if that one is strictly lower, else [`NO_FLOW`]. Among equally
/// low neighbours the first in `D8` order wins.
pub fn flow_directions(heights: &[f32], width: usize, height: usize) -> Result<Vec<u8>> {
    check_grid("heights", heights.len(), width, height, 1)?;
    check_heights(heights)?;
    Ok(directions(heights, width, height))
}

fn directions(z: &[f32], width: usize, height: usize) -> Vec<u8> {
    let mut dirs = vec![NO_FLOW; z.len()];
    for (i, d) in dirs.iter_mut().enumerate() {
        let mut low = z[i];
        for_neighbours(i, width, height, |k, n| {
            if z[n] < low {
                low = z[n];
                *d = k as u8;
            }
        });
    }
    dirs
}

/// The cell that direction `d` of cell `i` points at.
#[inline]
fn target(i: usize, d: u8, width: usize) -> usize {
    let (dx, dy) = crate::hydrology::D8[d as usize];
    ((i / width) as isize + dy as isize) as usize * width
        + ((i % width) as isize + dx as isize) as usize
}

fn check_flow(
    heights: &[f32],
    width: usize,
    height: usize,
    sea_level: Option<f32>,
    acc: &[f32],
) -> Result<()> {
    check_grid("heights", heights.len(), width, height, 1)?;
    check_len("accumulation", acc.len(), heights.len(), "width × height")?;
    if let Some(s) = sea_level {
        check_range("seaLevel", s as f64, -1e6, 1e6)?;
    }
    check_heights(heights)
}

/// D8 flow accumulation into `acc` (one value per cell: the rain that passes through
/// it, its own included). Cells strictly below `sea_level` are sinks that count as
/// outflow; border cells with no lower neighbour pass their water off the map. O(n).
pub fn flow_accumulation(
    heights: &[f32],
    width: usize,
    height: usize,
    sea_level: Option<f32>,
    acc: &mut [f32],
) -> Result<FlowTotals> {
    check_flow(heights, width, height, sea_level, acc)?;
    let sea: Vec<bool> = heights
        .iter()
        .map(|&z| sea_level.is_some_and(|s| z < s))
        .collect();
    let mut rec = vec![0u32; heights.len()];
    receivers_into(heights, width, height, &sea, Descent::Lowest, &mut rec);
    let mut water = vec![0u32; rec.len()];
    stack_into(
        &rec,
        &mut Vec::new(),
        &mut water,
        &mut StackScratch::default(),
    );
    let mut totals = FlowTotals {
        rain: heights.len() as u64,
        ..FlowTotals::default()
    };
    for (i, &r) in rec.iter().enumerate() {
        if r as usize == i {
            if sea[i] || on_border(i, width, height) {
                totals.outflow += water[i] as u64;
            } else {
                totals.ponded += water[i] as u64;
            }
        }
    }
    for (a, &w) in acc.iter_mut().zip(&water) {
        *a = w as f32;
    }
    Ok(totals)
}

/// The same as [`flow_accumulation`], bit for bit, by the first method: cells sorted
/// highest first, each passing its water down (O(n log n)). Kept as the reference.
pub fn flow_accumulation_sorted(
    heights: &[f32],
    width: usize,
    height: usize,
    sea_level: Option<f32>,
    acc: &mut [f32],
) -> Result<FlowTotals> {
    check_flow(heights, width, height, sea_level, acc)?;
    let dirs = directions(heights, width, height);
    // Highest first; equal heights by index (they never pass water to each other).
    let mut order: Vec<u64> = heights
        .iter()
        .enumerate()
        .map(|(i, &v)| ((!order_key(v) as u64) << 32) | i as u64)
        .collect();
    order.sort_unstable();
    let mut water = vec![1u32; heights.len()];
    let mut totals = FlowTotals {
        rain: heights.len() as u64,
        ..FlowTotals::default()
    };
    for &k in &order {
        let i = (k & 0xFFFF_FFFF) as usize;
        let sea = sea_level.is_some_and(|s| heights[i] < s);
        if sea || dirs[i] == NO_FLOW {
            if sea || on_border(i, width, height) {
                totals.outflow += water[i] as u64;
            } else {
                totals.ponded += water[i] as u64;
            }
        } else {
            let t = target(i, dirs[i], width);
            water[t] += water[i];
        }
    }
    for (a, &w) in acc.iter_mut().zip(&water) {
        *a = w as f32;
    }
    Ok(totals)
}

/// Marks rivers: `mask[i] = 1` where `accumulation[i] > threshold`, else 0. Returns
/// how many cells are river. `threshold` must be finite and ≥ 0.
pub fn river_mask(accumulation: &[f32], threshold: f32, mask: &mut [u8]) -> Result<usize> {
    check_range("threshold", threshold as f64, 0.0, f32::MAX as f64)?;
    check_len("mask", mask.len(), accumulation.len(), "one per cell")?;
    // What flow_accumulation could have produced: finite, non-negative amounts.
    if let Some(i) = accumulation
        .iter()
        .position(|a| !(a.is_finite() && *a >= 0.0))
    {
        return Err(crate::Error::range(
            "accumulation",
            format!(
                "must hold finite amounts ≥ 0; index {i} is {}",
                accumulation[i]
            ),
        ));
    }
    let mut rivers = 0;
    for (m, &a) in mask.iter_mut().zip(accumulation) {
        *m = (a > threshold) as u8;
        rivers += *m as usize;
    }
    Ok(rivers)
}
