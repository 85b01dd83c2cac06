//! Depression filling at ε = 0 (one float step per cell) restricted to the lakes. With
//! ε = 0 a cell is raised only if its receiver is (a cell above its receiver drains
//! through it once that one drains; any receiver strictly lower than its cell will do),
//! so every lake sits around a pit of the receiver forest, and everything else keeps
//! its height. Instead of flooding every cell that drains into a pit (on an evolving
//! landscape one pit in a trunk river holds its whole basin, most of the map; on a
//! noisy island most cells drain into some small pit), this floods only where the
//! water stands:
//!
//! 1. basins: each cell's receiver tree, one per pit, and all trees that end at an
//!    outlet as one basin (the outside);
//! 2. passes: for each pair of touching basins, the lowest `max(h_a, h_b)` over
//!    neighbouring cells `a`, `b` on either side; the lake level of a basin is then
//!    the lowest, over routes to the outside, of the highest pass on the way: a
//!    Dijkstra-like search over the few basins (the basin graph of Cordonnier, Bovy &
//!    Braun, "A versatile, linear complexity algorithm for flow routing in topographies
//!    with depressions", Earth Surface Dynamics 7, 2019, §2.3, used here to find the
//!    lakes rather than to reroute them);
//! 3. the lakes: the cells up to a few float steps above their basin's level
//!    ([`NEAR_LEVEL`]), and the pits, are flooded from their rim with the
//!    Priority-Flood loop ([`flood_from`]), the rest held fixed;
//! 4. check: the result is the whole-map fill exactly when every fixed cell next to a
//!    lake (other than an outlet) still has a strictly lower neighbour (the others
//!    keep theirs: their receivers did not move). A cell that fails (one within a few
//!    float steps of a lake level) joins the lakes, which are flooded again from
//!    their original heights. Then every cell satisfies the fill's fixed-point
//!    equation, whose solution is unique: the same bits as filling the whole map.
//!
//! The passes are O(n) scans in index order; the flood's O(k log k) is over the k lake
//! cells only.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::hydrology::fill::{flood_from, Flood};
use crate::hydrology::{for_neighbours, order_key, D8};
use crate::order::Order;

/// The basin of the cells that drain to base level.
const OUTSIDE: u32 = 0;

/// How many float steps above its basin's lake level a cell may be and still join the
/// lake before the flood. The flood raises a lake's surface by one float step per cell
/// along its paths, so a fixed cell beside the lake just above the level can end with
/// no lower neighbour left; the check (step 4) then takes it in and floods its lake
/// again, from the start. On a 1024² fBm map that second and third flood of the
/// largest lakes took a third of the fill. A cell taken in early that needs no raising
/// keeps its height (the flood never raises a cell that drains), so the result is the
/// same bits; the lakes grow by the few cells this close to their level (462 on that
/// map, beside 322 852).
const NEAR_LEVEL: u32 = 1024;

/// Scratch buffers of [`fill_lakes`], reused between calls.
#[derive(Clone, Debug, Default)]
pub struct LakeScratch {
    basin: Vec<u32>,
    /// Passes between two basins: `(low id << 32 | high id, height)`.
    passes: Vec<(u64, f32)>,
    /// The passes as adjacency lists: `start[b]..start[b + 1]` index `links`.
    start: Vec<u32>,
    links: Vec<(u32, f32)>,
    cursor: Vec<u32>,
    level: Vec<f32>,
    /// `order_key` of each basin's level plus [`NEAR_LEVEL`]: the highest key that
    /// joins its lake.
    near: Vec<u32>,
    queue: BinaryHeap<Reverse<u64>>,
    flood: Flood,
    closed: Vec<bool>,
    /// Lake cells with their heights before the fill.
    lake: Vec<(u32, f32)>,
    /// The rims of the lakes flooded in a round.
    seeds: Vec<usize>,
    /// The lake each lake cell was last flooded with (0: none).
    comp: Vec<u32>,
    /// The last lake id handed out, in this call or an earlier one.
    last_id: u32,
    /// The last lake whose rim took each cell.
    stamp: Vec<u32>,
    /// Lakes to flood again.
    redo: Vec<bool>,
    todo: Vec<u32>,
}

