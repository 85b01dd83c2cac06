//! Pit filling restricted to the lakes. The model fills with Priority-Flood+ε at
//! ε = 0 (one float step per cell); with ε = 0 a cell is raised only if its receiver
//! is (a cell above its receiver drains through it once that one drains), so every
//! lake sits around a pit of the receiver forest, and everything else keeps its height.
//! Instead of flooding all the cells that drain into pits (on an evolving landscape
//! one pit in a trunk river holds its whole basin: most of the map), this floods only
//! where the water stands:
//!
//! 1. basins: each cell's receiver tree, one per pit, and all trees that end at base
//!    level as one basin (the outside);
//! 2. passes: for each pair of touching basins, the lowest `max(h_a, h_b)` over
//!    neighbouring cells `a`, `b` on either side; the lake level of a basin is then
//!    the lowest, over routes to the outside, of the highest pass on the way: a
//!    Dijkstra-like search over the few basins (the basin graph of Cordonnier, Bovy &
//!    Braun, "A versatile, linear complexity algorithm for flow routing in topographies
//!    with depressions", Earth Surface Dynamics 7, 2019, §2.3, used here to find the
//!    lakes rather than to reroute them);
//! 3. the lakes: the cells below their basin's level, and the pits, are flooded from
//!    their rim with the Priority-Flood loop ([`flood_from`]), the rest held fixed;
//! 4. check: the result is the whole-map fill exactly when every fixed cell next to a
//!    lake (other than base level) still has a strictly lower neighbour (the others
//!    keep theirs: their receivers did not move). A cell that fails (one within a few
//!    float steps of a lake level) joins the lakes, which are flooded again from
//!    their original heights. Then every cell satisfies the fill's fixed-point
//!    equation, whose solution is unique: the same bits as filling the whole map.
//!
//! All passes are O(n) scans in index order; the flood's O(k log k) is over the k lake
//! cells only.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::hydrology::fill::flood_from;
use crate::hydrology::{for_neighbours, order_key, D8};

/// The basin of the cells that drain to base level.
const OUTSIDE: u32 = 0;

/// Scratch buffers of [`fill_pits`], reused between steps.
#[derive(Clone, Debug, Default)]
pub struct PitScratch {
    basin: Vec<u32>,
    /// Lowest pass between two basins: `(low id << 32 | high id, height)`.
    passes: Vec<(u64, f32)>,
    /// The passes as adjacency lists: `start[b]..start[b + 1]` index `links`.
    start: Vec<u32>,
    links: Vec<(u32, f32)>,
    cursor: Vec<u32>,
    level: Vec<f32>,
    queue: BinaryHeap<Reverse<u64>>,
    closed: Vec<bool>,
    /// Lake cells with their heights before the fill.
    lake: Vec<(u32, f32)>,
    seeds: Vec<usize>,
    stamp: Vec<u32>,
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
    let basins = label_basins(rec, stack, outlet, &mut s.basin);
    if basins == 1 {
        return 0;
    }
    collect_passes(z, width, height, &s.basin, &mut s.passes);
    lake_levels(s, basins);
    let n = z.len();
    s.closed.clear();
    s.closed.resize(n, true);
    s.lake.clear();
    for (i, (&b, &r)) in s.basin.iter().zip(rec).enumerate() {
        if b != OUTSIDE && (z[i] < s.level[b as usize] || r as usize == i) {
            s.closed[i] = false;
            s.lake.push((i as u32, z[i]));
        }
    }
    s.stamp.clear();
    s.stamp.resize(n, 0);
    let mut round = 0;
    loop {
        round += 1;
        // The fixed cells next to a lake, each once.
        s.seeds.clear();
        for &(c, _) in &s.lake {
            for_neighbours(c as usize, width, height, |_, m| {
                if s.closed[m] && s.stamp[m] != round {
                    s.stamp[m] = round;
                    s.seeds.push(m);
                }
            });
        }
        flood_from(z, width, height, 0.0, &mut s.closed, &s.seeds, &mut s.queue);
        let before = s.lake.len();
        for &q in &s.seeds {
            let mut lower = false;
            for_neighbours(q, width, height, |_, m| lower |= z[m] < z[q]);
            if !lower && !outlet[q] {
                s.lake.push((q as u32, z[q]));
            }
        }
        if s.lake.len() == before {
            break;
        }
        // Flood again from the original heights with the grown lakes open.
        for &(c, h) in &s.lake {
            z[c as usize] = h;
        }
        s.closed.fill(true);
        for &(c, _) in &s.lake {
            s.closed[c as usize] = false;
        }
    }
    s.lake.iter().filter(|&&(c, h)| z[c as usize] > h).count()
}

