//! Pit filling restricted to where it is needed. A cell that already has a strictly
//! descending path to base level is never raised by Priority-Flood+ε, so only the
//! cells whose receiver tree ends in a pit (not at base level) can change. They are
//! flooded from their rim (the draining cells next to them), at their own heights,
//! with the loop of [`crate::hydrology::priority_flood`]: the same bits as filling the
//! whole map (the fixed point is unique), at a cost of O(n) passes plus O(k log k)
//! for the k cells in depressions instead of O(n log n).

use crate::hydrology::fill::flood_from;
use crate::hydrology::for_neighbours;

/// Scratch buffers of [`fill_pits`], reused between steps.
#[derive(Clone, Debug, Default)]
pub struct PitScratch {
    root: Vec<u32>,
    closed: Vec<bool>,
    seeds: Vec<usize>,
}

/// Fills the depressions of `z` in place (ε = one float step). `outlet` marks base
/// level; `rec` and `stack` are the receivers and stack order of `z`. Returns how
/// many cells were raised.
pub fn fill_pits(
    z: &mut [f32],
    width: usize,
    height: usize,
    outlet: &[bool],
    rec: &[u32],
    stack: &[u32],
    s: &mut PitScratch,
) -> usize {
    let n = z.len();
    s.root.resize(n, 0);
    for &c in stack {
        let r = rec[c as usize];
        s.root[c as usize] = if r == c { c } else { s.root[r as usize] };
    }
    s.closed.clear();
    s.closed.extend(s.root.iter().map(|&r| outlet[r as usize]));
    s.seeds.clear();
    for i in 0..n {
        if s.closed[i] {
            let mut rim = false;
            for_neighbours(i, width, height, |_, m| rim |= !s.closed[m]);
            if rim {
                s.seeds.push(i);
            }
        }
    }
    flood_from(z, width, height, 0.0, &mut s.closed, &s.seeds)
}