/// Fills the depressions of `z` in place (ε = one float step). `outlet` marks the
/// outlets (base level); `rec` are receivers of `z` (each cell's own index for outlets
/// and cells with no strictly lower neighbour, else a strictly lower D8 neighbour).
/// Returns how many cells were raised. No checks: the caller validated `z`.
pub fn fill_lakes(
    z: &mut [f32],
    width: usize,
    height: usize,
    outlet: &[bool],
    rec: &[u32],
    s: &mut LakeScratch,
) -> usize {
    fill_lakes_near(z, width, height, outlet, rec, s, NEAR_LEVEL).0
}

/// [`fill_lakes`] taking in cells up to `near` float steps above their lake's level
/// before the flood. Also returns how many floods it took (1 when the check took no
/// cell in).
#[allow(clippy::too_many_arguments)]
fn fill_lakes_near(
    z: &mut [f32],
    width: usize,
    height: usize,
    outlet: &[bool],
    rec: &[u32],
    s: &mut LakeScratch,
    near: u32,
) -> (usize, usize) {
    s.lake.clear();
    let basins = label_basins(rec, outlet, &mut s.basin);
    if basins == 1 {
        return (0, 0);
    }
    collect_passes(z, width, height, &s.basin, &mut s.passes);
    lake_levels(s, basins);
    let n = z.len();
    // `closed` is all true between calls (every lake cell is closed again at the end),
    // so it is cleared only when the map size changes.
    if s.closed.len() != n {
        s.closed.clear();
        s.closed.resize(n, true);
    }
    s.near.clear();
    s.near
        .extend(s.level.iter().map(|&l| order_key(l).saturating_add(near)));
    s.lake.clear();
    for (i, (&b, &r)) in s.basin.iter().zip(rec).enumerate() {
        if b != OUTSIDE && (order_key(z[i]) <= s.near[b as usize] || r as usize == i) {
            s.closed[i] = false;
            s.lake.push((i as u32, z[i]));
        }
    }
    // Lake ids go on from the last call's, so `comp` and `stamp`, only ever compared
    // with the current call's ids, need clearing only when the size changes or the ids
    // would run out: an evolving landscape fills a few lakes on a big map every step.
    if s.comp.len() != n || s.last_id > u32::MAX - n as u32 {
        s.comp.clear();
        s.comp.resize(n, 0);
        s.stamp.clear();
        s.stamp.resize(n, 0);
        s.last_id = 0;
    }
    let first = s.last_id;
    let mut comps = first;
    let mut floods = 0;
    loop {
        floods += 1;
        // Flood each open lake (a connected set of open cells) from its own rim, so
        // each heap holds one lake's rim, not all of them.
        s.seeds.clear();
        for k in 0..s.lake.len() {
            let c = s.lake[k].0 as usize;
            if !s.closed[c] {
                comps += 1;
                flood_lake(z, width, height, c, comps, s);
            }
        }
        let before = s.lake.len();
        for k in 0..s.seeds.len() {
            let q = s.seeds[k];
            let mut lower = false;
            for_neighbours(q, width, height, |_, m| lower |= z[m] < z[q]);
            if !lower && !outlet[q] && s.closed[q] {
                s.closed[q] = false;
                s.lake.push((q as u32, z[q]));
            }
        }
        if s.lake.len() == before {
            break;
        }
        // Flood again, from their original heights, the lakes next to the cells that
        // joined (the joined cells are open already).
        // `redo[id - first]`; ids up to `first` are older calls' (or none).
        s.redo.clear();
        s.redo.resize((comps - first) as usize + 1, false);
        for &(q, _) in &s.lake[before..] {
            for_neighbours(q as usize, width, height, |_, m| {
                s.redo[s.comp[m].saturating_sub(first) as usize] = true;
            });
        }
        s.redo[0] = false;
        for &(c, h) in &s.lake[..before] {
            if s.redo[(s.comp[c as usize] - first) as usize] {
                z[c as usize] = h;
                s.closed[c as usize] = false;
            }
        }
    }
    s.last_id = comps;
    for &(c, _) in &s.lake {
        s.closed[c as usize] = true;
    }
    let raised = s.lake.iter().filter(|&&(c, h)| z[c as usize] > h).count();
    (raised, floods)
}