/// Labels every cell with its basin into `basin`: [`OUTSIDE`] for trees that end at
/// base level, 1, 2, … for the pits' trees in stack order. Returns the basin count.
fn label_basins(rec: &[u32], stack: &[u32], outlet: &[bool], basin: &mut Vec<u32>) -> usize {
    basin.clear();
    basin.resize(rec.len(), OUTSIDE);
    let mut next = 1;
    for &c in stack {
        let (c, r) = (c as usize, rec[c as usize] as usize);
        basin[c] = if r != c {
            basin[r]
        } else if outlet[c] {
            OUTSIDE
        } else {
            next += 1;
            next - 1
        };
    }
    next as usize
}

/// The lowest pass of each pair of touching basins, sorted by pair.
fn collect_passes(
    z: &[f32],
    width: usize,
    height: usize,
    basin: &[u32],
    passes: &mut Vec<(u64, f32)>,
) {
    passes.clear();
    // E, SE, S, SW: each neighbouring pair once.
    let forward = &D8[..4];
    for y in 0..height {
        for x in 0..width {
            let i = y * width + x;
            let b = basin[i];
            for &(dx, dy) in forward {
                let (nx, ny) = (x as isize + dx as isize, y + dy as usize);
                if nx < 0 || nx as usize >= width || ny >= height {
                    continue;
                }
                let j = ny * width + nx as usize;
                let c = basin[j];
                if b == c {
                    continue;
                }
                let key = ((b.min(c) as u64) << 32) | b.max(c) as u64;
                let pass = z[i].max(z[j]);
                // Runs of the same pair are common along a divide: merge them here.
                match passes.last_mut() {
                    Some((k, p)) if *k == key => *p = p.min(pass),
                    _ => passes.push((key, pass)),
                }
            }
        }
    }
    passes.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    passes.dedup_by_key(|e| e.0);
}

/// Lake level of every basin into `s.level`: the lowest, over routes through touching
/// basins to the outside, of the highest pass crossed (Dijkstra with max for sum).
fn lake_levels(s: &mut PitScratch, basins: usize) {
    s.start.clear();
    s.start.resize(basins + 1, 0);
    for &(k, _) in &s.passes {
        s.start[(k >> 32) as usize + 1] += 1;
        s.start[(k & 0xFFFF_FFFF) as usize + 1] += 1;
    }
    for b in 0..basins {
        s.start[b + 1] += s.start[b];
    }
    s.links.clear();
    s.links.resize(s.start[basins] as usize, (0, 0.0));
    s.cursor.clear();
    s.cursor.extend_from_slice(&s.start[..basins]);
    for &(k, p) in &s.passes {
        let (a, b) = ((k >> 32) as usize, (k & 0xFFFF_FFFF) as usize);
        s.links[s.cursor[a] as usize] = (b as u32, p);
        s.cursor[a] += 1;
        s.links[s.cursor[b] as usize] = (a as u32, p);
        s.cursor[b] += 1;
    }
    s.level.clear();
    s.level.resize(basins, f32::INFINITY);
    s.level[OUTSIDE as usize] = f32::NEG_INFINITY;
    s.queue.clear();
    s.queue.push(Reverse(
        ((order_key(f32::NEG_INFINITY) as u64) << 32) | OUTSIDE as u64,
    ));
    while let Some(Reverse(e)) = s.queue.pop() {
        let b = (e & 0xFFFF_FFFF) as usize;
        let here = s.level[b];
        if order_key(here) as u64 != e >> 32 {
            continue; // a stale entry
        }
        for &(c, pass) in &s.links[s.start[b] as usize..s.start[b + 1] as usize] {
            let l = pass.max(here);
            if l < s.level[c as usize] {
                s.level[c as usize] = l;
                s.queue
                    .push(Reverse(((order_key(l) as u64) << 32) | c as u64));
            }
        }
    }
}