impl LakeScratch {
    /// The cells the last [`fill_lakes`] flooded (raised or not): only their heights
    /// can have changed.
    pub fn lake_cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.lake.iter().map(|&(c, _)| c as usize)
    }
}

/// Floods the open lake around `start` (lake number `id`) from its rim, appending
/// the rim to `s.seeds`.
fn flood_lake(
    z: &mut [f32],
    width: usize,
    height: usize,
    start: usize,
    id: u32,
    s: &mut LakeScratch,
) {
    let LakeScratch {
        closed,
        comp,
        stamp,
        seeds,
        todo,
        flood,
        ..
    } = s;
    let first = seeds.len();
    todo.clear();
    todo.push(start as u32);
    comp[start] = id;
    let mut cells = 1;
    while let Some(c) = todo.pop() {
        for_neighbours(c as usize, width, height, |_, m| {
            if !closed[m] {
                if comp[m] != id {
                    comp[m] = id;
                    cells += 1;
                    todo.push(m as u32);
                }
            } else if stamp[m] != id {
                stamp[m] = id;
                seeds.push(m);
            }
        });
    }
    // Open cells next to this lake belong to it; only a rim cell shared with another
    // lake sees open cells of that one, which wait for their own flood.
    let comp = &*comp;
    let rim = &seeds[first..];
    flood_from(z, width, height, 0.0, closed, rim, flood, cells, |m| {
        comp[m] == id
    });
}

/// Labels every cell with its basin into `basin`: [`OUTSIDE`] for trees that end at
/// base level, 1, 2, … for the pits' trees in the order they are found. In index
/// order, a cell whose receiver is labelled takes its label (no walk: about half the
/// cells, those draining back up the scan); any other unlabelled cell walks down its
/// receivers to a labelled cell or a root, then walks the same path again writing the
/// label (each cell is labelled once, on at most two walks: O(n), no stack needed).
/// Returns the basin count.
fn label_basins(rec: &[u32], outlet: &[bool], basin: &mut Vec<u32>) -> usize {
    const UNSEEN: u32 = u32::MAX;
    basin.clear();
    basin.resize(rec.len(), UNSEEN);
    let mut next = 1;
    for i in 0..rec.len() {
        let below = basin[rec[i] as usize];
        if below != UNSEEN {
            basin[i] = below;
            continue;
        }
        if basin[i] != UNSEEN {
            continue;
        }
        let mut c = i;
        while basin[c] == UNSEEN && rec[c] as usize != c {
            c = rec[c] as usize;
        }
        let label = if basin[c] != UNSEEN {
            basin[c]
        } else if outlet[c] {
            OUTSIDE
        } else {
            next += 1;
            next - 1
        };
        let mut c = i;
        while basin[c] == UNSEEN {
            basin[c] = label;
            c = rec[c] as usize;
        }
    }
    next as usize
}

/// Slots of the recent-pairs table of [`collect_passes`] (a power of two, 2^10).
const RECENT: usize = 1024;

/// The passes between touching basins: `(pair, max(h_a, h_b))` for neighbouring cells
/// `a`, `b` in different basins (a pair may repeat; the search keeps the lowest).
fn collect_passes(
    z: &[f32],
    width: usize,
    height: usize,
    basin: &[u32],
    passes: &mut Vec<(u64, f32)>,
) {
    passes.clear();
    // Where each of the recently seen pairs sits in `passes`, by a hash of the pair: a
    // divide between two basins crosses many rows, and merging its passes here leaves
    // the search a few entries per pair instead of one per row (the slots are only a
    // hint: a stale one points at another pair, which is then pushed anew).
    let mut recent = [0u32; RECENT];
    let mut pair = |i: usize, j: usize| {
        let (b, c) = (basin[i], basin[j]);
        if b == c {
            return;
        }
        let key = ((b.min(c) as u64) << 32) | b.max(c) as u64;
        let pass = z[i].hi(z[j]);
        let slot = &mut recent[(key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize];
        match passes.get_mut(*slot as usize) {
            Some((k, p)) if *k == key => *p = p.lo(pass),
            _ => {
                *slot = passes.len() as u32;
                passes.push((key, pass));
            }
        }
    };
    // E, SE, S, SW of each cell: each neighbouring pair once.
    let forward = &D8[..4];
    for y in 0..height {
        for x in 0..width {
            let i = y * width + x;
            // Interior cells whose four forward neighbours share their basin (most of
            // them) take one test instead of four bounded ones.
            if x > 0 && x + 1 < width && y + 1 < height {
                let (b, below) = (basin[i], i + width);
                let same = (basin[i + 1] == b)
                    & (basin[below + 1] == b)
                    & (basin[below] == b)
                    & (basin[below - 1] == b);
                if !same {
                    for j in [i + 1, below + 1, below, below - 1] {
                        pair(i, j);
                    }
                }
                continue;
            }
            for &(dx, dy) in forward {
                let (nx, ny) = (x as isize + dx as isize, y + dy as usize);
                if nx >= 0 && (nx as usize) < width && ny < height {
                    pair(i, ny * width + nx as usize);
                }
            }
        }
    }
}

/// Lake level of every basin into `s.level`: the lowest, over routes through touching
/// basins to the outside, of the highest pass crossed (Dijkstra with max for sum).
fn lake_levels(s: &mut LakeScratch, basins: usize) {
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
            let l = pass.hi(here);
            if l < s.level[c as usize] {
                s.level[c as usize] = l;
                s.queue
                    .push(Reverse(((order_key(l) as u64) << 32) | c as u64));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hydrology::fill::{planchon_darboux, FillParams};
    use crate::hydrology::on_border;
    use crate::hydrology::receivers::{receivers_into, Descent};

    /// A lake one cell wide, `len` cells at 0 in row 2 of a `(len + 3) × 5` map walled
    /// at 1, spilling over a pass at 0.5 into the left border. Above its far end, one
    /// cell `steps` float steps above the pass whose only lower neighbours are in the
    /// lake: the flood raises the lake one step per cell from the pass (and from that
    /// cell), so it ends with no lower neighbour and must join the lake.
    fn channel(len: usize, steps: u32) -> (usize, Vec<f32>) {
        let w = len + 3;
        let mut z = vec![1.0f32; w * 5];
        z[2 * w] = 0.0;
        z[2 * w + 1] = 0.5;
        z[2 * w + 2..2 * w + 2 + len].fill(0.0);
        z[w + len + 1] = f32::from_bits(0.5f32.to_bits() + steps);
        (w, z)
    }

    #[test]
    fn cells_near_the_level_join_before_the_flood_with_the_same_bits() {
        // (lake length, the cell's steps above the pass, floods without the margin and
        // with it): the check's second flood, which the margin makes rare, stays exact.
        for (len, steps, floods) in [(12, 3, [2, 1]), (1100, NEAR_LEVEL + 8, [2, 2])] {
            let (w, z) = channel(len, steps);
            let mut whole = z.clone();
            planchon_darboux(&mut whole, w, 5, &FillParams::default()).unwrap();
            let outlet: Vec<bool> = (0..w * 5).map(|i| on_border(i, w, 5)).collect();
            let mut rec = vec![0u32; w * 5];
            receivers_into(&z, w, 5, &outlet, Descent::Lowest, &mut rec);
            for (want, near) in floods.into_iter().zip([0, NEAR_LEVEL]) {
                let mut local = z.clone();
                let s = &mut LakeScratch::default();
                let (raised, took) = fill_lakes_near(&mut local, w, 5, &outlet, &rec, s, near);
                assert_eq!(
                    (raised, took),
                    (len + 1, want),
                    "lake of {len}, margin {near}"
                );
                let same = local
                    .iter()
                    .zip(&whole)
                    .all(|(a, b)| a.to_bits() == b.to_bits());
                assert!(same, "lake of {len}, margin {near}: not the whole-map fill");
            }
        }
    }
}
